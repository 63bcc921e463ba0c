import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { createRide, createUser, createVendor, type TestUser } from '../factories';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { callerFor, refusal, rideTablesSnapshot } from '../helpers/rides';

let tdb: TestDatabase;

beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(async () => {
  await tdb.destroy();
});

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY);

let alice: TestUser;
let vendor: TestUser;
let rival: TestUser;
beforeEach(async () => {
  await tdb.reset();
  alice = await createUser(tdb.db, { name: 'Alice' });
  vendor = await createVendor(tdb.db);
  rival = await createVendor(tdb.db);
});

async function rideStatus(id: number) {
  return tdb.db.selectFrom('rides').select(['status', 'vendorId']).where('id', '=', id).executeTakeFirstOrThrow();
}

describe('vendor.rides and vendor.available', () => {
  it("lists the caller's assigned rides, and open rides still ahead", async () => {
    const mine = await createRide(tdb.db, alice, { status: 'assigned', vendorId: vendor.id, date: inDays(3) });
    await createRide(tdb.db, alice, { status: 'assigned', vendorId: rival.id });
    const open = await createRide(tdb.db, alice, { date: inDays(1) });
    await createRide(tdb.db, alice, { date: inDays(-1) });
    await createRide(tdb.db, alice, { status: 'completed' });

    const assigned = await callerFor(tdb.db, vendor).vendor.rides();
    expect(assigned.map((r) => r.id)).toEqual([mine.id]);
    expect(assigned[0]).toMatchObject({ status: 'assigned', vendorId: vendor.id, creatorName: 'Alice' });
    expect((await callerFor(tdb.db, vendor).vendor.available()).map((r) => r.id)).toEqual([open.id]);
  });

  it('refuses members and signed-out callers', async () => {
    for (const call of [callerFor(tdb.db, alice).vendor.rides(), callerFor(tdb.db, alice).vendor.available()]) {
      expect(await refusal(call)).toEqual({
        code: 'FORBIDDEN',
        domainCode: 'VENDOR_ONLY',
        message: 'Only vendors can do this',
      });
    }
    expect(await refusal(callerFor(tdb.db, null).vendor.rides())).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('vendor.assign', () => {
  it('takes an open future ride: open → assigned with the vendor set', async () => {
    const ride = await createRide(tdb.db, alice);
    const detail = await callerFor(tdb.db, vendor).vendor.assign({ rideId: ride.id });
    expect(detail).toMatchObject({ id: ride.id, status: 'assigned', vendorId: vendor.id, creator: { id: alice.id } });
    expect(await rideStatus(ride.id)).toEqual({ status: 'assigned', vendorId: vendor.id });
    expect((await callerFor(tdb.db, vendor).vendor.rides()).map((r) => r.id)).toEqual([ride.id]);
  });

  it('refuses assigned, completed and past rides, members and unknown rides, writing nothing', async () => {
    const taken = await createRide(tdb.db, alice, { status: 'assigned', vendorId: rival.id });
    const done = await createRide(tdb.db, alice, { status: 'completed' });
    const past = await createRide(tdb.db, alice, { date: inDays(-1) });
    const open = await createRide(tdb.db, alice);
    const before = await rideTablesSnapshot(tdb.db);
    const assign = (user: TestUser | null, rideId: number) =>
      refusal(callerFor(tdb.db, user).vendor.assign({ rideId }));
    expect(await assign(vendor, taken.id)).toEqual({
      code: 'CONFLICT',
      domainCode: 'ALREADY_ASSIGNED',
      message: 'This ride has already been assigned',
    });
    expect(await assign(vendor, done.id)).toMatchObject({ domainCode: 'ALREADY_ASSIGNED' });
    expect(await assign(vendor, past.id)).toEqual({
      code: 'CONFLICT',
      domainCode: 'RIDE_PAST',
      message: 'This ride is in the past',
    });
    expect(await assign(alice, open.id)).toEqual({
      code: 'FORBIDDEN',
      domainCode: 'VENDOR_ONLY',
      message: 'Only vendors can do this',
    });
    expect(await assign(null, open.id)).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await assign(vendor, 5555)).toMatchObject({ code: 'NOT_FOUND', message: 'Ride not found' });
    expect(await refusal(callerFor(tdb.db, vendor).vendor.assign({ rideId: 'x' } as never))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Invalid id',
    });
    expect(await rideTablesSnapshot(tdb.db)).toBe(before);
  });

  it('lets exactly one of two racing vendors win', async () => {
    for (let round = 0; round < 5; round += 1) {
      const ride = await createRide(tdb.db, alice);
      const results = await Promise.allSettled([
        callerFor(tdb.db, vendor).vendor.assign({ rideId: ride.id }),
        callerFor(tdb.db, rival).vendor.assign({ rideId: ride.id }),
      ]);
      const winners = results.filter((r) => r.status === 'fulfilled');
      const losers = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(winners).toHaveLength(1);
      expect(losers).toHaveLength(1);
      expect(losers[0]?.reason).toMatchObject({ code: 'CONFLICT', message: 'This ride has already been assigned' });
      const stored = await rideStatus(ride.id);
      const winner = winners[0];
      expect(stored).toEqual({
        status: 'assigned',
        vendorId: winner?.status === 'fulfilled' ? winner.value.vendorId : -1,
      });
    }
  });
});
