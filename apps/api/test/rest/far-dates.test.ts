/**
 * Ride dates have an upper bound (docs/product.md#validation): a ride dated more than a year ahead
 * is refused (400) on create and edit, and a calendar file or feed leaves out an event it cannot
 * write (a ride stored before the bound) instead of answering 500. An injected clock.
 */
import { beforeEach, describe, expect, it } from 'vitest';

import { buildApp } from '../../src/app';
import { createRide, createUser, type TestUser } from '../factories';
import { loginAs, useTestApp } from '../helpers/app';
import { testEnv } from '../helpers/env';

const NOW = new Date('2030-03-01T02:00:00.000Z');
const DAY = 86_400_000;

const t = useTestApp({
  build: async (db) => {
    const app = await buildApp({ env: testEnv({ PUBLIC_URL: 'http://rides.example.test' }), db, now: () => NOW });
    await app.ready();
    return app;
  },
});

let alice: TestUser;
let cookie: string;

beforeEach(async () => {
  alice = await createUser(t.db, { name: 'Alice' });
  cookie = await loginAs(t.app, alice);
});

const ridePayload = (date: string) => ({
  direction: 'SG->FC',
  date,
  maxPassengers: 4,
  organizerPassengerCount: 1,
  pickupLocation: 'Bedok',
  dropoffLocations: [{ location: 'Bedok', passengerCount: 1 }],
});

describe('a ride at most a year ahead', () => {
  it.each([
    ['a year and a day', new Date(NOW.getTime() + 366 * DAY).toISOString()],
    ['the last date a JavaScript clock holds', '+275760-09-13T00:00:00.000Z'],
  ])('refuses %s ahead with 400; a year exactly is fine', async (_name, date) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/rides',
      headers: { cookie },
      payload: ridePayload(date),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toBe('The ride date can be at most a year ahead');
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/rides',
      headers: { cookie },
      payload: ridePayload(new Date(NOW.getTime() + 365 * DAY).toISOString()),
    });
    expect(ok.statusCode).toBe(201);
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/rides/${String(ok.json<{ id: number }>().id)}`,
      headers: { cookie },
      payload: ridePayload(date),
    });
    expect(edit.statusCode).toBe(400);
  });
});

describe('calendars skip an event they cannot write', () => {
  it('answers the ride file and the feed without the far ride instead of 500', async () => {
    const far = await createRide(t.db, alice, { date: new Date('+275760-09-13T00:00:00.000Z') });
    const near = await createRide(t.db, alice, { date: new Date(NOW.getTime() + 3 * DAY) });
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/rides/${String(far.id)}/calendar.ics`,
      headers: { cookie },
    });
    expect(file.statusCode).toBe(200);
    expect(file.body).not.toContain('BEGIN:VEVENT');
    const feed = await t.app.inject({ method: 'POST', url: '/api/users/me/calendar-feed', headers: { cookie } });
    const path = new URL(feed.json<{ url: string }>().url).pathname;
    const res = await t.app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`UID:ride-${String(near.id)}@`);
    expect(res.body).not.toContain(`UID:ride-${String(far.id)}@`);
  });
});
