import { beforeEach, describe, expect, it } from 'vitest';

import { createRide, createUser, createVendor, type TestUser } from '../factories';
import { useTestDatabase } from '../helpers/db';
import { callerFor, refusal, rideTablesSnapshot } from '../helpers/rides';

const t = useTestDatabase();

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY);

let alice: TestUser;
let vendor: TestUser;
let rival: TestUser;
beforeEach(async () => {
  alice = await createUser(t.db, { name: 'Alice' });
  vendor = await createVendor(t.db);
  rival = await createVendor(t.db);
});

async function rideStatus(id: number) {
  return t.db.selectFrom('rides').select(['status', 'vendorId']).where('id', '=', id).executeTakeFirstOrThrow();
}

describe('vendor.rides and vendor.available', () => {
  it("lists the caller's assigned rides, and open rides still ahead", async () => {
    const mine = await createRide(t.db, alice, { status: 'assigned', vendorId: vendor.id, date: inDays(3) });
    await createRide(t.db, alice, { status: 'assigned', vendorId: rival.id });
    const open = await createRide(t.db, alice, { date: inDays(1) });
    await createRide(t.db, alice, { date: inDays(-1) });
    await createRide(t.db, alice, { status: 'completed' });

    const assigned = await callerFor(t.db, vendor).vendor.rides();
    expect(assigned.map((r) => r.id)).toEqual([mine.id]);
    expect(assigned[0]).toMatchObject({ status: 'assigned', vendorId: vendor.id, creatorName: 'Alice' });
    expect((await callerFor(t.db, vendor).vendor.available()).map((r) => r.id)).toEqual([open.id]);
  });

  it('refuses members and signed-out callers', async () => {
    for (const call of [callerFor(t.db, alice).vendor.rides(), callerFor(t.db, alice).vendor.available()]) {
      expect(await refusal(call)).toEqual({
        code: 'FORBIDDEN',
        domainCode: 'VENDOR_ONLY',
        message: 'Only vendors can do this',
      });
    }
    expect(await refusal(callerFor(t.db, null).vendor.rides())).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('vendor.assign', () => {
  it('takes an open future ride: open → assigned with the vendor set', async () => {
    const ride = await createRide(t.db, alice);
    const detail = await callerFor(t.db, vendor).vendor.assign({ rideId: ride.id });
    expect(detail).toMatchObject({ id: ride.id, status: 'assigned', vendorId: vendor.id, creator: { id: alice.id } });
    expect(await rideStatus(ride.id)).toEqual({ status: 'assigned', vendorId: vendor.id });
    expect((await callerFor(t.db, vendor).vendor.rides()).map((r) => r.id)).toEqual([ride.id]);
  });

  it('refuses assigned, completed and past rides, members and unknown rides, writing nothing', async () => {
    const taken = await createRide(t.db, alice, { status: 'assigned', vendorId: rival.id });
    const done = await createRide(t.db, alice, { status: 'completed' });
    const past = await createRide(t.db, alice, { date: inDays(-1) });
    const open = await createRide(t.db, alice);
    const before = await rideTablesSnapshot(t.db);
    const assign = (user: TestUser | null, rideId: number) => refusal(callerFor(t.db, user).vendor.assign({ rideId }));
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
    expect(await refusal(callerFor(t.db, vendor).vendor.assign({ rideId: 'x' } as never))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Invalid id',
    });
    expect(await rideTablesSnapshot(t.db)).toBe(before);
  });

  it('lets exactly one of two racing vendors win', async () => {
    for (let round = 0; round < 5; round += 1) {
      const ride = await createRide(t.db, alice);
      const results = await Promise.allSettled([
        callerFor(t.db, vendor).vendor.assign({ rideId: ride.id }),
        callerFor(t.db, rival).vendor.assign({ rideId: ride.id }),
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

describe('vendor.unassign', () => {
  const DEPARTURE = new Date('2026-12-10T08:00:00.000Z');
  const HOUR = 3_600_000;
  const hoursBefore = (hours: number) => () => new Date(DEPARTURE.getTime() - hours * HOUR);

  it('lets the assigned vendor hand a ride back more than 24 h ahead: open again, no vendor', async () => {
    const ride = await createRide(t.db, alice, { status: 'assigned', vendorId: vendor.id, date: DEPARTURE });
    const answer = await callerFor(t.db, vendor, { now: hoursBefore(25) }).vendor.unassign({ rideId: ride.id });
    expect(answer).toMatchObject({ id: ride.id, status: 'open', vendorId: null, driver: null });
    expect(await rideStatus(ride.id)).toEqual({ status: 'open', vendorId: null });
  });

  it('lets the organiser release the driver until departure', async () => {
    const ride = await createRide(t.db, alice, { status: 'assigned', vendorId: vendor.id, date: DEPARTURE });
    const answer = await callerFor(t.db, alice, { now: hoursBefore(1) }).vendor.unassign({ rideId: ride.id });
    expect(answer).toMatchObject({ status: 'open', vendorId: null, driver: null });
    expect(await rideStatus(ride.id)).toEqual({ status: 'open', vendorId: null });
  });

  it('refuses the vendor within 24 h, the organiser after departure, others, and rides without a driver', async () => {
    const ride = await createRide(t.db, alice, { status: 'assigned', vendorId: vendor.id, date: DEPARTURE });
    const open = await createRide(t.db, alice, { date: DEPARTURE });
    const before = await rideTablesSnapshot(t.db);
    expect(
      await refusal(callerFor(t.db, vendor, { now: hoursBefore(24) }).vendor.unassign({ rideId: ride.id })),
    ).toEqual({
      code: 'CONFLICT',
      domainCode: 'UNASSIGN_TOO_LATE',
      message: 'A ride can only be unassigned until 24 hours before departure',
    });
    expect(
      await refusal(callerFor(t.db, alice, { now: hoursBefore(-1) }).vendor.unassign({ rideId: ride.id })),
    ).toEqual({ code: 'CONFLICT', domainCode: 'RIDE_PAST', message: 'The driver cannot be released from a past ride' });
    for (const other of [rival, await createUser(t.db)]) {
      expect(
        await refusal(callerFor(t.db, other, { now: hoursBefore(48) }).vendor.unassign({ rideId: ride.id })),
      ).toEqual({
        code: 'FORBIDDEN',
        domainCode: 'NOT_ASSIGNED_VENDOR',
        message: 'Only the assigned vendor or the ride organizer can release the driver',
      });
    }
    expect(
      await refusal(callerFor(t.db, alice, { now: hoursBefore(48) }).vendor.unassign({ rideId: open.id })),
    ).toEqual({ code: 'CONFLICT', domainCode: 'RIDE_NOT_ASSIGNED', message: 'This ride has no driver assigned' });
    expect(await refusal(callerFor(t.db, alice).vendor.unassign({ rideId: 9999 }))).toEqual({
      code: 'NOT_FOUND',
      domainCode: 'NOT_FOUND',
      message: 'Ride not found',
    });
    expect(await refusal(callerFor(t.db, null).vendor.unassign({ rideId: ride.id }))).toMatchObject({
      code: 'UNAUTHORIZED',
    });
    expect(await refusal(callerFor(t.db, alice).vendor.unassign({ rideId: -3 }))).toMatchObject({
      code: 'BAD_REQUEST',
      domainCode: 'VALIDATION_FAILED',
    });
    expect(await rideTablesSnapshot(t.db)).toEqual(before);
  });
});

describe('vendor.complete', () => {
  const DEPARTURE = new Date('2026-12-10T08:00:00.000Z');
  const afterDeparture = () => new Date(DEPARTURE.getTime() + 60_000);

  it('lets the assigned vendor mark a departed ride completed, once', async () => {
    const ride = await createRide(t.db, alice, { status: 'assigned', vendorId: vendor.id, date: DEPARTURE });
    const caller = callerFor(t.db, vendor, { now: afterDeparture });
    expect(await caller.vendor.complete({ rideId: ride.id })).toMatchObject({
      id: ride.id,
      status: 'completed',
      vendorId: vendor.id,
    });
    expect(await rideStatus(ride.id)).toEqual({ status: 'completed', vendorId: vendor.id });
    expect(await refusal(caller.vendor.complete({ rideId: ride.id }))).toEqual({
      code: 'CONFLICT',
      domainCode: 'RIDE_NOT_ASSIGNED',
      message: 'This ride is already completed',
    });
  });

  it('refuses before departure, other vendors, members and open rides, writing nothing', async () => {
    const ride = await createRide(t.db, alice, { status: 'assigned', vendorId: vendor.id, date: DEPARTURE });
    const open = await createRide(t.db, alice, { date: DEPARTURE });
    const before = await rideTablesSnapshot(t.db);
    expect(
      await refusal(callerFor(t.db, vendor, { now: () => DEPARTURE }).vendor.complete({ rideId: ride.id })),
    ).toEqual({
      code: 'CONFLICT',
      domainCode: 'RIDE_NOT_DEPARTED',
      message: 'A ride can only be marked completed after its departure',
    });
    expect(await refusal(callerFor(t.db, rival, { now: afterDeparture }).vendor.complete({ rideId: ride.id }))).toEqual(
      {
        code: 'FORBIDDEN',
        domainCode: 'NOT_ASSIGNED_VENDOR',
        message: 'Only the assigned vendor can mark this ride completed',
      },
    );
    expect(
      await refusal(callerFor(t.db, vendor, { now: afterDeparture }).vendor.complete({ rideId: open.id })),
    ).toMatchObject({ code: 'FORBIDDEN', domainCode: 'NOT_ASSIGNED_VENDOR' });
    expect(
      await refusal(callerFor(t.db, alice, { now: afterDeparture }).vendor.complete({ rideId: ride.id })),
    ).toMatchObject({ code: 'FORBIDDEN', message: 'Only vendors can do this' });
    expect(await refusal(callerFor(t.db, vendor).vendor.complete({ rideId: 9999 }))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Ride not found',
    });
    expect(await rideTablesSnapshot(t.db)).toEqual(before);
  });
});
