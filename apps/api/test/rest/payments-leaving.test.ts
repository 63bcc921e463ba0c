/**
 * Leaving a locked ride and the organiser's notice of payment marks over HTTP, on a fixed clock
 * (docs/payments.md#still-owed, docs/payments.md#mark-notices): the leave's answer says what is
 * still owed and to whom; the shares list keeps a left row still due until it is paid or waived;
 * marks in any method fold into one unread notice per rider and ride that reaches the organiser's
 * phone at most once per 10 minutes.
 */
import { beforeEach, describe, expect, it } from 'vitest';

import { buildApp } from '../../src/app';
import { PushOutbox } from '../../src/push/outbox';
import type { PushSender } from '../../src/push/send';
import { insertSubscription } from '../../src/repositories/push-repository';
import { addPassenger, createRide, createUser, type TestUser } from '../factories';
import { loginAs, useTestApp } from '../helpers/app';
import { GENEROUS_RATE_LIMITS, testEnv } from '../helpers/env';
import { BrowserPushKeys } from '../helpers/push-service';
import { lockDuePrices } from '../helpers/price-lock';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const START = new Date('2031-03-01T02:00:00.000Z');
let clock = START;
const tick = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

const t = useTestApp({
  build: async (db) => {
    const app = await buildApp({ env: testEnv(GENEROUS_RATE_LIMITS), db, now: () => clock });
    await app.ready();
    return app;
  },
});

let olive: TestUser;
let ann: TestUser;
let ben: TestUser;
let rideId: number;
let annEntry: number;
let benEntry: number;
const cookies = new Map<number, string>();

beforeEach(async () => {
  clock = START;
  olive = await createUser(t.db, { name: 'Olive' });
  ann = await createUser(t.db, { name: 'Ann' });
  ben = await createUser(t.db, { name: 'Ben' });
  // Inside the 48-hour window: the sweep locks the price; SGD 80 plus the riders' stops is SGD 30 a party.
  const ride = await createRide(t.db, olive, {
    date: new Date(START.getTime() + 30 * HOUR),
    maxPassengers: 4,
    cost: 80,
  });
  rideId = ride.id;
  annEntry = (await addPassenger(t.db, ride, ann)).id;
  benEntry = (await addPassenger(t.db, ride, ben)).id;
  cookies.clear();
  for (const user of [olive, ann, ben]) cookies.set(user.id, await loginAs(t.app, user));
});

const as = (user: TestUser) => ({ cookie: cookies.get(user.id) ?? '' });
const get = (user: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: as(user) });
const post = (user: TestUser, url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: as(user), ...(payload ? { payload } : {}) });
const leave = (user: TestUser, entry: number, ride = rideId) =>
  t.app.inject({ method: 'DELETE', url: `/api/rides/${String(ride)}/passengers/${String(entry)}`, headers: as(user) });
const lock = async () => {
  // The payments sweep locks it at the test's clock (a read alone never does).
  expect(await lockDuePrices(t.db, clock)).toBe(1);
  expect((await get(olive, `/api/rides/${String(rideId)}/payments`)).statusCode).toBe(200);
};
const shares = async (user: TestUser) =>
  (await get(user, '/api/users/me/payments/shares')).json<
    { rideId: number; amountDue: number; left: boolean; stillOwed: number; owedTo: string }[]
  >();

describe('DELETE /api/rides/:id/passengers/:id answers what is still owed', () => {
  it('after the lock: the share, owed to the organiser; the shares list keeps it until waived', async () => {
    await lock();
    const res = await leave(ann, annEntry);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Passenger removed successfully',
      passengerId: annEntry,
      stillOwed: 30,
      owedTo: 'Olive',
    });
    expect(res.json<{ ride: { id: number } }>().ride.id).toBe(rideId);
    // Long after the ride went, the row still due is still listed.
    tick(30 * DAY);
    expect(await shares(ann)).toEqual([
      expect.objectContaining({ rideId, amountDue: 30, left: true, stillOwed: 30, owedTo: 'Olive' }),
    ]);
    expect((await post(olive, `/api/rides/${String(rideId)}/payments/${String(annEntry)}/waive`)).statusCode).toBe(200);
    expect(await shares(ann)).toEqual([]);
  });

  it('a paid share leaves nothing owed; the list no longer holds it once the ride is a week gone', async () => {
    await lock();
    expect((await post(ben, `/api/rides/${String(rideId)}/payments/mine`, { method: 'paynow' })).statusCode).toBe(200);
    const res = await leave(ben, benEntry);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ stillOwed: 0, owedTo: null });
    expect(await shares(ben)).toEqual([expect.objectContaining({ rideId, left: true, stillOwed: 0 })]);
    tick(30 * DAY);
    expect(await shares(ben)).toEqual([]);
  });

  it('before the lock nothing is owed: stillOwed is null', async () => {
    const far = await createRide(t.db, olive, {
      date: new Date(START.getTime() + 10 * DAY),
      maxPassengers: 4,
      cost: 80,
    });
    const entry = (await addPassenger(t.db, far, ann)).id;
    const res = await leave(ann, entry, far.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ stillOwed: null, owedTo: null });
  });

  it('the OpenAPI document names the two fields of the answer', async () => {
    const doc = JSON.stringify((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json());
    const path = '/api/rides/{id}/passengers/{passengerId}';
    expect(doc).toContain(path);
    const spec = JSON.parse(doc) as { paths: Record<string, { delete?: unknown }> };
    const answer = JSON.stringify(spec.paths[path]?.delete);
    expect(answer).toContain('"stillOwed"');
    expect(answer).toContain('"owedTo"');
  });

  it('the organiser taking a rider off answers what that rider still owes', async () => {
    await lock();
    const res = await leave(olive, benEntry);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ passengerId: benEntry, stillOwed: 30, owedTo: 'Olive' });
  });
});

describe("the organiser's notice of payment marks", () => {
  let sent: string[];
  const fakeSend: PushSender = async (target) => {
    sent.push(target.endpoint);
  };
  const KEYS = async () => ({ publicKey: 'pk', privateKey: 'sk', subject: 'mailto:ops@example.com' });
  // The sender, as after every commit: whatever the outbox holds goes out.
  const drain = async () => {
    await new PushOutbox({ db: t.db, send: fakeSend, keys: KEYS, now: () => clock }).runOnce();
  };
  const mark = async (user: TestUser, method: string) => {
    const res = await post(user, `/api/rides/${String(rideId)}/payments/mine`, { method });
    expect(res.statusCode).toBe(200);
    await drain();
  };
  const unread = () =>
    t.db
      .selectFrom('notifications')
      .select(['id', 'detail', 'quiet'])
      .where('userId', '=', olive.id)
      .where('kind', '=', 'payment_marked')
      .where('readAt', 'is', null)
      .orderBy('id')
      .execute();

  beforeEach(async () => {
    sent = [];
    const { p256dh, auth } = new BrowserPushKeys().json;
    await insertSubscription(t.db, { userId: olive.id, endpoint: 'https://push.example.com/olive', p256dh, auth });
  });

  it('21 alternating marks in a minute: one unread notice, one push; another after 10 minutes pushes again', async () => {
    for (let i = 0; i < 21; i += 1) {
      await mark(ben, i % 2 === 0 ? 'paynow' : 'revolut');
      tick(2 * SECOND);
    }
    expect(clock.getTime() - START.getTime()).toBeLessThanOrEqual(MINUTE);
    expect(await unread()).toEqual([expect.objectContaining({ detail: 'Ben · SGD 30.00 · PayNow' })]);
    expect(sent).toHaveLength(1);
    tick(10 * MINUTE);
    await mark(ben, 'revolut');
    expect(await unread()).toEqual([expect.objectContaining({ detail: 'Ben · SGD 30.00 · Revolut', quiet: false })]);
    expect(sent).toHaveLength(2);
  });

  it('one notice per rider: another rider has their own, and their own push', async () => {
    await mark(ben, 'paynow');
    await mark(ann, 'cash');
    await mark(ben, 'revolut');
    const rows = await unread();
    expect(rows.map((row) => row.detail).sort()).toEqual(['Ann · SGD 30.00 · Cash', 'Ben · SGD 30.00 · Revolut']);
    expect(sent).toHaveLength(2);
  });

  it('a notice the organiser read stays; a mark within 10 minutes adds a quiet unread one', async () => {
    await mark(ben, 'paynow');
    await t.db.updateTable('notifications').set({ readAt: clock }).where('userId', '=', olive.id).execute();
    tick(MINUTE);
    await mark(ben, 'revolut');
    expect(await unread()).toEqual([expect.objectContaining({ detail: 'Ben · SGD 30.00 · Revolut', quiet: true })]);
    const all = await t.db.selectFrom('notifications').select('id').where('userId', '=', olive.id).execute();
    expect(all).toHaveLength(2);
    expect(sent).toHaveLength(1);
  });
});
