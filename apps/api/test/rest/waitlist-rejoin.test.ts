/**
 * The rejoin wait through the waitlist (docs/product.md#leaving): a member who leaves a ride waits
 * an hour before joining it again, and an outside review skipped that wait by joining the ride's
 * waitlist instead. Joining the waitlist and accepting an offer now answer 409 naming when, as a
 * direct join does, and go through once the hour is over. An injected clock.
 */
import { beforeEach, describe, expect, it } from 'vitest';

import { buildApp } from '../../src/app';
import { addPassenger, createRide, createUser, type TestRide, type TestUser } from '../factories';
import { loginAs, useTestApp } from '../helpers/app';
import { testEnv } from '../helpers/env';

type Json = Record<string, unknown>;
const HOUR = 3_600_000;
const LEFT_AT = new Date('2031-03-01T07:00:00.000Z'); // 3:00 pm in Singapore
const WAIT_MESSAGE = 'You left this ride at 3:00 pm. You can join it again from 4:00 pm.';
let clock = LEFT_AT;

const t = useTestApp({
  build: async (db) => {
    const app = await buildApp({ env: testEnv(), db, now: () => clock });
    await app.ready();
    return app;
  },
});

let olivia: TestUser;
let mei: TestUser;
let ravi: TestUser;
let ride: TestRide;
const cookies = new Map<number, string>();

beforeEach(async () => {
  clock = LEFT_AT;
  olivia = await createUser(t.db, { name: 'Olivia' });
  mei = await createUser(t.db, { name: 'Mei' });
  ravi = await createUser(t.db, { name: 'Ravi' });
  // Two seats: Olivia's and Mei's.
  ride = await createRide(t.db, olivia, { date: new Date(LEFT_AT.getTime() + 3 * 24 * HOUR), maxPassengers: 2 });
  await addPassenger(t.db, ride, mei);
  cookies.clear();
  for (const user of [olivia, mei, ravi]) cookies.set(user.id, await loginAs(t.app, user));
});

const as = (user: TestUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Json) =>
  t.app.inject({ method, url, headers: { cookie: cookies.get(user.id) ?? '' }, ...(payload ? { payload } : {}) });
const waitlistUrl = () => `/api/rides/${String(ride.id)}/waitlist`;
const stop = { dropoffLocation: 'Changi Village', passengerCount: 1 };

async function meiLeaves(): Promise<void> {
  const list = await as(mei, 'GET', `/api/rides/${String(ride.id)}/passengers`);
  const own = list.json<{ id: number; userId: number }[]>().find((entry) => entry.userId === mei.id);
  expect((await as(mei, 'DELETE', `/api/rides/${String(ride.id)}/passengers/${String(own?.id)}`)).statusCode).toBe(200);
}

const waiting = () => t.db.selectFrom('rideWaitlist').select(['userId', 'offerExpiresAt']).execute();

describe('the waitlist keeps the rejoin wait', () => {
  it('joining the waitlist within the hour of leaving answers 409 naming when, and works after it', async () => {
    await meiLeaves();
    // Ravi takes the freed seat: the ride is full again, so the waitlist is the only way back.
    expect((await as(ravi, 'POST', `/api/rides/${String(ride.id)}/join`, stop)).statusCode).toBe(201);
    clock = new Date(LEFT_AT.getTime() + HOUR - 1000);
    const early = await as(mei, 'POST', waitlistUrl(), stop);
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json<Json>().error).toBe(WAIT_MESSAGE);
    const trpc = await t.app.inject({
      method: 'POST',
      url: '/trpc/waitlist.join',
      headers: { cookie: cookies.get(mei.id) ?? '' },
      payload: { rideId: ride.id, ...stop },
    });
    expect(trpc.statusCode).toBe(409);
    expect(trpc.json<{ error: { data: { domainCode: string } } }>().error.data.domainCode).toBe('REJOIN_TOO_SOON');
    expect(await waiting()).toEqual([]);

    clock = new Date(LEFT_AT.getTime() + HOUR);
    expect((await as(mei, 'POST', waitlistUrl(), stop)).statusCode).toBe(201);
    expect((await waiting()).map((row) => row.userId)).toEqual([mei.id]);
  });

  it('accepting an offer within the hour of leaving answers 409 naming when, and works after it', async () => {
    await meiLeaves();
    // Mei stands in line with a live offer for the freed seat (however she came to be there).
    await t.db
      .insertInto('rideWaitlist')
      .values({
        rideId: ride.id,
        userId: mei.id,
        dropoffLocation: 'Changi Village',
        passengerCount: 1,
        offerExpiresAt: new Date(LEFT_AT.getTime() + 2 * HOUR),
      })
      .execute();
    clock = new Date(LEFT_AT.getTime() + 30 * 60_000);
    const early = await as(mei, 'POST', `${waitlistUrl()}/accept`);
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json<Json>().error).toBe(WAIT_MESSAGE);
    const entries = await t.db.selectFrom('ridePassengers').select('userId').where('rideId', '=', ride.id).execute();
    expect(entries.map((entry) => entry.userId)).toEqual([olivia.id]);

    clock = new Date(LEFT_AT.getTime() + HOUR);
    const accepted = await as(mei, 'POST', `${waitlistUrl()}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await waiting()).toEqual([]);
  });
});
