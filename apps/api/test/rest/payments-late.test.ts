/**
 * Money for last-minute rides (docs/payments.md#after-the-lock): a ride posted for tomorrow locks
 * with the organiser alone, and every join after that splits the total again at once; paid rows
 * that went down owe refunds, leavers keep a `left` row until waived, marking is idempotent and
 * limited, rider notices are coalesced, and joins racing each other or a recalculation add up.
 */
import { beforeEach, describe, expect, it } from 'vitest';

import { createRide, createUser, type TestUser } from '../factories';
import { appsPerTest, loginAs, useTestApp } from '../helpers/app';
import { lockDuePrices } from '../helpers/price-lock';

const t = useTestApp();
const HOUR = 3_600_000;

type Json = Record<string, unknown>;
type Row = {
  passengerId: number;
  name: string;
  amountDue: number;
  status: string;
  refundDue: number;
  topUpDue: number;
  absorbed: number;
  left: boolean;
};
type Table = { total: number; payments: Row[] };

let olive: TestUser;
let oliveCookie: string;
let rideId: number;

function call(method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string | null, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Json }),
  });
}

const list = () => `/api/rides/${String(rideId)}/payments`;
const target = (entry: number, action: string) => `/api/rides/${String(rideId)}/payments/${String(entry)}/${action}`;
const cents = (rows: readonly Row[]) => rows.reduce((sum, row) => sum + Math.round(row.amountDue * 100), 0);

async function table(cookie = oliveCookie): Promise<Table> {
  const res = await call('GET', list(), cookie);
  expect(res.statusCode).toBe(200);
  return res.json<Table>();
}

/** A member who joins through POST /api/rides/:id/join at the organiser's pick-up (no new stop). */
async function joiner(name: string, location = 'Pasir Ris MRT'): Promise<{ user: TestUser; cookie: string }> {
  const user = await createUser(t.db, { name });
  const cookie = await loginAs(t.app, user);
  const res = await call('POST', `/api/rides/${String(rideId)}/join`, cookie, {
    dropoffLocation: location,
    passengerCount: 1,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { user, cookie };
}

async function unreadMoneyNotices(userId: number): Promise<{ kind: string; detail: string | null }[]> {
  return t.db
    .selectFrom('notifications')
    .select(['kind', 'detail'])
    .where('userId', '=', userId)
    .where('rideId', '=', rideId)
    .where('kind', 'in', ['price_locked', 'payment_amount_changed', 'payment_reminder'])
    .where('readAt', 'is', null)
    .execute();
}

beforeEach(async () => {
  olive = await createUser(t.db, { name: 'Olive' });
  oliveCookie = await loginAs(t.app, olive);
  // Posted for tomorrow: inside the 48-hour window, so the sweep locks it with Olive alone.
  rideId = (await createRide(t.db, olive, { date: new Date(Date.now() + 20 * HOUR), maxPassengers: 4, cost: 80 })).id;
  expect(await lockDuePrices(t.db)).toBe(1);
  const locked = await table();
  expect(locked.payments.map((row) => [row.name, row.amountDue, row.status])).toEqual([['Olive', 80, 'confirmed']]);
});

describe('a join after the lock', () => {
  it('gives the newcomer their share at once; nobody pays more; paid rows owe a refund the organiser settles', async () => {
    const ann = await joiner('Ann');
    const annRow = (await table(ann.cookie)).payments[0];
    expect(annRow).toMatchObject({ name: 'Ann', amountDue: 40, status: 'due', refundDue: 0, left: false });
    expect(cents((await table()).payments)).toBe(8000);
    expect((await call('POST', `${list()}/mine`, ann.cookie, { method: 'paynow' })).statusCode).toBe(200);

    const ben = await joiner('Ben');
    let organiser = await table();
    expect(organiser.payments.map((row) => [row.name, row.amountDue, row.status, row.refundDue])).toEqual([
      ['Olive', 26.67, 'confirmed', 0],
      ['Ann', 26.67, 'marked-paid', 13.33],
      ['Ben', 26.66, 'due', 0],
    ]);
    expect(cents(organiser.payments)).toBe(8000);
    expect(organiser.total).toBe(80);
    expect((await table(ben.cookie)).payments[0]).toMatchObject({ amountDue: 26.66, status: 'due' });

    await joiner('Cal');
    organiser = await table();
    expect(organiser.payments.map((row) => row.amountDue)).toEqual([20, 20, 20, 20]);
    expect(cents(organiser.payments)).toBe(8000);
    // Olive's own row stays confirmed and owes nothing back; Ann's refund adds up: 40 paid, 20 due.
    expect(organiser.payments[0]).toMatchObject({ status: 'confirmed', refundDue: 0 });
    const annEntry = organiser.payments[1]?.passengerId ?? 0;
    expect((await table(ann.cookie)).payments[0]).toMatchObject({ refundDue: 20 });

    const byAnn = await call('POST', target(annEntry, 'refunded'), ann.cookie);
    expect(byAnn.statusCode).toBe(403);
    const settled = await call('POST', target(annEntry, 'refunded'), oliveCookie);
    expect(settled.statusCode).toBe(200);
    expect(settled.json<Table>().payments[1]).toMatchObject({ name: 'Ann', refundDue: 0, status: 'marked-paid' });
    const again = await call('POST', target(annEntry, 'refunded'), oliveCookie);
    expect(again.statusCode).toBe(409);
    expect(again.json<Json>().error).toBe('Nothing to refund to Ann: no refund is owed on their row');
  });

  it('a join that adds a stop splits the larger total: the sum is exact and nobody already on pays more', async () => {
    await joiner('Ann');
    const before = (await table()).payments.map((row) => row.amountDue);
    await joiner('Ben', 'Tampines Mall');
    const after = (await table()).payments;
    expect(cents(after)).toBe(8500);
    after
      .slice(0, before.length)
      .forEach((row, index) => expect(row.amountDue).toBeLessThanOrEqual(before[index] ?? 0));
  });

  it('tells each rider once: money notices about one ride are coalesced into the newest', async () => {
    const ann = await joiner('Ann');
    await joiner('Ben');
    await joiner('Cal');
    const notices = await unreadMoneyNotices(ann.user.id);
    expect(notices).toEqual([{ kind: 'payment_amount_changed', detail: 'SGD 26.67 → SGD 20.00' }]);
  });
});

describe('a leave after the lock', () => {
  it('keeps the row marked left until the organiser waives it; nobody else moves', async () => {
    const ann = await joiner('Ann');
    const ben = await joiner('Ben');
    const before = await table();
    const benEntry = before.payments[2]?.passengerId ?? 0;
    const annEntry = before.payments[1]?.passengerId ?? 0;
    expect(
      (await call('DELETE', `/api/rides/${String(rideId)}/passengers/${String(benEntry)}`, ben.cookie)).statusCode,
    ).toBe(200);
    const after = await table();
    expect(after.payments.map((row) => [row.name, row.amountDue, row.left])).toEqual([
      ['Olive', 26.67, false],
      ['Ann', 26.67, false],
      ['Ben', 26.66, true],
    ]);
    expect(cents(after.payments)).toBe(8000);
    // Ben still sees what he owes, and his shares say he left.
    expect((await table(ben.cookie)).payments[0]).toMatchObject({ amountDue: 26.66, left: true });
    const shares = await call('GET', '/api/users/me/payments/shares', ben.cookie);
    expect(shares.json()).toEqual([
      expect.objectContaining({ rideId, amountDue: 26.66, left: true, stillOwed: 26.66 }),
    ]);

    // A newcomer splits only what Ben does not owe.
    await joiner('Cal');
    const withCal = await table();
    expect(cents(withCal.payments)).toBe(8000);
    expect(withCal.payments.find((row) => row.name === 'Ben')).toMatchObject({ amountDue: 26.66, left: true });

    expect((await call('POST', target(benEntry, 'waive'), ann.cookie)).statusCode).toBe(403);
    const notLeft = await call('POST', target(annEntry, 'waive'), oliveCookie);
    expect(notLeft.statusCode).toBe(409);
    expect(notLeft.json<Json>().error).toBe('Ann has not left the ride: there is nothing to waive');
    const waived = await call('POST', target(benEntry, 'waive'), oliveCookie);
    expect(waived.statusCode).toBe(200);
    // The organiser absorbs Ben's share: no rider pays more (docs/payments.md#ledger).
    expect(waived.json<Table>().payments.map((row) => [row.name, row.amountDue])).toEqual([
      ['Olive', 44.44],
      ['Ann', 17.78],
      ['Cal', 17.78],
    ]);
    expect(waived.json<Table>().payments[0]).toMatchObject({ absorbed: 17.77 });
    expect((await call('POST', target(benEntry, 'waive'), oliveCookie)).statusCode).toBe(404);

    const recalculated = await call('POST', `${list()}/recalculate`, oliveCookie);
    expect(recalculated.json<Table>().payments.map((row) => row.amountDue)).toEqual([44.44, 17.78, 17.78]);
  });

  it('refuses to waive a leaver who already paid', async () => {
    const ann = await joiner('Ann');
    await call('POST', `${list()}/mine`, ann.cookie, { method: 'cash' });
    const annEntry = (await table()).payments[1]?.passengerId ?? 0;
    await call('DELETE', `/api/rides/${String(rideId)}/passengers/${String(annEntry)}`, ann.cookie);
    const res = await call('POST', target(annEntry, 'waive'), oliveCookie);
    expect(res.statusCode).toBe(409);
    expect(res.json<Json>().error).toBe('Ann already paid their share: there is nothing to waive');
  });
});

describe('marking paid', () => {
  async function organiserNotices(): Promise<number> {
    const rows = await t.db
      .selectFrom('notifications')
      .select('id')
      .where('userId', '=', olive.id)
      .where('kind', '=', 'payment_marked')
      .execute();
    return rows.length;
  }

  it('the same again changes nothing and tells nobody; a change of method replaces the unread notice', async () => {
    const ann = await joiner('Ann');
    const first = await call('POST', `${list()}/mine`, ann.cookie, { method: 'paynow' });
    const markedAt = first.json<{ payments: Json[] }>().payments[0]?.markedAt;
    await Promise.all(
      Array.from({ length: 10 }, () => call('POST', `${list()}/mine`, ann.cookie, { method: 'paynow' })),
    );
    expect(await organiserNotices()).toBe(1);
    expect((await table(ann.cookie)).payments[0]).toMatchObject({ markedAt });
    await call('POST', `${list()}/mine`, ann.cookie, { method: 'cash' });
    // One unread notice per rider and ride, whatever the method (docs/payments.md#mark-notices).
    expect(await organiserNotices()).toBe(1);
    const notice = await t.db
      .selectFrom('notifications')
      .select('detail')
      .where('userId', '=', olive.id)
      .where('kind', '=', 'payment_marked')
      .executeTakeFirstOrThrow();
    expect(notice.detail).toMatch(/· Cash$/);
  });

  it('"n of m paid" counts the riders, not the organiser', async () => {
    const ann = await joiner('Ann');
    await joiner('Ben');
    let progress = (await call('GET', '/api/users/me/payments/progress', oliveCookie)).json<Json[]>();
    expect(progress).toEqual([{ rideId, paid: 0, total: 2 }]);
    await call('POST', `${list()}/mine`, ann.cookie, { method: 'cash' });
    progress = (await call('GET', '/api/users/me/payments/progress', oliveCookie)).json<Json[]>();
    expect(progress).toEqual([{ rideId, paid: 1, total: 2 }]);
  });

  it('the CSV writes times in Singapore time with the offset', async () => {
    const ann = await joiner('Ann');
    await call('POST', `${list()}/mine`, ann.cookie, { method: 'cash' });
    const lines = (await call('GET', `${list()}.csv`, oliveCookie)).body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Name,Seats,Amount due (SGD),Status,Method,Marked paid at,Confirmed at,Refund due (SGD),Top-up due (SGD),Left the ride',
    );
    expect(lines[2]).toMatch(
      /^Ann,1,40\.00,marked-paid,cash,\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00,,0\.00,0\.00,no$/,
    );
    const stored = await t.db
      .selectFrom('ridePayments')
      .select('markedAt')
      .where('rideId', '=', rideId)
      .where('userId', '=', ann.user.id)
      .executeTakeFirstOrThrow();
    const written = lines[2]?.split(',')[5] ?? '';
    expect(new Date(written).getTime()).toBe(Math.floor((stored.markedAt?.getTime() ?? 0) / 1000) * 1000);
  });
});

describe('races', () => {
  it('joins at once, and a join racing a recalculation, leave amounts that sum exactly to the total', async () => {
    const members = await Promise.all(['Ann', 'Ben', 'Cal'].map((name) => createUser(t.db, { name })));
    const cookies = await Promise.all(members.map((member) => loginAs(t.app, member)));
    const join = (cookie: string) =>
      call('POST', `/api/rides/${String(rideId)}/join`, cookie, {
        dropoffLocation: 'Pasir Ris MRT',
        passengerCount: 1,
      });
    const results = await Promise.all([
      join(cookies[0] ?? ''),
      join(cookies[1] ?? ''),
      call('POST', `${list()}/recalculate`, oliveCookie),
      join(cookies[2] ?? ''),
    ]);
    expect(results.map((res) => res.statusCode)).toEqual([201, 201, 200, 201]);
    const rows = (await table()).payments;
    expect(rows).toHaveLength(4);
    expect(cents(rows)).toBe(8000);
    expect(rows.map((row) => row.amountDue)).toEqual([20, 20, 20, 20]);
  });
});

describe('limits', () => {
  const openApp = appsPerTest(() => t.db);

  it('payment writes beyond RATE_LIMIT_PAYMENT_PER_HOUR answer 429 with the reason', async () => {
    const app = await openApp({ RATE_LIMIT_PAYMENT_PER_HOUR: '2' });
    const ann = await createUser(t.db, { name: 'Ann' });
    const cookie = await loginAs(app, ann);
    const join = await app.inject({
      method: 'POST',
      url: `/api/rides/${String(rideId)}/join`,
      headers: { cookie },
      payload: { dropoffLocation: 'Pasir Ris MRT', passengerCount: 1 },
    });
    expect(join.statusCode).toBe(201);
    const mark = () =>
      app.inject({ method: 'POST', url: `${list()}/mine`, headers: { cookie }, payload: { method: 'cash' } });
    expect((await mark()).statusCode).toBe(200);
    expect((await mark()).statusCode).toBe(200);
    const refused = await mark();
    expect(refused.statusCode).toBe(429);
    expect(refused.json<Json>().error).toMatch(/^Too many requests\. Please try again in \d+ minutes?\.$/);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});
