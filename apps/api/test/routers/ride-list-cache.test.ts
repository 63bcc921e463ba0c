import { connectDatabase, type DbHandle } from '@rideshare/db';
import { DIRECTION_FILTERS, SORT_ORDERS, TIME_FILTERS, weekWindow } from '@rideshare/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';

import { RideListCache } from '../../src/cache/ride-list-cache';
import { addPassenger, createRide, createUser, type TestUser } from '../factories';
import { createTestApp, loginAs } from '../helpers/app';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { callerFor } from '../helpers/rides';

/**
 * The first pages of `ride.list` come from a cache kept per ride-list version and audience. These
 * tests read through HTTP (as the web app does) on two app instances sharing one database, and
 * through callers with an injected clock for time passing.
 */
let statements = 0;
let tdb: TestDatabase;
/** The second instance's own connection pool on a Postgres server (the embedded engine is one process). */
let second: DbHandle | null = null;
let appA: FastifyInstance;
let appB: FastifyInstance;

beforeAll(async () => {
  tdb = await createTestDatabase({
    onQuery: () => {
      statements += 1;
    },
  });
  if (inject('dbMode') === 'server') {
    second = await connectDatabase({ databaseUrl: tdb.connectionString, poolSize: 5 });
  }
  appA = await createTestApp(tdb.db);
  appB = await createTestApp(second ? second.db : tdb.db);
});
afterAll(async () => {
  await appA.close();
  await appB.close();
  await second?.close();
  await tdb.destroy();
});

const DAY = 86_400_000;
const HOUR = 3_600_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY);

interface ListInput {
  time?: string;
  direction?: string;
  sort?: string;
  page?: number;
  pageSize?: number;
}

interface Page {
  items: { id: number; creatorName: string | null; currentPassengers: number; dropoffLocations: unknown[] }[];
  total: number;
  page: number;
  pageSize: number;
}

/** GET /trpc/ride.list as the web app sends it; the answer's JSON text and statements it cost. */
async function listOver(app: FastifyInstance, input: ListInput, cookie?: string) {
  const before = statements;
  const res = await app.inject({
    method: 'GET',
    url: `/trpc/ride.list?input=${encodeURIComponent(JSON.stringify(input))}`,
    headers: cookie ? { cookie } : {},
  });
  const cost = statements - before;
  expect(res.statusCode).toBe(200);
  const data = res.json<{ result: { data: Page } }>().result.data;
  return { data, json: JSON.stringify(data), statements: cost };
}

const ids = (page: Page) => page.items.map((ride) => ride.id);

let organiser: TestUser;
let nameless: TestUser;
let rider: TestUser;
let riderCookie: string;

beforeEach(async () => {
  await tdb.reset();
  organiser = await createUser(tdb.db, { name: 'Olga Organiser' });
  nameless = await createUser(tdb.db, { name: null, discordUsername: 'nameless_cache_handle' });
  rider = await createUser(tdb.db, { name: 'Rita Rider' });
  riderCookie = await loginAs(appA, rider);
});

/** A mix of rides: both directions, past, this week and later, organisers with and without a name. */
async function seedRides() {
  const rides = [
    await createRide(tdb.db, organiser, { direction: 'SG->FC', date: inDays(-3) }),
    await createRide(tdb.db, nameless, { direction: 'FC->SG', date: inDays(-1), organizerLocation: 'Nameless Flat 1' }),
    await createRide(tdb.db, organiser, { direction: 'FC->SG', date: inDays(1) }),
    await createRide(tdb.db, nameless, { direction: 'SG->FC', date: inDays(2), organizerLocation: 'Tampines MRT' }),
    await createRide(tdb.db, organiser, { direction: 'SG->FC', date: inDays(9) }),
    await createRide(tdb.db, nameless, { direction: 'FC->SG', date: inDays(30), organizerLocation: 'Nameless Flat 2' }),
  ];
  for (const ride of rides)
    await addPassenger(tdb.db, ride, rider, { location: `Rita Secret Road ${String(ride.id)}` });
  return rides;
}

describe('ride.list first pages from the cache', () => {
  it('a hit serves the same JSON as a fresh build, for every filter, sort and audience', async () => {
    await seedRides();
    const fresh = { public: callerFor(tdb.db, null), member: callerFor(tdb.db, rider) };
    for (const time of TIME_FILTERS) {
      for (const direction of DIRECTION_FILTERS) {
        for (const sort of SORT_ORDERS) {
          const input = { time, direction, sort, page: 1, pageSize: 12 };
          const built = {
            public: JSON.stringify(await fresh.public.ride.list(input)),
            member: JSON.stringify(await fresh.member.ride.list(input)),
          };
          const publicMiss = await listOver(appA, input);
          const publicHit = await listOver(appA, input);
          expect(publicMiss.json).toBe(built.public);
          expect(publicHit.json).toBe(built.public);
          // A miss reads the version, the page and the count; a hit only the version.
          expect(publicMiss.statements).toBe(3);
          expect(publicHit.statements).toBe(1);

          const memberMiss = await listOver(appA, input, riderCookie);
          const memberHit = await listOver(appA, input, riderCookie);
          expect(memberMiss.json).toBe(built.member);
          expect(memberHit.json).toBe(built.member);
          // Whatever the session lookup costs, the hit saves the page and the count.
          expect(memberMiss.statements - memberHit.statements).toBe(2);
        }
      }
    }
  });

  it('later pages and other page sizes are right too (pages after the first are read fresh)', async () => {
    await seedRides();
    const input = { time: 'all' as const, pageSize: 2 };
    const first = await listOver(appA, { ...input, page: 1 });
    const second = await listOver(appA, { ...input, page: 2 });
    const again = await listOver(appA, { ...input, page: 2 });
    expect(first.json).toBe(JSON.stringify(await callerFor(tdb.db, null).ride.list({ ...input, page: 1 })));
    expect(second.json).toBe(JSON.stringify(await callerFor(tdb.db, null).ride.list({ ...input, page: 2 })));
    expect(again.statements).toBe(2);
    expect(second.data.total).toBe(6);
  });

  it('a write through another app instance changes the next answer of the first', async () => {
    const rides = await seedRides();
    const upcoming = rides[2];
    if (!upcoming) throw new Error('seed');
    const input = { time: 'upcoming', direction: 'all', sort: 'dateAsc', page: 1, pageSize: 12 };
    const before = await listOver(appA, input);
    expect((await listOver(appA, input)).statements).toBe(1);
    expect(before.data.items.find((ride) => ride.id === upcoming.id)?.currentPassengers).toBe(2);

    // Instance B: a member joins, through the REST path.
    const joiner = await createUser(tdb.db, { name: 'Jo Joiner' });
    const joinerCookie = await loginAs(appB, joiner);
    const join = await appB.inject({
      method: 'POST',
      url: `/api/rides/${String(upcoming.id)}/join`,
      headers: { cookie: joinerCookie },
      payload: { dropoffLocation: 'Bedok', passengerCount: 2 },
    });
    expect(join.statusCode).toBe(201);
    const afterJoin = await listOver(appA, input);
    expect(afterJoin.statements).toBe(3);
    expect(afterJoin.data.items.find((ride) => ride.id === upcoming.id)?.currentPassengers).toBe(4);

    // Instance B: a new ride, sooner than any other, comes first on A.
    const create = await appB.inject({
      method: 'POST',
      url: '/api/rides',
      headers: { cookie: joinerCookie },
      payload: {
        direction: 'SG->FC',
        maxPassengers: 4,
        date: new Date(Date.now() + HOUR).toISOString(),
        organizerPassengerCount: 1,
        pickupLocation: 'Jurong East MRT',
        dropoffLocations: [{ location: 'Jurong East MRT', passengerCount: 1 }],
      },
    });
    expect(create.statusCode).toBe(201);
    const afterCreate = await listOver(appA, input);
    expect(ids(afterCreate.data)[0]).toBe(create.json<{ id: number }>().id);
    expect(afterCreate.data.total).toBe(before.data.total + 1);

    // Instance B: an organiser's new name shows on A's cached page too.
    const rename = await appB.inject({
      method: 'PATCH',
      url: `/api/users/${String(joiner.id)}`,
      headers: { cookie: joinerCookie },
      payload: { name: 'Jo Renamed' },
    });
    expect(rename.statusCode).toBe(200);
    expect((await listOver(appA, input)).data.items[0]?.creatorName).toBe('Jo Renamed');
  });

  it('an audience never gets the other audience’s page', async () => {
    await seedRides();
    const input = { time: 'all', direction: 'all', sort: 'dateAsc', page: 1, pageSize: 12 };
    const secrets = ['nameless_cache_handle', 'Rita Secret Road', 'Nameless Flat'];
    const check = async (order: ('public' | 'member')[]) => {
      for (const audience of order) {
        for (let i = 0; i < 2; i += 1) {
          const { json } = await listOver(appA, input, audience === 'member' ? riderCookie : undefined);
          for (const secret of secrets) {
            if (audience === 'public') expect(json).not.toContain(secret);
            else expect(json).toContain(secret);
          }
        }
      }
    };
    await check(['public', 'member', 'public']);
    // A write starts a new version; this time a member fills the cache first.
    await createRide(tdb.db, organiser, { date: inDays(5) });
    await check(['member', 'public', 'member']);
  });
});

describe('ride.list first pages as time passes (injected clock)', () => {
  /** Callers sharing one cache, as requests to one instance do, each at its own moment. */
  function at(cache: RideListCache, now: Date, user: TestUser | null = null) {
    return callerFor(tdb.db, user, { rideListCache: cache, now: () => now });
  }

  async function counted<T>(call: Promise<T>): Promise<{ value: T; statements: number }> {
    const before = statements;
    const value = await call;
    return { value, statements: statements - before };
  }

  it('a ride that departs leaves "upcoming" and moves behind the others in "all", with no write', async () => {
    const t0 = new Date('2031-03-05T02:00:00Z');
    const soon = await createRide(tdb.db, organiser, { date: new Date(t0.getTime() + HOUR) });
    const later = await createRide(tdb.db, organiser, { date: new Date(t0.getTime() + 2 * HOUR) });
    const far = await createRide(tdb.db, organiser, { date: new Date(t0.getTime() + 3 * DAY) });
    const cache = new RideListCache();
    const upcoming = { time: 'upcoming' as const };
    const all = { time: 'all' as const };

    const first = await counted(at(cache, t0).ride.list(upcoming));
    expect(ids(first.value)).toEqual([soon.id, later.id, far.id]);
    expect(first.statements).toBe(3);
    // Half an hour on, and at the very moment of departure: still upcoming, from the cache.
    for (const moment of [t0.getTime() + HOUR / 2, t0.getTime() + HOUR]) {
      const hit = await counted(at(cache, new Date(moment)).ride.list(upcoming));
      expect(ids(hit.value)).toEqual([soon.id, later.id, far.id]);
      expect(hit.statements).toBe(1);
    }
    expect(ids(await at(cache, t0).ride.list(all))).toEqual([soon.id, later.id, far.id]);

    // One millisecond after departure the ride is past.
    const departed = new Date(t0.getTime() + HOUR + 1);
    const after = await counted(at(cache, departed).ride.list(upcoming));
    expect(ids(after.value)).toEqual([later.id, far.id]);
    expect(after.value.total).toBe(2);
    expect(after.statements).toBe(3);
    expect(ids(await at(cache, departed).ride.list(all))).toEqual([later.id, far.id, soon.id]);
    // The same version, moments later: a hit again.
    expect((await counted(at(cache, new Date(departed.getTime() + 1000)).ride.list(upcoming))).statements).toBe(1);
    // The version never moved: time alone changed the answers.
    expect(ids(await at(cache, departed, rider).ride.list(upcoming))).toEqual([later.id, far.id]);
  });

  it('"this week" slides with the clock: a later ride enters it 7 days before it departs', async () => {
    const t0 = new Date('2031-03-08T15:00:00Z');
    const week = weekWindow(t0);
    const soon = await createRide(tdb.db, organiser, { date: new Date(t0.getTime() + 3 * HOUR) });
    const later = await createRide(tdb.db, organiser, { date: new Date(week.end.getTime() + 2 * HOUR) });
    const cache = new RideListCache();
    const input = { time: 'thisWeek' as const };

    expect(ids(await at(cache, t0).ride.list(input))).toEqual([soon.id]);
    // A moment before the later ride is 7 days away: a cache hit, still without it.
    const justBefore = new Date(t0.getTime() + 2 * HOUR - 1);
    const hit = await counted(at(cache, justBefore).ride.list(input));
    expect(ids(hit.value)).toEqual([soon.id]);
    expect(hit.statements).toBe(1);
    // Once it is less than 7 days away it is listed: the cached answer no longer holds.
    const entered = await counted(at(cache, new Date(t0.getTime() + 2 * HOUR + 1)).ride.list(input));
    expect(ids(entered.value)).toEqual([soon.id, later.id]);
    expect(entered.statements).toBe(3);
  });

  it('a clock read earlier than the cached answer was built never gets that answer', async () => {
    const t0 = new Date('2031-03-05T02:00:00Z');
    const early = await createRide(tdb.db, organiser, { date: new Date(t0.getTime() + HOUR) });
    const cache = new RideListCache();
    // Built two hours on: the ride is past.
    expect(ids(await at(cache, new Date(t0.getTime() + 2 * HOUR)).ride.list())).toEqual([]);
    // Asked at t0 (a request that read its clock earlier): the ride is still upcoming.
    expect(ids(await at(cache, t0).ride.list())).toEqual([early.id]);
  });
});
