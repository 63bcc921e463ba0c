/**
 * The ledger of a locked ride (docs/payments.md#ledger), through the REST paths: a recorded
 * payment survives a late join, a leave, a waiver and a recalculation; a quote accepted after the
 * lock needs the organiser's confirmation, shows each rider's amount before and after, and leaves
 * amounts that sum to the new total with a top-up for the rider who had paid.
 */
import { beforeEach, describe, expect, it } from 'vitest';

import { addPassenger, createRide, createUser, createVendor, type TestUser } from '../factories';
import { loginAs, useTestApp } from '../helpers/app';
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
  paid: number;
  absorbed: number;
  left: boolean;
  paynowPayload: string | null;
};
type Table = { total: number; payments: Row[] };

let olive: TestUser;
let oliveCookie: string;
let rideId: number;

function call(method: 'GET' | 'POST' | 'DELETE' | 'PATCH', url: string, cookie: string | null, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Json }),
  });
}

const list = () => `/api/rides/${String(rideId)}/payments`;
const target = (entry: number, action: string) => `${list()}/${String(entry)}/${action}`;
const cents = (rows: readonly Row[]) => rows.reduce((sum, row) => sum + Math.round(row.amountDue * 100), 0);
const rowOf = (table: Table, name: string) => table.payments.find((row) => row.name === name && !row.left);

async function table(cookie = oliveCookie): Promise<Table> {
  const res = await call('GET', list(), cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Table>();
}

async function joiner(name: string, seats = 1): Promise<{ user: TestUser; cookie: string }> {
  const user = await createUser(t.db, { name });
  const cookie = await loginAs(t.app, user);
  const res = await call('POST', `/api/rides/${String(rideId)}/join`, cookie, {
    dropoffLocation: 'Pasir Ris MRT',
    passengerCount: seats,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { user, cookie };
}

async function moneyNotices(userId: number): Promise<string[]> {
  const rows = await t.db
    .selectFrom('notifications')
    .select('detail')
    .where('userId', '=', userId)
    .where('rideId', '=', rideId)
    .where('kind', '=', 'payment_amount_changed')
    .execute();
  return rows.map((row) => row.detail ?? '');
}

beforeEach(async () => {
  olive = await createUser(t.db, { name: 'Olive' });
  oliveCookie = await loginAs(t.app, olive);
});

describe('a recorded payment is never erased', () => {
  it('survives a late join, a leave, a waiver and a recalculation: confirmed, refund kept, sum exact', async () => {
    rideId = (await createRide(t.db, olive, { date: new Date(Date.now() + 20 * HOUR), maxPassengers: 6, cost: 120 }))
      .id;
    // Inside the window: the sweep locks it with Olive alone (a read never does).
    expect(await lockDuePrices(t.db)).toBe(1);
    await table();
    await joiner('Ann');
    const ben = await joiner('Ben');
    const cal = await joiner('Cal');
    let now = await table();
    expect(now.payments.map((row) => row.amountDue)).toEqual([30, 30, 30, 30]);
    const benEntry = rowOf(now, 'Ben')?.passengerId ?? 0;
    const calEntry = rowOf(now, 'Cal')?.passengerId ?? 0;
    expect((await call('POST', `${list()}/mine`, ben.cookie, { method: 'paynow' })).statusCode).toBe(200);
    expect((await call('POST', target(benEntry, 'confirm'), oliveCookie)).statusCode).toBe(200);

    // Dan joins with two seats: SGD 20 a seat, Ben is owed SGD 10 back.
    await joiner('Dan', 2);
    now = await table();
    expect(rowOf(now, 'Ben')).toMatchObject({ amountDue: 20, status: 'confirmed', refundDue: 10, paid: 30 });

    // Cal leaves and is waived: the organiser absorbs his share; then the organiser recalculates.
    expect(
      (await call('DELETE', `/api/rides/${String(rideId)}/passengers/${String(calEntry)}`, cal.cookie)).statusCode,
    ).toBe(200);
    expect((await call('POST', target(calEntry, 'waive'), oliveCookie)).statusCode).toBe(200);
    const recalculated = await call('POST', `${list()}/recalculate`, oliveCookie);
    expect(recalculated.statusCode).toBe(200);
    now = recalculated.json<Table>();
    expect(rowOf(now, 'Ben')).toMatchObject({
      amountDue: 20,
      status: 'confirmed',
      refundDue: 10,
      paid: 30,
      topUpDue: 0,
      paynowPayload: null,
    });
    expect(now.payments.map((row) => [row.name, row.amountDue])).toEqual([
      ['Olive', 40],
      ['Ann', 20],
      ['Ben', 20],
      ['Dan', 40],
    ]);
    expect(rowOf(now, 'Olive')).toMatchObject({ absorbed: 16 });
    expect(cents(now.payments)).toBe(12000);
    // Ben still reads his own row as paid, with the refund to come.
    expect((await table(ben.cookie)).payments[0]).toMatchObject({ status: 'confirmed', refundDue: 10 });
  });
});

describe('a price change after the lock', () => {
  let ben: TestUser;
  let benCookie: string;
  let ann: TestUser;
  let acme: TestUser;
  let quoteId: number;

  beforeEach(async () => {
    ann = await createUser(t.db, { name: 'Ann' });
    ben = await createUser(t.db, { name: 'Ben' });
    benCookie = await loginAs(t.app, ben);
    acme = await createVendor(t.db, { companyName: 'Acme Cabs', vehicleSeats: 6 });
    const ride = await createRide(t.db, olive, { date: new Date(Date.now() + 20 * HOUR), cost: 100 });
    rideId = ride.id;
    await addPassenger(t.db, ride, ann, { location: 'Pasir Ris MRT' });
    await addPassenger(t.db, ride, ben, { location: 'Pasir Ris MRT' });
    // One extra stop at SGD 5: SGD 105 in all, SGD 35 each.
    await t.db.updateTable('rides').set({ additionalStops: 1, stopPrice: 5 }).where('id', '=', rideId).execute();
    expect(await lockDuePrices(t.db)).toBe(1);
    expect((await table()).payments.map((row) => row.amountDue)).toEqual([35, 35, 35]);
    expect((await call('POST', `${list()}/mine`, benCookie, { method: 'paynow' })).statusCode).toBe(200);
    const quoted = await call('POST', `/api/rides/${String(rideId)}/quotes`, await loginAs(t.app, acme), {
      price: 140,
    });
    expect(quoted.statusCode, quoted.body).toBe(201);
    quoteId = quoted.json<{ id: number }>().id;
  });

  const acceptUrl = () => `/api/rides/${String(rideId)}/quotes/${String(quoteId)}/accept`;

  it('shows each rider before and after, needs the organiser’s confirmation, then sums to the new total', async () => {
    const preview = await call('GET', `${list()}/preview?cost=140`, oliveCookie);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ locked: true, totalBefore: 105, totalAfter: 145 });
    expect(
      preview.json<{ changes: Json[] }>().changes.map((row) => [row.name, row.before, row.after, row.topUpDue]),
    ).toEqual([
      ['Ann', 35, 48.33, 0],
      ['Ben', 35, 48.33, 13.33],
    ]);
    expect((await call('GET', `${list()}/preview?cost=140`, benCookie)).statusCode).toBe(403);
    expect((await call('GET', `${list()}/preview?cost=abc`, oliveCookie)).statusCode).toBe(400);

    const unconfirmed = await call('POST', acceptUrl(), oliveCookie);
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json<Json>().error).toContain('Ben SGD 35.00 → SGD 48.33');
    // Nothing happened: the ride is not assigned and the amounts stand.
    expect(cents((await table()).payments)).toBe(10500);

    const accepted = await call('POST', acceptUrl(), oliveCookie, { confirmAmounts: true });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const after = await table();
    expect(cents(after.payments)).toBe(14500);
    expect(after.total).toBe(145);
    expect(rowOf(after, 'Ben')).toMatchObject({ amountDue: 48.33, status: 'marked-paid', paid: 35, topUpDue: 13.33 });
    expect(rowOf(after, 'Ann')).toMatchObject({ amountDue: 48.33, status: 'due', topUpDue: 0 });
    // Ben is told why and what is due on top; his code is for the top-up.
    expect(await moneyNotices(ben.id)).toEqual([
      'Quote accepted (SGD 140): SGD 35.00 → SGD 48.33; SGD 13.33 top-up due',
    ]);
    expect(await moneyNotices(ann.id)).toEqual(['Quote accepted (SGD 140): SGD 35.00 → SGD 48.33']);
    const own = (await table(benCookie)).payments[0];
    expect(own?.topUpDue).toBe(13.33);

    // Ben pays the top-up: what he paid grows, the row never went back to due.
    const topped = await call('POST', `${list()}/mine`, benCookie, { method: 'paynow' });
    expect(topped.json<Table>().payments[0]).toMatchObject({ paid: 48.33, topUpDue: 0, status: 'marked-paid' });
  });

  it('a cost edit after the lock takes the same confirmation', async () => {
    const ride = await call('GET', `/api/rides/${String(rideId)}`, oliveCookie);
    const detail = ride.json<Json>();
    const edit = {
      direction: detail.direction,
      maxPassengers: detail.maxPassengers,
      date: detail.date,
      pickupLocation: detail.pickupLocation,
      dropoffLocations: ['Pasir Ris MRT'],
      cost: 130,
    };
    const refused = await call('PATCH', `/api/rides/${String(rideId)}`, oliveCookie, edit);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(cents((await table()).payments)).toBe(10500);
    const saved = await call('PATCH', `/api/rides/${String(rideId)}`, oliveCookie, { ...edit, confirmAmounts: true });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await table();
    expect(cents(after.payments)).toBe(Math.round(after.total * 100));
    expect(rowOf(after, 'Ben')?.topUpDue).toBeGreaterThan(0);
    // A lower cost needs no confirmation and owes Ben a refund instead.
    const lower = await call('PATCH', `/api/rides/${String(rideId)}`, oliveCookie, { ...edit, cost: 60 });
    expect(lower.statusCode, lower.body).toBe(200);
    const cheaper = await table();
    expect(cents(cheaper.payments)).toBe(Math.round(cheaper.total * 100));
    expect(rowOf(cheaper, 'Ben')).toMatchObject({ topUpDue: 0, paid: 35 });
    expect(rowOf(cheaper, 'Ben')?.refundDue).toBeGreaterThan(0);
  });
});
