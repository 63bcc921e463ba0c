import { beforeEach, describe, expect, it } from 'vitest';

import { addPassenger, createRide, createUser, createVendor, type TestUser } from '../factories';
import { useTestDatabase } from '../helpers/db';
import { callerFor, fullRideList, refusal, rideTablesSnapshot } from '../helpers/rides';
import { RideListCache } from '../../src/cache/ride-list-cache';
import { readRidesVersion } from '../../src/repositories/ride-repository';

const t = useTestDatabase();

const DAY = 86_400_000;
// A fixed clock: every ride below departs relative to it, so no assertion depends on the wall clock.
const NOW = new Date('2030-06-01T02:00:00.000Z');
const atNow = { now: () => NOW };
const inDays = (days: number) => new Date(NOW.getTime() + days * DAY);

let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let vendor: TestUser;

beforeEach(async () => {
  alice = await createUser(t.db, { name: 'Alice' });
  bob = await createUser(t.db, { name: 'Bob' });
  carol = await createUser(t.db, { name: 'Carol' });
  vendor = await createVendor(t.db);
});

async function rideRow(id: number) {
  return t.db.selectFrom('rides').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

describe('ride.cancel', () => {
  it('cancels a future ride others joined: entries kept, status, reason and time stored and answered', async () => {
    const ride = await createRide(t.db, alice, { date: inDays(2) });
    await addPassenger(t.db, ride, bob, { count: 2 });
    const versionBefore = await readRidesVersion(t.db);

    const answer = await callerFor(t.db, alice, atNow).ride.cancel({ id: ride.id, reason: '  Car broke down  ' });

    expect(answer).toMatchObject({
      id: ride.id,
      status: 'cancelled',
      cancelReason: 'Car broke down',
      cancelledAt: NOW.toISOString(),
      currentPassengers: 3,
    });
    expect(await rideRow(ride.id)).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Car broke down',
      cancelledAt: NOW,
      currentPassengers: 3,
    });
    const entries = await t.db.selectFrom('ridePassengers').select('userId').where('rideId', '=', ride.id).execute();
    expect(entries.map((e) => e.userId).sort()).toEqual([alice.id, bob.id].sort());
    // The trigger bumped the ride-list version in the same transaction, so cached lists drop.
    expect(await readRidesVersion(t.db)).toBeGreaterThan(versionBefore);
  });

  it('shows the cancellation in every ride answer: byId, the full list, joined, organized, list', async () => {
    const ride = await createRide(t.db, alice, { date: inDays(2) });
    await addPassenger(t.db, ride, bob);
    await callerFor(t.db, alice, atNow).ride.cancel({ id: ride.id, reason: 'Flight moved' });
    const expected = { id: ride.id, status: 'cancelled', cancelReason: 'Flight moved', cancelledAt: NOW.toISOString() };

    const asBob = callerFor(t.db, bob, atNow);
    expect(await asBob.ride.byId({ id: ride.id })).toMatchObject(expected);
    expect(await fullRideList(t.db, bob)).toEqual([expect.objectContaining(expected)]);
    expect(await asBob.ride.joined()).toEqual([expect.objectContaining(expected)]);
    expect(await callerFor(t.db, alice).ride.organized()).toEqual([expect.objectContaining(expected)]);
    const page = await callerFor(t.db, null, atNow).ride.list({});
    expect(page.items).toEqual([expect.objectContaining(expected)]);
  });

  it('answers cancelReason and cancelledAt as null on a ride that is not cancelled', async () => {
    const ride = await createRide(t.db, alice, { date: inDays(2) });
    expect(await callerFor(t.db, null).ride.byId({ id: ride.id })).toMatchObject({
      status: 'open',
      cancelReason: null,
      cancelledAt: null,
    });
  });

  it('drops a cached ride list page at once (the version bumps on the cancel)', async () => {
    const ride = await createRide(t.db, alice, { date: inDays(2) });
    const cache = new RideListCache();
    const before = await callerFor(t.db, null, { ...atNow, rideListCache: cache }).ride.list({});
    expect(before.items[0]).toMatchObject({ status: 'open' });
    await callerFor(t.db, alice, atNow).ride.cancel({ id: ride.id, reason: 'Sick' });
    const after = await callerFor(t.db, null, { ...atNow, rideListCache: cache }).ride.list({});
    expect(after.items[0]).toMatchObject({ status: 'cancelled', cancelReason: 'Sick' });
  });

  it('tells the party of the cancellation: the assigned vendor while approved, not one suspended since (docs/architecture.md#ride-party)', async () => {
    const told = async (rideId: number) =>
      (
        await t.db
          .selectFrom('notifications')
          .select('userId')
          .where('rideId', '=', rideId)
          .where('kind', '=', 'ride_cancelled')
          .execute()
      )
        .map((row) => row.userId)
        .sort((a, b) => a - b);
    const approved = await createRide(t.db, alice, { date: inDays(2), status: 'assigned', vendorId: vendor.id });
    await addPassenger(t.db, approved, bob);
    await callerFor(t.db, alice, atNow).ride.cancel({ id: approved.id, reason: 'Car broke down' });
    expect(await told(approved.id)).toEqual([bob.id, vendor.id].sort((a, b) => a - b));

    const suspended = await createRide(t.db, alice, { date: inDays(3), status: 'assigned', vendorId: vendor.id });
    await addPassenger(t.db, suspended, bob);
    await t.db
      .updateTable('users')
      .set({ vendorStatus: 'suspended', vendorStatusReason: 'Audit' })
      .where('id', '=', vendor.id)
      .execute();
    await callerFor(t.db, alice, atNow).ride.cancel({ id: suspended.id, reason: 'Car broke down' });
    expect(await told(suspended.id)).toEqual([bob.id]);
  });

  it('cancels an assigned ride too; it leaves the vendor list of available rides', async () => {
    const assigned = await createRide(t.db, alice, { date: inDays(2), status: 'assigned', vendorId: vendor.id });
    const open = await createRide(t.db, alice, { date: inDays(3) });
    const asVendor = callerFor(t.db, vendor, atNow);
    expect((await asVendor.vendor.available()).map((r) => r.id)).toEqual([open.id]);

    await callerFor(t.db, alice, atNow).ride.cancel({ id: open.id, reason: 'Plans changed' });
    await callerFor(t.db, alice, atNow).ride.cancel({ id: assigned.id, reason: 'Plans changed' });

    expect(await asVendor.vendor.available()).toEqual([]);
    // The vendor still sees the ride it had taken, now cancelled, with the reason.
    expect(await asVendor.vendor.rides()).toEqual([
      expect.objectContaining({ id: assigned.id, status: 'cancelled', cancelReason: 'Plans changed' }),
    ]);
  });

  describe('refusals (nothing written)', () => {
    it.each([
      ['someone else', 'bob', {}, 'FORBIDDEN', 'NOT_CREATOR', 'Only the ride organizer can cancel this ride'],
      [
        'a passenger of the ride',
        'carol',
        {},
        'FORBIDDEN',
        'NOT_CREATOR',
        'Only the ride organizer can cancel this ride',
      ],
      [
        'a cancelled ride (twice)',
        'alice',
        { status: 'cancelled' },
        'CONFLICT',
        'RIDE_CANCELLED',
        'This ride is already cancelled',
      ],
      ['a past ride', 'alice', { date: inDays(-1) }, 'CONFLICT', 'RIDE_PAST', 'A past ride cannot be cancelled'],
      [
        'a completed ride',
        'alice',
        { status: 'completed' },
        'CONFLICT',
        'RIDE_NOT_OPEN',
        'A completed ride cannot be cancelled',
      ],
    ] as const)('refuses %s', async (_label, actorName, overrides, code, domainCode, message) => {
      const ride = await createRide(t.db, alice, { date: inDays(2), ...overrides });
      await addPassenger(t.db, ride, carol);
      const actor = { alice, bob, carol }[actorName];
      const before = await rideTablesSnapshot(t.db);
      expect(await refusal(callerFor(t.db, actor, atNow).ride.cancel({ id: ride.id, reason: 'Why not' }))).toEqual({
        code,
        domainCode,
        message,
      });
      expect(await rideTablesSnapshot(t.db)).toBe(before);
    });

    it('refuses a second cancel after a first one succeeded, keeping the first reason', async () => {
      const ride = await createRide(t.db, alice, { date: inDays(2) });
      await callerFor(t.db, alice, atNow).ride.cancel({ id: ride.id, reason: 'First' });
      expect(await refusal(callerFor(t.db, alice, atNow).ride.cancel({ id: ride.id, reason: 'Second' }))).toEqual({
        code: 'CONFLICT',
        domainCode: 'RIDE_CANCELLED',
        message: 'This ride is already cancelled',
      });
      expect(await rideRow(ride.id)).toMatchObject({ cancelReason: 'First' });
    });

    it('refuses a signed-out caller and an unknown ride', async () => {
      const ride = await createRide(t.db, alice, { date: inDays(2) });
      expect(await refusal(callerFor(t.db, null, atNow).ride.cancel({ id: ride.id, reason: 'x' }))).toMatchObject({
        code: 'UNAUTHORIZED',
      });
      expect(await refusal(callerFor(t.db, alice, atNow).ride.cancel({ id: 4242, reason: 'x' }))).toEqual({
        code: 'NOT_FOUND',
        domainCode: 'NOT_FOUND',
        message: 'Ride not found',
      });
    });

    it.each([
      ['missing', undefined, 'Please give a reason for cancelling'],
      ['empty', '', 'Please give a reason for cancelling'],
      ['blank', '   ', 'Please give a reason for cancelling'],
      ['301 characters', 'x'.repeat(301), 'Reason must be at most 300 characters'],
      [
        'a control character',
        'car\u0000broke',
        'Reason contains characters that are not allowed (control or text-direction characters)',
      ],
    ])('refuses a reason that is %s with 400', async (_label, reason, message) => {
      const ride = await createRide(t.db, alice, { date: inDays(2) });
      const before = await rideTablesSnapshot(t.db);
      expect(await refusal(callerFor(t.db, alice, atNow).ride.cancel({ id: ride.id, reason } as never))).toEqual({
        code: 'BAD_REQUEST',
        domainCode: 'VALIDATION_FAILED',
        message,
      });
      expect(await rideTablesSnapshot(t.db)).toBe(before);
    });

    it('accepts a reason of exactly 300 characters', async () => {
      const ride = await createRide(t.db, alice, { date: inDays(2) });
      const answer = await callerFor(t.db, alice, atNow).ride.cancel({ id: ride.id, reason: 'y'.repeat(300) });
      expect(answer.cancelReason).toHaveLength(300);
    });
  });
});

describe('a cancelled ride refuses changes', () => {
  let rideId: number;
  let bobEntryId: number;
  beforeEach(async () => {
    const ride = await createRide(t.db, alice, { direction: 'FC->SG', date: inDays(2) });
    bobEntryId = (await addPassenger(t.db, ride, bob)).id;
    await callerFor(t.db, alice, atNow).ride.cancel({ id: ride.id, reason: 'Plans changed' });
    rideId = ride.id;
  });

  it.each([
    [
      'joining',
      () => callerFor(t.db, carol, atNow).passenger.join({ rideId, dropoffLocation: 'Bedok', passengerCount: 1 }),
      'This ride was cancelled',
    ],
    [
      'editing',
      () =>
        callerFor(t.db, alice, atNow).ride.update({
          id: rideId,
          direction: 'FC->SG',
          maxPassengers: 5,
          date: inDays(3).toISOString(),
          organizerPassengerCount: 1,
          pickupLocation: 'Forest City',
          dropoffLocations: [{ location: 'Tampines Mall', passengerCount: 1 }],
        }),
      'A cancelled ride cannot be edited',
    ],
    [
      'being assigned to a vendor',
      () => callerFor(t.db, vendor, atNow).vendor.assign({ rideId }),
      'This ride was cancelled',
    ],
    [
      'the organiser removing a passenger',
      () => callerFor(t.db, alice, atNow).passenger.remove({ rideId, passengerId: bobEntryId }),
      'Passengers cannot be removed from a cancelled ride',
    ],
    [
      'moving a passenger in the drop-off sequence',
      () => callerFor(t.db, alice, atNow).sequence.set({ rideId, passengerId: bobEntryId, sequence: 1 }),
      'The drop-off sequence of a cancelled ride cannot be changed',
    ],
    [
      'locking the drop-off sequence',
      () => callerFor(t.db, alice, atNow).sequence.lock({ rideId }),
      'The drop-off sequence of a cancelled ride cannot be changed',
    ],
  ])('refuses %s with 409 RIDE_CANCELLED, writing nothing', async (_label, call, message) => {
    const before = await rideTablesSnapshot(t.db);
    expect(await refusal(call())).toEqual({ code: 'CONFLICT', domainCode: 'RIDE_CANCELLED', message });
    expect(await rideTablesSnapshot(t.db)).toBe(before);
  });

  it('lets a passenger leave (their own entry); the ride stays cancelled', async () => {
    await callerFor(t.db, bob, atNow).passenger.remove({ rideId, passengerId: bobEntryId });
    expect(await rideRow(rideId)).toMatchObject({ status: 'cancelled', currentPassengers: 1 });
  });

  it('keeps today’s delete rule: refused while others are on it, allowed once the organiser is alone', async () => {
    expect(await refusal(callerFor(t.db, alice, atNow).ride.delete({ id: rideId }))).toMatchObject({
      code: 'CONFLICT',
      domainCode: 'RIDE_HAS_PASSENGERS',
    });
    await callerFor(t.db, bob, atNow).passenger.remove({ rideId, passengerId: bobEntryId });
    await callerFor(t.db, alice, atNow).ride.delete({ id: rideId });
    expect(await t.db.selectFrom('rides').select('id').where('id', '=', rideId).executeTakeFirst()).toBeUndefined();
  });
});

describe('the database', () => {
  it('refuses a cancelled status without a reason (CHECK rides_cancel_fields_check)', async () => {
    const ride = await createRide(t.db, alice, { date: inDays(2) });
    await expect(
      t.db.updateTable('rides').set({ status: 'cancelled' }).where('id', '=', ride.id).execute(),
    ).rejects.toThrow(/rides_cancel_fields_check/);
  });
});
