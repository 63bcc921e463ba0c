import { beforeEach, describe, expect, it } from 'vitest';

import { addPassenger, createRide, createUser, type TestUser } from '../factories';
import { useTestDatabase } from '../helpers/db';
import { callerFor, refusal, rideTablesSnapshot } from '../helpers/rides';

const t = useTestDatabase();

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY);
const COST_MESSAGE = 'Cost must be a whole number from 1 to 1000 SGD';
const STOP_PRICE_MESSAGE = 'Price per additional stop must be a whole number from 0 to 100 SGD';

const payload = (overrides: Record<string, unknown> = {}) => ({
  direction: 'FC->SG' as const,
  maxPassengers: 4,
  date: inDays(2).toISOString(),
  organizerPassengerCount: 1,
  pickupLocation: 'Forest City',
  dropoffLocations: [{ location: 'Tampines Mall', passengerCount: 1 }],
  ...overrides,
});

async function pricesOf(rideId: number) {
  return t.db.selectFrom('rides').select(['cost', 'stopPrice']).where('id', '=', rideId).executeTakeFirst();
}

let alice: TestUser;
let bob: TestUser;
beforeEach(async () => {
  alice = await createUser(t.db, { name: 'Alice' });
  bob = await createUser(t.db, { name: 'Bob' });
});

describe('ride.create cost and stopPrice', () => {
  it('stores the prices the organiser set and answers them', async () => {
    const ride = await callerFor(t.db, alice).ride.create(payload({ cost: 75, stopPrice: 10 }));
    expect(ride).toMatchObject({ cost: 75, stopPrice: 10, additionalStops: 0 });
    expect(await pricesOf(ride.id)).toEqual({ cost: 75, stopPrice: 10 });
  });

  it('takes SGD 80 and SGD 5 a stop when they are left out', async () => {
    const ride = await callerFor(t.db, alice).ride.create(payload());
    expect(ride).toMatchObject({ cost: 80, stopPrice: 5 });
    expect(await pricesOf(ride.id)).toEqual({ cost: 80, stopPrice: 5 });
  });

  it.each([
    ['the lowest cost and free stops', { cost: 1, stopPrice: 0 }],
    ['the highest cost and stop price', { cost: 1000, stopPrice: 100 }],
  ])('accepts %s', async (_label, prices) => {
    const ride = await callerFor(t.db, alice).ride.create(payload(prices));
    expect(await pricesOf(ride.id)).toEqual(prices);
  });

  it.each([
    ['cost 0', { cost: 0 }, COST_MESSAGE],
    ['cost 1001', { cost: 1001 }, COST_MESSAGE],
    ['a fractional cost', { cost: 79.5 }, COST_MESSAGE],
    ['a cost as text', { cost: '80' }, COST_MESSAGE],
    ['a negative stop price', { stopPrice: -5 }, STOP_PRICE_MESSAGE],
    ['stop price 101', { stopPrice: 101 }, STOP_PRICE_MESSAGE],
    ['a fractional stop price', { stopPrice: 5.5 }, STOP_PRICE_MESSAGE],
  ])('refuses %s with BAD_REQUEST, writing nothing', async (_label, override, message) => {
    const before = await rideTablesSnapshot(t.db);
    expect(await refusal(callerFor(t.db, alice).ride.create(payload(override)))).toEqual({
      code: 'BAD_REQUEST',
      domainCode: 'VALIDATION_FAILED',
      message,
    });
    expect(await rideTablesSnapshot(t.db)).toBe(before);
  });
});

describe('ride.update cost and stopPrice', () => {
  it('lets the organiser change both; the total follows the stop count', async () => {
    const ride = await createRide(t.db, alice, { direction: 'FC->SG', organizerLocation: 'Tampines Mall' });
    await addPassenger(t.db, ride, bob, { location: 'Jurong East' });
    const updated = await callerFor(t.db, alice).ride.update({ id: ride.id, ...payload({ cost: 90, stopPrice: 8 }) });
    expect(updated).toMatchObject({ cost: 90, stopPrice: 8, additionalStops: 1 });
    expect(await pricesOf(ride.id)).toEqual({ cost: 90, stopPrice: 8 });
  });

  it('keeps the prices when an edit leaves them out', async () => {
    const created = await callerFor(t.db, alice).ride.create(payload({ cost: 120, stopPrice: 0 }));
    const updated = await callerFor(t.db, alice).ride.update({ id: created.id, ...payload({ maxPassengers: 6 }) });
    expect(updated).toMatchObject({ maxPassengers: 6, cost: 120, stopPrice: 0 });
  });

  it('refuses anyone but the organiser, changing nothing', async () => {
    const ride = await createRide(t.db, alice, { direction: 'FC->SG', organizerLocation: 'Tampines Mall' });
    const before = await rideTablesSnapshot(t.db);
    expect(
      await refusal(callerFor(t.db, bob).ride.update({ id: ride.id, ...payload({ cost: 1, stopPrice: 0 }) })),
    ).toEqual({ code: 'FORBIDDEN', domainCode: 'NOT_CREATOR', message: 'Only the ride organizer can edit this ride' });
    expect(await rideTablesSnapshot(t.db)).toBe(before);
  });

  it.each([
    ['cost 1001', { cost: 1001 }, COST_MESSAGE],
    ['a null cost', { cost: null }, COST_MESSAGE],
    ['stop price 101', { stopPrice: 101 }, STOP_PRICE_MESSAGE],
    ['a stop price as text', { stopPrice: '5' }, STOP_PRICE_MESSAGE],
  ])('refuses %s with BAD_REQUEST, changing nothing', async (_label, override, message) => {
    const ride = await createRide(t.db, alice, { direction: 'FC->SG', organizerLocation: 'Tampines Mall' });
    const before = await rideTablesSnapshot(t.db);
    expect(await refusal(callerFor(t.db, alice).ride.update({ id: ride.id, ...payload(override) }))).toEqual({
      code: 'BAD_REQUEST',
      domainCode: 'VALIDATION_FAILED',
      message,
    });
    expect(await rideTablesSnapshot(t.db)).toBe(before);
  });
});
