/**
 * Payments through the procedures at an injected clock (docs/payments.md): the lock and its split,
 * the lock on read, the minimum notice, the reminder, recalculation, marking and confirming, the
 * PayNow payload, and two locks racing.
 */
import { connectDatabase } from '@rideshare/db';
import { decodeEmvco } from '@rideshare/domain';
import { beforeEach, describe, expect, inject, it } from 'vitest';

import { lockAndSettle, sweepPayments } from '../../src/services/payment-lock-service';
import { addPassenger, createRide, createUser, type TestUser } from '../factories';
import { useTestDatabase } from '../helpers/db';
import { callerFor, refusal } from '../helpers/rides';

const t = useTestDatabase();
const serverMode = inject('dbMode') === 'server';
const noLog = { error: () => undefined };
const HOUR = 3_600_000;

// Departure Friday 14 Jun 2030, 9:00 am Singapore time; the price locks 48 hours before.
const DEPARTURE = new Date('2030-06-14T01:00:00Z');
const at = (hoursBefore: number) => new Date(DEPARTURE.getTime() - hoursBefore * HOUR);

let olive: TestUser;
let ann: TestUser;
let ben: TestUser;
let stranger: TestUser;

beforeEach(async () => {
  olive = await createUser(t.db, { name: 'Olive', revolutUsername: 'olive' });
  ann = await createUser(t.db, { name: 'Ann' });
  ben = await createUser(t.db, { name: 'Ben' });
  stranger = await createUser(t.db, { name: 'Stranger' });
});

const as = (user: TestUser, now: Date) => callerFor(t.db, user, { now: () => now });

/** A ride of SGD 85 (80 + one stop): Olive 1 seat, Ann 2, Ben 1. */
async function pricedRide(): Promise<{ id: number; annEntry: number; benEntry: number; oliveEntry: number }> {
  const ride = await createRide(t.db, olive, { date: DEPARTURE, maxPassengers: 6, cost: 80 });
  const annEntry = (await addPassenger(t.db, ride, ann, { count: 2, location: 'Bedok' })).id;
  const benEntry = (await addPassenger(t.db, ride, ben, { location: 'Bedok' })).id;
  return { id: ride.id, annEntry, benEntry, oliveEntry: ride.organizerEntryId ?? 0 };
}

async function inbox(user: TestUser): Promise<{ kind: string; detail: string | null }[]> {
  return t.db
    .selectFrom('notifications')
    .select(['kind', 'detail'])
    .where('userId', '=', user.id)
    .orderBy('id')
    .execute();
}

const sweep = (now: Date, db = t.db) => sweepPayments(db, { now, lockHours: 48 }, noLog);

/** What a write on the ride's payments settles first, in its own transaction (as the sweep does). */
const settleByWrite = (rideId: number, now: Date) =>
  t.db.transaction().execute((trx) => lockAndSettle(trx, rideId, { now, lockHours: 48 }));

/** The ride's row and everything the lock writes (payment rows, notices, live events), as stored. */
async function storedMoney(rideId: number) {
  return {
    ride: await t.db.selectFrom('rides').selectAll().where('id', '=', rideId).executeTakeFirstOrThrow(),
    payments: await t.db.selectFrom('ridePayments').selectAll().where('rideId', '=', rideId).execute(),
    notifications: await t.db.selectFrom('notifications').selectAll().orderBy('id').execute(),
  };
}

describe('the price lock', () => {
  it('locks at PRICE_LOCK_HOURS: amounts by seats that sum exactly to the total, the organiser confirmed', async () => {
    const ride = await pricedRide();
    expect(await sweep(at(48.01))).toBe(0);
    expect((await as(olive, at(48.01)).payment.list({ rideId: ride.id })).lockedAt).toBeNull();

    expect(await sweep(at(48))).toBe(1);
    const table = await as(olive, at(47)).payment.list({ rideId: ride.id });
    expect(table.lockedAt).toBe(at(48).toISOString());
    // SGD 85 over 4 seats: 21.25 a seat; Ann's two seats pay 42.50.
    expect(table.payments.map((p) => [p.name, p.seats, p.amountDue, p.status])).toEqual([
      ['Olive', 1, 21.25, 'confirmed'],
      ['Ann', 2, 42.5, 'due'],
      ['Ben', 1, 21.25, 'due'],
    ]);
    expect(table.total).toBe(85);
    expect(await inbox(ann)).toEqual([{ kind: 'price_locked', detail: 'SGD 42.50' }]);
    expect(await inbox(olive)).toEqual([]);
    // A second sweep changes nothing.
    expect(await sweep(at(47))).toBe(0);
    expect(await inbox(ann)).toHaveLength(1);
  });

  it('a total that does not divide evenly still adds up to the cent', async () => {
    const ride = await createRide(t.db, olive, { date: DEPARTURE, maxPassengers: 10, cost: 100 });
    const riders = [];
    for (let i = 0; i < 9; i += 1) riders.push(await createUser(t.db));
    for (const rider of riders) await addPassenger(t.db, ride, rider, { location: 'Bedok' });
    await sweep(at(10));
    const table = await as(olive, at(10)).payment.list({ rideId: ride.id });
    expect(table.payments).toHaveLength(10);
    const cents = table.payments.map((p) => Math.round(p.amountDue * 100));
    expect(cents.reduce((a, b) => a + b, 0)).toBe(10500);
    expect(Math.min(...cents)).toBeGreaterThan(0);
  });

  it('a read past the lock time writes nothing; the sweep locks it, and ride answers carry priceLockedAt and minPassengers', async () => {
    const ride = await pricedRide();
    const before = await as(ann, at(49)).ride.byId({ id: ride.id });
    expect(before).toMatchObject({ priceLockedAt: null, minPassengers: null });
    const stored = await storedMoney(ride.id);
    // Past the lock time (48 hours before departure), reads answer what is stored and write nothing.
    expect((await as(ann, at(30)).ride.byId({ id: ride.id })).priceLockedAt).toBeNull();
    expect((await as(olive, at(30)).payment.list({ rideId: ride.id })).lockedAt).toBeNull();
    expect(await storedMoney(ride.id)).toEqual(stored);

    expect(await sweep(at(30))).toBe(1);
    const detail = await as(ann, at(30)).ride.byId({ id: ride.id });
    expect(detail.priceLockedAt).toBe(at(30).toISOString());
    const mine = await as(ann, at(30)).payment.list({ rideId: ride.id });
    expect(mine.payments.map((p) => [p.name, p.amountDue])).toEqual([['Ann', 42.5]]);
  });

  it('locks a ride created inside the window at once', async () => {
    const now = at(20);
    const created = await as(olive, now).ride.create({
      direction: 'SG->FC',
      date: DEPARTURE,
      maxPassengers: 4,
      minPassengers: 2,
      pickupLocation: 'Bedok',
      dropoffLocations: ['Bedok'],
    });
    expect(created.priceLockedAt).toBe(now.toISOString());
    expect(created.minPassengers).toBe(2);
  });

  it('never locks a cancelled ride or one that left', async () => {
    const cancelled = await createRide(t.db, olive, { date: DEPARTURE, status: 'cancelled' });
    await sweep(at(10));
    await settleByWrite(cancelled.id, at(10));
    const past = await createRide(t.db, olive, { date: at(100) });
    await settleByWrite(past.id, at(10));
    expect(await t.db.selectFrom('ridePayments').selectAll().execute()).toEqual([]);
  });

  it('two locks at once lock once: one set of rows, one notice each', async () => {
    const ride = await pricedRide();
    await Promise.all([settleByWrite(ride.id, at(40)), settleByWrite(ride.id, at(40)), sweep(at(40))]);
    expect(await t.db.selectFrom('ridePayments').select('passengerId').execute()).toHaveLength(3);
    expect(await inbox(ann)).toHaveLength(1);
  });

  it.skipIf(!serverMode)('two instances sweeping at once lock once', async () => {
    const ride = await pricedRide();
    const second = await connectDatabase({ databaseUrl: t.tdb.connectionString, poolSize: 2 });
    try {
      const results = await Promise.all([sweep(at(40)), sweep(at(40), second.db)]);
      expect(results[0] + results[1]).toBe(1);
    } finally {
      await second.close();
    }
    expect(await t.db.selectFrom('ridePayments').selectAll().where('rideId', '=', ride.id).execute()).toHaveLength(3);
    expect(await inbox(ben)).toEqual([{ kind: 'price_locked', detail: 'SGD 21.25' }]);
  });
});

describe('after the lock', () => {
  it('a change of the party outside a join moves nobody until the organiser recalculates, which tells whose amount changed', async () => {
    const ride = await pricedRide();
    await sweep(at(40));
    const cat = await createUser(t.db, { name: 'Cat' });
    await addPassenger(t.db, { id: ride.id }, cat, { location: 'Bedok' });
    const unchanged = await as(olive, at(39)).payment.list({ rideId: ride.id });
    expect(unchanged.payments.map((p) => p.amountDue)).toEqual([21.25, 42.5, 21.25]);

    await as(ann, at(39)).payment.markMine({ rideId: ride.id, method: 'cash' });
    const after = await as(olive, at(38)).payment.recalculate({ rideId: ride.id });
    // SGD 85 over 5 seats: 17 a seat. Ann had paid 42.50: the organiser owes her 8.50 back.
    expect(after.payments.map((p) => [p.name, p.amountDue, p.status, p.refundDue])).toEqual([
      ['Olive', 17, 'confirmed', 0],
      ['Ann', 34, 'marked-paid', 8.5],
      ['Ben', 17, 'due', 0],
      ['Cat', 17, 'due', 0],
    ]);
    expect((await inbox(ann)).at(-1)).toEqual({
      kind: 'payment_amount_changed',
      detail: 'SGD 42.50 → SGD 34.00; SGD 8.50 to come back from the organizer',
    });
    expect((await inbox(cat)).at(-1)).toEqual({ kind: 'price_locked', detail: 'SGD 17.00' });
  });

  it('recalculating is the organiser’s, and only once locked', async () => {
    const ride = await pricedRide();
    expect(await refusal(as(olive, at(60)).payment.recalculate({ rideId: ride.id }))).toMatchObject({
      code: 'CONFLICT',
      message: 'The price is not locked yet',
    });
    await sweep(at(40));
    expect(await refusal(as(ann, at(39)).payment.recalculate({ rideId: ride.id }))).toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});

describe('who paid', () => {
  it('a rider marks paid (the organiser is told), the organiser confirms and can take it back', async () => {
    const ride = await pricedRide();
    await sweep(at(40));
    const marked = await as(ann, at(39)).payment.markMine({ rideId: ride.id, method: 'paynow' });
    expect(marked.payments).toMatchObject([{ name: 'Ann', status: 'marked-paid', method: 'paynow' }]);
    expect((await inbox(olive)).at(-1)).toEqual({ kind: 'payment_marked', detail: 'Ann · SGD 42.50 · PayNow' });

    const confirmed = await as(olive, at(38)).payment.confirm({ rideId: ride.id, passengerId: ride.annEntry });
    expect(confirmed.payments.find((p) => p.name === 'Ann')?.status).toBe('confirmed');
    const back = await as(olive, at(38)).payment.unconfirm({ rideId: ride.id, passengerId: ride.annEntry });
    expect(back.payments.find((p) => p.name === 'Ann')?.status).toBe('marked-paid');
    await as(olive, at(38)).payment.confirm({ rideId: ride.id, passengerId: ride.benEntry });
    // The riders only: Olive's own row is not counted.
    expect(await as(olive, at(38)).payment.progress()).toEqual([{ rideId: ride.id, paid: 2, total: 2 }]);
    await as(olive, at(38)).payment.confirm({ rideId: ride.id, passengerId: ride.annEntry });
    expect(await refusal(as(ann, at(38)).payment.markMine({ rideId: ride.id, method: 'cash' }))).toMatchObject({
      code: 'CONFLICT',
    });
  });

  it('refuses riders confirming, strangers reading, and methods outside the list', async () => {
    const ride = await pricedRide();
    await sweep(at(40));
    expect(
      await refusal(as(ann, at(39)).payment.confirm({ rideId: ride.id, passengerId: ride.benEntry })),
    ).toMatchObject({ code: 'FORBIDDEN', message: 'Only the organizer can confirm payments' });
    expect(await refusal(as(stranger, at(39)).payment.list({ rideId: ride.id }))).toMatchObject({ code: 'FORBIDDEN' });
    expect(await refusal(as(stranger, at(39)).payment.markMine({ rideId: ride.id, method: 'cash' }))).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(
      await refusal(as(ann, at(39)).payment.markMine({ rideId: ride.id, method: 'bitcoin' as 'cash' })),
    ).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Method must be one of paynow, revolut, duitnow, tng, cash, other',
    });
  });

  it('reminds riders still due the day before, once', async () => {
    const ride = await pricedRide();
    await sweep(at(40));
    await as(ben, at(39)).payment.markMine({ rideId: ride.id, method: 'cash' });
    await sweep(at(25));
    expect(await inbox(ann)).toHaveLength(1);
    await sweep(at(24));
    await sweep(at(20));
    expect(await inbox(ann)).toEqual([
      { kind: 'price_locked', detail: 'SGD 42.50' },
      { kind: 'payment_reminder', detail: 'SGD 42.50' },
    ]);
    expect((await inbox(ben)).map((n) => n.kind)).toEqual(['price_locked']);
  });

  it('a price that locks within the last day sends the lock notice only, no separate reminder', async () => {
    await pricedRide();
    await sweep(at(10));
    await sweep(at(9));
    expect(await inbox(ann)).toEqual([{ kind: 'price_locked', detail: 'SGD 42.50' }]);
  });

  it('tells the organiser once when the minimum is reached', async () => {
    const ride = await createRide(t.db, olive, { date: DEPARTURE, maxPassengers: 6 });
    await t.db.updateTable('rides').set({ minPassengers: 3 }).where('id', '=', ride.id).execute();
    await addPassenger(t.db, ride, ann);
    await sweep(at(100));
    expect(await inbox(olive)).toEqual([]);
    await addPassenger(t.db, ride, ben);
    await sweep(at(99));
    await sweep(at(98));
    expect(await inbox(olive)).toEqual([{ kind: 'min_passengers_reached', detail: '3' }]);
  });
});

describe('PayNow and Revolut', () => {
  it('the rider’s own row carries the SGQR payload for their exact amount and the Revolut link', async () => {
    await as(olive, at(100)).user.update({ id: olive.id, paynowProxy: '9123 4567' });
    const ride = await pricedRide();
    await sweep(at(40));
    const [row] = (await as(ann, at(39)).payment.list({ rideId: ride.id })).payments;
    expect(row?.revolutLink).toBe('https://revolut.me/olive?amount=4250&currency=SGD');
    const fields = decodeEmvco(row?.paynowPayload ?? '');
    const value = (id: string) => fields.find((f) => f.id === id)?.value;
    expect(value('54')).toBe('42.50');
    expect(value('59')).toBe('Olive');
    expect(fields.find((f) => f.id === '26')?.children?.map((f) => f.value)).toEqual([
      'SG.PAYNOW',
      '0',
      '+6591234567',
      '0',
      '20300614',
    ]);
    expect(fields.find((f) => f.id === '62')?.children).toEqual([{ id: '01', value: `RIDE ${String(ride.id)}` }]);
    // The organiser's view carries nobody's payload.
    const organiser = await as(olive, at(39)).payment.list({ rideId: ride.id });
    expect(organiser.payments.every((p) => p.paynowPayload === null)).toBe(true);
  });

  it('refuses a proxy that is not an SG mobile or a UEN', async () => {
    expect(
      await refusal(as(olive, at(100)).user.update({ id: olive.id, paynowProxy: '+60 12 345 6789' })),
    ).toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('coalesced money notices, at an injected clock', () => {
  const join = (user: TestUser, rideId: number, now: Date) =>
    as(user, now).passenger.join({ rideId, dropoffLocation: 'Bedok', passengerCount: 1 });

  it('within 10 minutes a newer notice replaces the unread one; later ones stand apart', async () => {
    const ride = await pricedRide();
    await sweep(at(40));
    const lockedAt = at(40).getTime();
    // Five minutes after the lock Cat joins: Ben's share changes and replaces his lock notice.
    await join(await createUser(t.db, { name: 'Cat' }), ride.id, new Date(lockedAt + 5 * 60_000));
    expect(await inbox(ben)).toEqual([{ kind: 'payment_amount_changed', detail: 'SGD 21.25 → SGD 17.00' }]);
    // Thirty minutes later Dan joins: a new notice, the earlier one kept.
    await join(await createUser(t.db, { name: 'Dan' }), ride.id, new Date(lockedAt + 35 * 60_000));
    expect(await inbox(ben)).toEqual([
      { kind: 'payment_amount_changed', detail: 'SGD 21.25 → SGD 17.00' },
      { kind: 'payment_amount_changed', detail: 'SGD 17.00 → SGD 14.17' },
    ]);
  });
});
