import { beforeAll, describe, expect, it } from 'vitest';

import { RideListCache } from '../../src/cache/ride-list-cache';
import { addPassenger, createRide, createUser, createUsers, createVendor, type TestUser } from '../factories';
import { useTestDatabase } from '../helpers/db';
import { callerFor } from '../helpers/rides';

/**
 * Every read is a fixed number of statements whatever the number of rides or passengers: measured
 * with a small data set, then again after adding many rides and passengers. Each read runs once
 * before it is counted (as the bench does), so a cached read is counted as the hit it then is.
 */
let statements = 0;
const t = useTestDatabase({
  onQuery: () => {
    statements += 1;
  },
  reset: false,
});
let alice: TestUser;
let bob: TestUser;
let vendor: TestUser;
let rideId: number;

beforeAll(async () => {
  alice = await createUser(t.db);
  bob = await createUser(t.db);
  vendor = await createVendor(t.db);
  const ride = await createRide(t.db, alice, { direction: 'FC->SG', maxPassengers: 10 });
  rideId = ride.id;
  await addPassenger(t.db, ride, bob);
  await createRide(t.db, alice, { status: 'assigned', vendorId: vendor.id });
});

type Read = [string, () => Promise<unknown>];

/** One instance's ride list cache, as HTTP requests share it. */
const rideListCache = new RideListCache();

function reads(): Read[] {
  const anon = callerFor(t.db, null);
  const cached = callerFor(t.db, null, { rideListCache });
  const cachedMember = callerFor(t.db, bob, { rideListCache });
  return [
    // A first page from the cache costs only the ride-list version read (no listener here); later
    // pages are read fresh.
    ['ride.list first page', () => cached.ride.list({ time: 'all', pageSize: 100 })],
    ['ride.list first page, member', () => cachedMember.ride.list()],
    ['ride.list page 2', () => cached.ride.list({ time: 'all', page: 2, pageSize: 5 })],
    // The first read built the full list; then it costs the version read too.
    ['full list (GET /api/rides)', () => rideListCache.fullList(t.db, 'public')],
    ['ride.byId', () => anon.ride.byId({ id: rideId })],
    ['ride.joined', () => callerFor(t.db, bob).ride.joined()],
    ['ride.organized', () => callerFor(t.db, alice).ride.organized()],
    ['passenger.list', () => callerFor(t.db, bob).passenger.list({ rideId })],
    ['stats.get', () => anon.stats.get()],
    ['vendor.rides', () => callerFor(t.db, vendor).vendor.rides()],
    ['vendor.available', () => callerFor(t.db, vendor).vendor.available()],
  ];
}

async function countStatements(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [name, run] of reads()) {
    await run();
    statements = 0;
    await run();
    counts[name] = statements;
  }
  return counts;
}

describe('statements per read', () => {
  it('stay the same as rides and passengers grow', async () => {
    const small = await countStatements();
    expect(small).toEqual({
      'ride.list first page': 1,
      'ride.list first page, member': 1,
      'ride.list page 2': 2,
      'full list (GET /api/rides)': 1,
      'ride.byId': 1,
      'ride.joined': 1,
      'ride.organized': 1,
      'passenger.list': 1,
      'stats.get': 1,
      'vendor.rides': 1,
      // The vendor's permit (which directions it may pick up in), then the rides.
      'vendor.available': 2,
    });

    const others = await createUsers(t.db, 8);
    for (let i = 0; i < 12; i += 1) {
      const creator = i % 2 === 0 ? alice : (others[i % others.length] ?? alice);
      const ride = await createRide(t.db, creator, {
        maxPassengers: 10,
        status: i % 3 === 0 ? 'assigned' : 'open',
        vendorId: i % 3 === 0 ? vendor.id : null,
      });
      for (const user of [bob, ...others.slice(0, 5)]) {
        if (user.id !== creator.id) await addPassenger(t.db, ride, user);
      }
    }
    for (const user of others) await addPassenger(t.db, { id: rideId }, user);

    const large = await countStatements();
    expect(large).toEqual(small);
    // The data really grew, so the equality above means something.
    expect((await callerFor(t.db, bob).passenger.list({ rideId })).length).toBe(10);
    expect((await callerFor(t.db, bob).ride.joined()).length).toBeGreaterThan(10);
  });
});
