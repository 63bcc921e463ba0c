/**
 * The price for someone deciding whether to join a locked ride (docs/payments.md#join-price), on a
 * fixed clock: ride answers carry `joinPrice` (one seat at a stop the ride makes), the join screen's
 * figure for a group at its own place comes from GET /api/rides/:id/payments/join-price, and the
 * join then charges exactly that, with a leaver's kept row and a new stop counted.
 */
import { beforeEach, describe, expect, it } from 'vitest';

import { buildApp } from '../../src/app';
import { addPassenger, createRide, createUser, type TestUser } from '../factories';
import { loginAs, useTestApp } from '../helpers/app';
import { GENEROUS_RATE_LIMITS, testEnv } from '../helpers/env';
import { callerFor } from '../helpers/rides';
import { lockDuePrices } from '../helpers/price-lock';

const HOUR = 3_600_000;
const NOW = new Date('2031-03-01T02:00:00.000Z');

const t = useTestApp({
  build: async (db) => {
    const app = await buildApp({ env: testEnv(GENEROUS_RATE_LIMITS), db, now: () => NOW });
    await app.ready();
    return app;
  },
});

let olive: TestUser;
let ann: TestUser;
let ben: TestUser;
let dan: TestUser;
let eve: TestUser;
let rideId: number;
let benEntry: number;

const as = (user: TestUser) => callerFor(t.db, user, { now: () => NOW });

/** Dan's own share on the ride, SGD, from the payments table as he reads it. */
async function dansShare(): Promise<number | undefined> {
  const table = await as(dan).payment.list({ rideId });
  return table.payments.find((row) => row.userId === dan.id)?.amountDue;
}

async function restJoinPrice(user: TestUser, query: string) {
  const cookie = await loginAs(t.app, user);
  return t.app.inject({
    method: 'GET',
    url: `/api/rides/${String(rideId)}/payments/join-price${query}`,
    headers: { cookie },
  });
}

beforeEach(async () => {
  olive = await createUser(t.db, { name: 'Olive' });
  ann = await createUser(t.db, { name: 'Ann' });
  ben = await createUser(t.db, { name: 'Ben' });
  dan = await createUser(t.db, { name: 'Dan' });
  eve = await createUser(t.db, { name: 'Eve' });
  // SGD 80 + one stop (Bedok beside Olive's own place) = SGD 85 over 4 seats; departs in 30 hours,
  // inside the 48-hour window, so the payments sweep locks it (a read alone never does).
  const ride = await createRide(t.db, olive, { date: new Date(NOW.getTime() + 30 * HOUR), maxPassengers: 6, cost: 80 });
  rideId = ride.id;
  await addPassenger(t.db, ride, ann, { count: 2, location: 'Bedok' });
  benEntry = (await addPassenger(t.db, ride, ben, { location: 'Bedok' })).id;
  expect(await lockDuePrices(t.db, NOW)).toBe(1);
});

describe('the join price', () => {
  it('is unknown before the lock: the answers give the estimate only', async () => {
    const far = await createRide(t.db, olive, { date: new Date(NOW.getTime() + 300 * HOUR), maxPassengers: 4 });
    const detail = await as(dan).ride.byId({ id: far.id });
    expect(detail).toMatchObject({ priceLockedAt: null, joinPrice: null });
    const price = await as(dan).payment.joinPrice({ rideId: far.id, passengerCount: 1, dropoffLocation: '' });
    expect(price).toMatchObject({ locked: false, amount: null });
  });

  it('after the lock, every ride answer names what one seat at a stop the ride makes would owe, and the join charges it', async () => {
    const detail = await as(dan).ride.byId({ id: rideId });
    expect(detail.priceLockedAt).not.toBeNull();
    // SGD 85 over five seats with Dan's: SGD 17 each; nobody already on board pays more.
    expect(detail.joinPrice).toBe(17);
    const listed = await as(dan).ride.list({ time: 'upcoming' });
    expect(listed.items.find((ride) => ride.id === rideId)?.joinPrice).toBe(17);
    const visitor = await callerFor(t.db, null, { now: () => NOW }).ride.byId({ id: rideId });
    expect(visitor.joinPrice).toBe(17);

    const screen = await as(dan).payment.joinPrice({ rideId, passengerCount: 1, dropoffLocation: 'bedok' });
    expect(screen).toMatchObject({ locked: true, amount: 17, addsStop: false, total: 85 });
    await as(dan).passenger.join({ rideId, dropoffLocation: 'bedok', passengerCount: 1 });
    expect(await dansShare()).toBe(17);
    // The next newcomer's figure moved on (SGD 85 over six seats), and is again what their join charges.
    const next = (await as(eve).ride.byId({ id: rideId })).joinPrice;
    expect(next).toBeLessThan(17);
    await as(eve).passenger.join({ rideId, dropoffLocation: 'Bedok', passengerCount: 1 });
    const table = await as(eve).payment.list({ rideId });
    expect(table.payments.find((row) => row.userId === eve.id)?.amountDue).toBe(next);
  });

  it("a group at a new place pays its seats' part of the higher total; a leaver's kept row comes off first", async () => {
    await as(olive).ride.byId({ id: rideId });
    // Ben leaves after the lock: his SGD 21.25 stays owed, so SGD 63.75 is split over the rest.
    await as(ben).passenger.remove({ rideId, passengerId: benEntry });
    expect((await as(dan).ride.byId({ id: rideId })).joinPrice).toBe(15.94);

    // Dan and a friend from Jurong East: a new stop, SGD 90 in all; less Ben's 21.25 leaves 68.75
    // over five seats, 13.75 a seat.
    const screen = await as(dan).payment.joinPrice({ rideId, passengerCount: 2, dropoffLocation: 'Jurong East' });
    expect(screen).toMatchObject({ locked: true, amount: 27.5, addsStop: true, total: 90 });
    await as(dan).passenger.join({ rideId, dropoffLocation: 'Jurong East', passengerCount: 2 });
    expect(await dansShare()).toBe(27.5);
    const table = await as(olive).payment.list({ rideId });
    expect(table.total).toBe(90);
    const cents = table.payments.reduce((sum, row) => sum + Math.round(row.amountDue * 100), 0);
    expect(cents).toBe(9000);
  });

  it('over REST: the same figure, a group too big for the seats left gets none, bad input a clear 400', async () => {
    await as(olive).ride.byId({ id: rideId });
    const ok = await restJoinPrice(dan, '?passengerCount=1&dropoffLocation=Bedok');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ rideId, locked: true, amount: 17, addsStop: false, total: 85 });
    const tooMany = await restJoinPrice(dan, '?passengerCount=3');
    expect(tooMany.json()).toMatchObject({ locked: true, amount: null });
    const bad = await restJoinPrice(dan, '?passengerCount=0');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('Must have at least 1 passenger');
    // A ride that has left offers nobody a price, as the join refuses everyone.
    await t.db
      .updateTable('rides')
      .set({ date: new Date(NOW.getTime() - HOUR) })
      .where('id', '=', rideId)
      .execute();
    const departed = await restJoinPrice(dan, '?passengerCount=1');
    expect(departed.json()).toMatchObject({ locked: true, amount: null });
    const visitor = await t.app.inject({ method: 'GET', url: `/api/rides/${String(rideId)}/payments/join-price` });
    expect(visitor.statusCode).toBe(401);
  });
});
