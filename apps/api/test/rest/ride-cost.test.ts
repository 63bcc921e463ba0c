import { beforeEach, describe, expect, it } from 'vitest';

import { createRide, createUser, type TestUser } from '../factories';
import { loginAs, useTestApp } from '../helpers/app';
import { rideTablesSnapshot } from '../helpers/rides';

const t = useTestApp();

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY);
const COST_MESSAGE = 'Cost must be a whole number from 1 to 1000 SGD';
const STOP_PRICE_MESSAGE = 'Price per additional stop must be a whole number from 0 to 100 SGD';

const payload = (overrides: Record<string, unknown> = {}) => ({
  direction: 'SG->FC',
  maxPassengers: 4,
  date: inDays(2).toISOString(),
  organizerPassengerCount: 1,
  pickupLocation: 'Pasir Ris MRT',
  dropoffLocations: [{ location: 'Pasir Ris MRT', passengerCount: 1 }],
  ...overrides,
});

type Json = Record<string, unknown>;

let alice: TestUser;
let bob: TestUser;
let aliceCookie: string;
let bobCookie: string;

beforeEach(async () => {
  alice = await createUser(t.db, { name: 'Alice' });
  bob = await createUser(t.db, { name: 'Bob' });
  aliceCookie = await loginAs(t.app, alice);
  bobCookie = await loginAs(t.app, bob);
});

async function pricesOf(rideId: number) {
  return t.db.selectFrom('rides').select(['cost', 'stopPrice']).where('id', '=', rideId).executeTakeFirst();
}

describe('POST /api/rides cost and stopPrice', () => {
  it('answers 201 with the prices set', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/rides',
      headers: { cookie: aliceCookie },
      payload: payload({ cost: 75, stopPrice: 10 }),
    });
    expect(res.statusCode).toBe(201);
    const ride = res.json<Json>();
    expect(ride).toMatchObject({ cost: 75, stopPrice: 10 });
    expect(await pricesOf(ride.id as number)).toEqual({ cost: 75, stopPrice: 10 });
  });

  it('gives an old client without the fields the spec formula: SGD 80 and SGD 5 a stop', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/rides',
      headers: { cookie: aliceCookie },
      payload: payload(),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<Json>()).toMatchObject({ cost: 80, stopPrice: 5 });
  });

  it.each([
    ['cost 0', { cost: 0 }, COST_MESSAGE],
    ['cost 1001', { cost: 1001 }, COST_MESSAGE],
    ['a cost as text', { cost: '80' }, COST_MESSAGE],
    ['stop price -1', { stopPrice: -1 }, STOP_PRICE_MESSAGE],
    ['a fractional stop price', { stopPrice: 2.5 }, STOP_PRICE_MESSAGE],
  ])('answers 400 to %s, writing nothing', async (_label, override, message) => {
    const before = await rideTablesSnapshot(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/rides',
      headers: { cookie: aliceCookie },
      payload: payload(override),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<Json>().error).toBe(message);
    expect(await rideTablesSnapshot(t.db)).toBe(before);
  });
});

describe('PATCH /api/rides/:id cost and stopPrice', () => {
  it('lets the organiser change them; GET answers them', async () => {
    const ride = await createRide(t.db, alice);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/rides/${ride.id}`,
      headers: { cookie: aliceCookie },
      payload: payload({ cost: 60, stopPrice: 0 }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Json>()).toMatchObject({ cost: 60, stopPrice: 0 });
    const read = await t.app.inject({ method: 'GET', url: `/api/rides/${ride.id}` });
    expect(read.json<Json>()).toMatchObject({ cost: 60, stopPrice: 0 });
    const list = await t.app.inject({ method: 'GET', url: '/api/rides' });
    expect(list.json<Json[]>()[0]).toMatchObject({ id: ride.id, cost: 60, stopPrice: 0 });
  });

  it('keeps them when the body leaves them out', async () => {
    const ride = await createRide(t.db, alice, { cost: 150 });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/rides/${ride.id}`,
      headers: { cookie: aliceCookie },
      payload: payload(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Json>()).toMatchObject({ cost: 150, stopPrice: 5 });
  });

  it('answers 403 to anyone but the organiser, changing nothing', async () => {
    const ride = await createRide(t.db, alice);
    const before = await rideTablesSnapshot(t.db);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/rides/${ride.id}`,
      headers: { cookie: bobCookie },
      payload: payload({ cost: 1 }),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json<Json>().error).toBe('Only the ride organizer can edit this ride');
    expect(await rideTablesSnapshot(t.db)).toBe(before);
  });

  it.each([
    ['cost 1001', { cost: 1001 }, COST_MESSAGE],
    ['a null stop price', { stopPrice: null }, STOP_PRICE_MESSAGE],
    ['stop price 101', { stopPrice: 101 }, STOP_PRICE_MESSAGE],
  ])('answers 400 to %s, changing nothing', async (_label, override, message) => {
    const ride = await createRide(t.db, alice);
    const before = await rideTablesSnapshot(t.db);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/rides/${ride.id}`,
      headers: { cookie: aliceCookie },
      payload: payload(override),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<Json>().error).toBe(message);
    expect(await rideTablesSnapshot(t.db)).toBe(before);
  });
});
