import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { RideListCache } from '../../src/lib/ride-list-cache';
import { addPassenger, createRide, createUser, createUsers, createVendor, type TestUser } from '../factories';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { callerFor } from '../helpers/rides';

/**
 * Every read is a fixed number of statements whatever the number of rides or passengers: measured
 * with a small data set, then again after adding many rides and passengers. Each read runs once
 * before it is counted (as the bench does), so a cached read is counted as the hit it then is.
 */
let statements = 0;
let tdb: TestDatabase;
let alice: TestUser;
let bob: TestUser;
let vendor: TestUser;
let rideId: number;

beforeAll(async () => {
  tdb = await createTestDatabase({
    onQuery: () => {
      statements += 1;
    },
  });
  alice = await createUser(tdb.db);
  bob = await createUser(tdb.db);
  vendor = await createVendor(tdb.db);
  const ride = await createRide(tdb.db, alice, { direction: 'FC->SG', maxPassengers: 10 });
  rideId = ride.id;
  await addPassenger(tdb.db, ride, bob);
  await createRide(tdb.db, alice, { status: 'assigned', vendorId: vendor.id });
});
afterAll(async () => {
  await tdb.destroy();
});

type Read = [string, () => Promise<unknown>];

/** One instance's ride list cache, as HTTP requests share it. */
const rideListCache = new RideListCache();

function reads(): Read[] {
  const anon = callerFor(tdb.db, null);
  const cached = callerFor(tdb.db, null, { rideListCache });
  const cachedMember = callerFor(tdb.db, bob, { rideListCache });
  return [
    ['ride.list', () => anon.ride.list({ time: 'all', pageSize: 100 })],
    // A first page from the cache costs only the ride-list version read; later pages are read fresh.
    ['ride.list first page, cached', () => cached.ride.list({ time: 'all', pageSize: 100 })],
    ['ride.list first page, cached, member', () => cachedMember.ride.list()],
    ['ride.list page 2, cache on', () => cached.ride.list({ time: 'all', page: 2, pageSize: 5 })],
    ['ride.all', () => anon.ride.all()],
    ['ride.byId', () => anon.ride.byId({ id: rideId })],
    ['ride.joined', () => callerFor(tdb.db, bob).ride.joined()],
    ['ride.organized', () => callerFor(tdb.db, alice).ride.organized()],
    ['passenger.list', () => callerFor(tdb.db, bob).passenger.list({ rideId })],
    ['stats.get', () => anon.stats.get()],
    ['vendor.rides', () => callerFor(tdb.db, vendor).vendor.rides()],
    ['vendor.available', () => callerFor(tdb.db, vendor).vendor.available()],
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
      'ride.list': 2,
      'ride.list first page, cached': 1,
      'ride.list first page, cached, member': 1,
      'ride.list page 2, cache on': 2,
      'ride.all': 1,
      'ride.byId': 1,
      'ride.joined': 1,
      'ride.organized': 1,
      'passenger.list': 1,
      'stats.get': 1,
      'vendor.rides': 1,
      'vendor.available': 1,
    });

    const others = await createUsers(tdb.db, 8);
    for (let i = 0; i < 12; i += 1) {
      const creator = i % 2 === 0 ? alice : (others[i % others.length] ?? alice);
      const ride = await createRide(tdb.db, creator, {
        maxPassengers: 10,
        status: i % 3 === 0 ? 'assigned' : 'open',
        vendorId: i % 3 === 0 ? vendor.id : null,
      });
      for (const user of [bob, ...others.slice(0, 5)]) {
        if (user.id !== creator.id) await addPassenger(tdb.db, ride, user);
      }
    }
    for (const user of others) await addPassenger(tdb.db, { id: rideId }, user);

    const large = await countStatements();
    expect(large).toEqual(small);
    // The data really grew, so the equality above means something.
    expect((await callerFor(tdb.db, bob).passenger.list({ rideId })).length).toBe(10);
    expect((await callerFor(tdb.db, bob).ride.joined()).length).toBeGreaterThan(10);
  });
});
