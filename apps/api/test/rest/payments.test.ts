/**
 * The payment paths over HTTP (docs/payments.md): rides depart within the lock window, so the sweep
 * locks them; statuses, refusals, the CSV's formula guard and the PayNow proxy on the profile.
 */
import { beforeEach, describe, expect, it } from 'vitest';

import { addPassenger, createRide, createUser, type TestUser } from '../factories';
import { loginAs, useTestApp } from '../helpers/app';
import { lockDuePrices } from '../helpers/price-lock';

const t = useTestApp();
const HOUR = 3_600_000;

let olive: TestUser;
let ann: TestUser;
let ben: TestUser;
let oliveCookie: string;
let annCookie: string;
let benCookie: string;
let rideId: number;
let annEntry: number;
let benEntry: number;

type Json = Record<string, unknown>;

function call(method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string | null, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Json }),
  });
}

beforeEach(async () => {
  olive = await createUser(t.db, { name: '=Olive', revolutUsername: 'olive' });
  ann = await createUser(t.db, { name: 'Ann' });
  ben = await createUser(t.db, { name: '+Ben' });
  [oliveCookie, annCookie, benCookie] = await Promise.all([
    loginAs(t.app, olive),
    loginAs(t.app, ann),
    loginAs(t.app, ben),
  ]);
  // Inside the 48-hour window from the start: the sweep locks the price (a read alone never does).
  const ride = await createRide(t.db, olive, { date: new Date(Date.now() + 30 * HOUR), maxPassengers: 4, cost: 80 });
  rideId = ride.id;
  annEntry = (await addPassenger(t.db, ride, ann, { location: 'Pasir Ris MRT' })).id;
  benEntry = (await addPassenger(t.db, ride, ben, { location: 'Pasir Ris MRT' })).id;
  expect(await lockDuePrices(t.db)).toBe(1);
});

const paths = () => ({
  list: `/api/rides/${String(rideId)}/payments`,
  mine: `/api/rides/${String(rideId)}/payments/mine`,
  confirm: (entry: number) => `/api/rides/${String(rideId)}/payments/${String(entry)}/confirm`,
  unconfirm: (entry: number) => `/api/rides/${String(rideId)}/payments/${String(entry)}/unconfirm`,
  recalculate: `/api/rides/${String(rideId)}/payments/recalculate`,
  csv: `/api/rides/${String(rideId)}/payments.csv`,
});

describe('GET /api/rides/:id/payments', () => {
  it('answers the locked table; the organiser sees every row, a rider their own, a visitor 401', async () => {
    const organiser = await call('GET', paths().list, oliveCookie);
    expect(organiser.statusCode).toBe(200);
    const body = organiser.json<{ lockedAt: string | null; payments: Json[] }>();
    expect(body.lockedAt).not.toBeNull();
    // SGD 80 over 3 seats: 26.67, 26.67, 26.66.
    expect(body.payments.map((p) => [p.name, p.amountDue, p.status])).toEqual([
      ['=Olive', 26.67, 'confirmed'],
      ['Ann', 26.67, 'due'],
      ['+Ben', 26.66, 'due'],
    ]);
    const rider = await call('GET', paths().list, annCookie);
    expect(rider.json<{ payments: Json[] }>().payments).toMatchObject([
      { name: 'Ann', amountDue: 26.67, revolutLink: 'https://revolut.me/olive?amount=2667&currency=SGD' },
    ]);
    expect((await call('GET', paths().list, null)).statusCode).toBe(401);
    const ride = await call('GET', `/api/rides/${String(rideId)}`, annCookie);
    expect(ride.json<Json>()).toMatchObject({ minPassengers: null, priceLockedAt: body.lockedAt });
  });

  it('refuses members outside the party with 403', async () => {
    const stranger = await createUser(t.db);
    const res = await call('GET', paths().list, await loginAs(t.app, stranger));
    expect(res.statusCode).toBe(403);
  });
});

describe('marking and confirming', () => {
  it('mine → marked-paid; the organiser confirms and unconfirms; riders may not confirm', async () => {
    await call('GET', paths().list, oliveCookie);
    const marked = await call('POST', paths().mine, annCookie, { method: 'duitnow' });
    expect(marked.statusCode).toBe(200);
    expect(marked.json<{ payments: Json[] }>().payments[0]).toMatchObject({ status: 'marked-paid', method: 'duitnow' });

    expect((await call('POST', paths().confirm(annEntry), benCookie)).statusCode).toBe(403);
    const confirmed = await call('POST', paths().confirm(annEntry), oliveCookie);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json<{ payments: Json[] }>().payments[1]).toMatchObject({ name: 'Ann', status: 'confirmed' });
    const unconfirmed = await call('POST', paths().unconfirm(annEntry), oliveCookie);
    expect(unconfirmed.json<{ payments: Json[] }>().payments[1]).toMatchObject({ status: 'marked-paid' });
    expect((await call('POST', paths().confirm(999_999), oliveCookie)).statusCode).toBe(404);
    expect((await call('POST', `/api/rides/${String(rideId)}/payments/abc/confirm`, oliveCookie)).statusCode).toBe(400);
  });

  it('answers 400 for a method outside the list, naming the choices', async () => {
    await call('GET', paths().list, oliveCookie);
    for (const payload of [{ method: 'bitcoin' }, {}]) {
      const res = await call('POST', paths().mine, benCookie, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json<Json>().error).toBe('Method must be one of paynow, revolut, duitnow, tng, cash, other');
    }
  });

  it('recalculate: the organiser only; answers the new split, raising no rider', async () => {
    await call('GET', paths().list, oliveCookie);
    expect((await call('POST', paths().recalculate, annCookie)).statusCode).toBe(403);
    await t.db.deleteFrom('ridePassengers').where('id', '=', benEntry).execute();
    const res = await call('POST', paths().recalculate, oliveCookie);
    expect(res.statusCode).toBe(200);
    // Ben's stale row (his entry gone without a leave) goes; the organiser's row takes it, Ann's stays.
    expect(res.json<{ payments: Json[] }>().payments.map((p) => p.amountDue)).toEqual([53.33, 26.67]);
  });
});

describe('GET /api/rides/:id/payments.csv', () => {
  it('gives the organiser the table with formula-like names made harmless', async () => {
    await call('GET', paths().list, oliveCookie);
    await call('POST', paths().mine, benCookie, { method: 'cash' });
    const res = await call('GET', paths().csv, oliveCookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Name,Seats,Amount due (SGD),Status,Method,Marked paid at,Confirmed at,Refund due (SGD),Top-up due (SGD),Left the ride',
    );
    expect(lines[1]).toMatch(/^'=Olive,1,26\.67,confirmed,,,/);
    expect(lines[3]).toMatch(/^'\+Ben,1,26\.66,marked-paid,cash,/);
    expect((await call('GET', paths().csv, annCookie)).statusCode).toBe(403);
  });
});

describe('PATCH /api/users/:id paynowProxy', () => {
  it('stores an SG mobile or a UEN in normal form and refuses anything else with 400', async () => {
    const url = `/api/users/${String(olive.id)}`;
    const ok = await call('PATCH', url, oliveCookie, { paynowProxy: '+65 8123 4567' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<Json>().paynowProxy).toBe('+6581234567');
    const uen = await call('PATCH', url, oliveCookie, { paynowProxy: '201912345k' });
    expect(uen.json<Json>().paynowProxy).toBe('201912345K');
    const bad = await call('PATCH', url, oliveCookie, { paynowProxy: '+65 6123 4567' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<Json>().error).toMatch(/Singapore mobile number/);
    // Private: a rider's payment row carries the code built from it, never the proxy itself.
    await call('GET', paths().list, oliveCookie);
    const row = (await call('GET', paths().list, annCookie)).json<{ payments: Json[] }>().payments[0];
    expect(typeof row?.paynowPayload).toBe('string');
    expect(JSON.stringify((await call('GET', `/api/rides/${String(rideId)}`, annCookie)).json())).not.toContain(
      '201912345K',
    );
  });
});
