import { idParamMessage } from '@rideshare/domain';
import { beforeEach, describe, expect, it } from 'vitest';

import { addPassenger, createRide, createUser, type TestUser } from '../factories';
import { loginAs, useTestApp } from '../helpers/app';
import { rideTablesSnapshot } from '../helpers/rides';

const t = useTestApp();

const DAY = 86_400_000;
// Days, not seconds, from the wall clock: no assertion depends on how long a request takes.
const inDays = (days: number) => new Date(Date.now() + days * DAY);

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

type Json = Record<string, unknown>;

function cancel(rideId: number | string, cookie: string | null, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url: `/api/rides/${String(rideId)}/cancel`,
    headers: cookie ? { cookie } : {},
    payload: payload as Json,
  });
}

describe('POST /api/rides/:id/cancel', () => {
  it('cancels the ride others joined and answers it with status, reason and time', async () => {
    const ride = await createRide(t.db, alice, { date: inDays(2) });
    await addPassenger(t.db, ride, bob);
    const res = await cancel(ride.id, aliceCookie, { reason: 'Car broke down' });
    expect(res.statusCode).toBe(200);
    const body = res.json<Json>();
    expect(body).toMatchObject({
      id: ride.id,
      status: 'cancelled',
      cancelReason: 'Car broke down',
      currentPassengers: 2,
    });
    expect(Number.isNaN(Date.parse(String(body.cancelledAt)))).toBe(false);
    expect(JSON.stringify(body)).not.toMatch(/passwordHash|argon2/);

    // Every reader sees it: the passenger's ride detail, the full list and the joined list.
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/rides/${String(ride.id)}`,
      headers: { cookie: bobCookie },
    });
    expect(detail.json<Json>()).toMatchObject({ status: 'cancelled', cancelReason: 'Car broke down' });
    const list = await t.app.inject({ method: 'GET', url: '/api/rides' });
    expect(list.json<Json[]>()[0]).toMatchObject({ status: 'cancelled', cancelReason: 'Car broke down' });
    const joined = await t.app.inject({ method: 'GET', url: '/api/rides/user/joined', headers: { cookie: bobCookie } });
    expect(joined.json<Json[]>()[0]).toMatchObject({ status: 'cancelled', cancelReason: 'Car broke down' });
  });

  it('answers cancelReason: null and cancelledAt: null on rides that are not cancelled', async () => {
    await createRide(t.db, alice, { date: inDays(2) });
    const list = await t.app.inject({ method: 'GET', url: '/api/rides' });
    expect(list.json<Json[]>()[0]).toMatchObject({ status: 'open', cancelReason: null, cancelledAt: null });
  });

  describe('refusals (nothing written)', () => {
    it.each([
      ['someone else', 'bob', {}, 403, 'Only the ride organizer can cancel this ride'],
      ['a ride already cancelled', 'alice', { status: 'cancelled' }, 409, 'This ride is already cancelled'],
      ['a past ride', 'alice', { date: inDays(-1) }, 409, 'A past ride cannot be cancelled'],
    ] as const)('refuses %s', async (_label, who, overrides, status, message) => {
      const ride = await createRide(t.db, alice, { date: inDays(2), ...overrides });
      const before = await rideTablesSnapshot(t.db);
      const res = await cancel(ride.id, who === 'alice' ? aliceCookie : bobCookie, { reason: 'Why' });
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ error: message });
      expect(await rideTablesSnapshot(t.db)).toBe(before);
    });

    it('refuses a signed-out caller with 401, an unknown ride with 404 and a bad id with 400', async () => {
      const ride = await createRide(t.db, alice, { date: inDays(2) });
      expect((await cancel(ride.id, null, { reason: 'x' })).statusCode).toBe(401);
      const missing = await cancel(4242, aliceCookie, { reason: 'x' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: 'Ride not found' });
      const bad = await cancel('abc', aliceCookie, { reason: 'x' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ error: idParamMessage('id') });
    });

    it.each([
      ['missing', {}, 'Please give a reason for cancelling'],
      ['empty', { reason: '' }, 'Please give a reason for cancelling'],
      ['not text', { reason: 42 }, 'Please give a reason for cancelling'],
      ['301 characters', { reason: 'x'.repeat(301) }, 'Reason must be at most 300 characters'],
      [
        'holding a control character',
        { reason: 'car\u001bbroke' },
        'Reason contains characters that are not allowed (control or text-direction characters)',
      ],
    ])('refuses a reason %s with 400 and the message', async (_label, payload, message) => {
      const ride = await createRide(t.db, alice, { date: inDays(2) });
      const before = await rideTablesSnapshot(t.db);
      const res = await cancel(ride.id, aliceCookie, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json<Json>()).toMatchObject({ error: message, fieldErrors: { reason: [message] } });
      expect(await rideTablesSnapshot(t.db)).toBe(before);
    });

    it('ignores an id in the body: the path names the ride', async () => {
      const mine = await createRide(t.db, alice, { date: inDays(2) });
      const bobs = await createRide(t.db, bob, { date: inDays(2) });
      const res = await cancel(mine.id, aliceCookie, { reason: 'Mine', id: bobs.id });
      expect(res.json<Json>()).toMatchObject({ id: mine.id, status: 'cancelled' });
      const other = await t.app.inject({ method: 'GET', url: `/api/rides/${String(bobs.id)}` });
      expect(other.json<Json>()).toMatchObject({ status: 'open' });
    });
  });

  it('makes the join path refuse the ride with 409 and a clear message', async () => {
    const ride = await createRide(t.db, alice, { date: inDays(2) });
    await cancel(ride.id, aliceCookie, { reason: 'Off' });
    const join = await t.app.inject({
      method: 'POST',
      url: `/api/rides/${String(ride.id)}/join`,
      headers: { cookie: bobCookie },
      payload: { dropoffLocation: 'Bedok', passengerCount: 1 },
    });
    expect(join.statusCode).toBe(409);
    expect(join.json()).toEqual({ error: 'This ride was cancelled' });
  });
});
