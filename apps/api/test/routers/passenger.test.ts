import { beforeEach, describe, expect, it } from 'vitest';

import { addPassenger, createRide, createUser, createUsers, createVendor, type TestUser } from '../factories';
import { useTestDatabase } from '../helpers/db';
import { callerFor, refusal, rideTablesSnapshot } from '../helpers/rides';

const t = useTestDatabase();

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY);

async function rideRow(rideId: number) {
  return t.db
    .selectFrom('rides')
    .select(['currentPassengers', 'additionalStops', 'dropoffLocations', 'maxPassengers'])
    .where('id', '=', rideId)
    .executeTakeFirstOrThrow();
}

async function sequences(rideId: number) {
  const rows = await t.db
    .selectFrom('ridePassengers')
    .select(['id', 'dropoffSequence'])
    .where('rideId', '=', rideId)
    .orderBy('id')
    .execute();
  return rows.map((r) => [r.id, r.dropoffSequence]);
}

let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
beforeEach(async () => {
  alice = await createUser(t.db, { name: 'Alice', whatsappNumber: '+6591111111' });
  bob = await createUser(t.db, { name: 'Bob', revolutUsername: 'bobrev', malaysianNumber: '+60111' });
  carol = await createUser(t.db, { name: null });
});

describe('passenger.list', () => {
  it('lists entries with their users, numbered stops first, then by id', async () => {
    const ride = await createRide(t.db, alice, { direction: 'FC->SG', organizerLocation: 'Bedok' });
    const b = await addPassenger(t.db, ride, bob, { location: 'Jurong', count: 2, sequence: 1 });
    const c = await addPassenger(t.db, ride, carol, { location: 'Clementi' });
    const list = await callerFor(t.db, carol).passenger.list({ rideId: ride.id });
    expect(list.map((e) => e.id)).toEqual([b.id, ride.organizerEntryId, c.id]);
    expect(list[0]).toEqual({
      id: b.id,
      rideId: ride.id,
      userId: bob.id,
      dropoffLocation: 'Jurong',
      dropoffSequence: 1,
      passengerCount: 2,
      coordinates: null,
      user: {
        id: bob.id,
        name: 'Bob',
        fullName: 'Bob',
        discordUsername: bob.discordUsername,
        discordVerified: false,
        // A co-rider three days ahead: outside the riders' window, and Revolut is the organiser's only.
        whatsappNumber: null,
        malaysianNumber: null,
        revolutUsername: null,
      },
    });
    expect(JSON.stringify(list)).not.toMatch(/password/i);
  });

  it("gives numbers and Revolut to the ride's organiser, its own to a passenger; the organiser's numbers to members", async () => {
    const vendor = await createVendor(t.db);
    const outsider = await createUser(t.db);
    const ride = await createRide(t.db, alice, { status: 'assigned', vendorId: vendor.id });
    await addPassenger(t.db, ride, bob);
    const bobContacts = { whatsappNumber: null, malaysianNumber: '+60111', revolutUsername: 'bobrev' };
    for (const party of [alice, bob]) {
      const list = await callerFor(t.db, party).passenger.list({ rideId: ride.id });
      expect(list[0]?.user).toMatchObject({ id: alice.id, whatsappNumber: '+6591111111' });
      expect(list[1]?.user).toMatchObject({ id: bob.id, ...bobContacts });
    }
    const hidden = { whatsappNumber: null, malaysianNumber: null, revolutUsername: null };
    // The vendor three days ahead (outside the 48-hour window) and another member: the organiser's
    // numbers (shared with members by default), no passenger's numbers, nobody's Revolut.
    for (const viewer of [vendor, outsider]) {
      const seen = await callerFor(t.db, viewer).passenger.list({ rideId: ride.id });
      expect(seen.map((entry) => entry.user)).toEqual([
        expect.objectContaining({ id: alice.id, name: 'Alice', whatsappNumber: '+6591111111', revolutUsername: null }),
        expect.objectContaining({ id: bob.id, name: 'Bob', discordUsername: bob.discordUsername, ...hidden }),
      ]);
      expect(seen[1]?.dropoffLocation).toBe('Stop of user ' + String(bob.id));
    }
  });

  it('answers [] for a ride without entries, NOT_FOUND for an unknown ride, UNAUTHORIZED when signed out', async () => {
    const ride = await createRide(t.db, alice, { withOrganizerEntry: false });
    expect(await callerFor(t.db, bob).passenger.list({ rideId: ride.id })).toEqual([]);
    expect(await refusal(callerFor(t.db, bob).passenger.list({ rideId: 777 }))).toEqual({
      code: 'NOT_FOUND',
      domainCode: 'NOT_FOUND',
      message: 'Ride not found',
    });
    expect(await refusal(callerFor(t.db, null).passenger.list({ rideId: ride.id }))).toMatchObject({
      code: 'UNAUTHORIZED',
      domainCode: 'UNAUTHENTICATED',
    });
  });
});

describe('passenger.join', () => {
  it('adds the entry and recomputes the derived fields', async () => {
    const ride = await createRide(t.db, alice, { maxPassengers: 6, organizerLocation: 'Pasir Ris MRT' });
    const entry = await callerFor(t.db, bob).passenger.join({
      rideId: ride.id,
      dropoffLocation: ' Tampines ',
      passengerCount: 2,
    });
    expect(entry).toMatchObject({
      rideId: ride.id,
      userId: bob.id,
      dropoffLocation: 'Tampines',
      dropoffSequence: null,
      passengerCount: 2,
      user: { id: bob.id, name: 'Bob' },
    });
    expect(await rideRow(ride.id)).toEqual({
      currentPassengers: 3,
      additionalStops: 1,
      maxPassengers: 6,
      dropoffLocations: [
        { location: 'Pasir Ris MRT', passengerCount: 1 },
        { location: 'Tampines', passengerCount: 2 },
      ],
    });
    // The same place typed differently is not an extra stop.
    await callerFor(t.db, carol).passenger.join({ rideId: ride.id, dropoffLocation: 'tampines', passengerCount: 1 });
    expect(await rideRow(ride.id)).toMatchObject({ currentPassengers: 4, additionalStops: 1 });
  });

  it('numbers a newcomer after the highest stop when the ride is already numbered', async () => {
    const ride = await createRide(t.db, alice, { direction: 'FC->SG', organizerSequence: 2 });
    await addPassenger(t.db, ride, bob, { sequence: 1 });
    const entry = await callerFor(t.db, carol).passenger.join({
      rideId: ride.id,
      dropoffLocation: 'Bishan',
      passengerCount: 1,
    });
    expect(entry.dropoffSequence).toBe(3);
  });

  it('joins a newcomer at an existing stop to that stop: numbered right after it, one stop in the cost', async () => {
    // The organiser drops at Bedok MRT (stop 1), Bob at Jurong (stop 2).
    const ride = await createRide(t.db, alice, {
      direction: 'FC->SG',
      organizerLocation: 'Bedok MRT',
      organizerSequence: 1,
      maxPassengers: 6,
    });
    const bobEntry = await addPassenger(t.db, ride, bob, { location: 'Jurong East', sequence: 2 });
    expect(await rideRow(ride.id)).toMatchObject({ additionalStops: 1 });
    const entry = await callerFor(t.db, carol).passenger.join({
      rideId: ride.id,
      dropoffLocation: 'bedok mrt.',
      passengerCount: 1,
    });
    expect(entry.dropoffSequence).toBe(2);
    const bobRow = await t.db
      .selectFrom('ridePassengers')
      .select('dropoffSequence')
      .where('id', '=', bobEntry.id)
      .executeTakeFirstOrThrow();
    expect(bobRow.dropoffSequence).toBe(3);
    expect(await rideRow(ride.id)).toMatchObject({ currentPassengers: 3, additionalStops: 1 });
  });

  it('counts pins within 50 m as one stop whatever their text', async () => {
    const ride = await createRide(t.db, alice, {
      direction: 'FC->SG',
      organizerLocation: 'Jurong East',
      maxPassengers: 6,
    });
    await addPassenger(t.db, ride, bob, { location: 'Bedok MRT', latitude: 1.324, longitude: 103.9301 });
    expect(await rideRow(ride.id)).toMatchObject({ additionalStops: 1 });
    await callerFor(t.db, carol).passenger.join({
      rideId: ride.id,
      dropoffLocation: 'Bedok Interchange, exit B',
      passengerCount: 1,
      latitude: 1.3242,
      longitude: 103.9303,
    });
    expect(await rideRow(ride.id)).toMatchObject({ currentPassengers: 3, additionalStops: 1 });
  });

  it.each([
    [
      'the organiser',
      'alice',
      {},
      { code: 'FORBIDDEN', domainCode: 'CREATOR_CANNOT_JOIN', message: 'You cannot join your own ride' },
    ],
    [
      'a passenger again',
      'bob',
      {},
      { code: 'CONFLICT', domainCode: 'ALREADY_JOINED', message: 'You have already joined this ride' },
    ],
    [
      'more than the spots left',
      'carol',
      { passengerCount: 3 },
      { code: 'CONFLICT', domainCode: 'RIDE_FULL', message: 'Only 2 spots remaining' },
    ],
    [
      '0 passengers',
      'carol',
      { passengerCount: 0 },
      { code: 'BAD_REQUEST', domainCode: 'VALIDATION_FAILED', message: 'Must have at least 1 passenger' },
    ],
    [
      'a count as text',
      'carol',
      { passengerCount: '1' },
      { code: 'BAD_REQUEST', domainCode: 'VALIDATION_FAILED', message: 'Must have at least 1 passenger' },
    ],
    [
      'a blank location',
      'carol',
      { dropoffLocation: '  ' },
      { code: 'BAD_REQUEST', domainCode: 'VALIDATION_FAILED', message: 'Drop-off location is required' },
    ],
    [
      'a 1 MB location',
      'carol',
      { dropoffLocation: 'y'.repeat(1024 * 1024) },
      {
        code: 'BAD_REQUEST',
        domainCode: 'VALIDATION_FAILED',
        message: 'Drop-off location must be at most 500 characters',
      },
    ],
  ] as const)('refuses %s, writing nothing', async (_label, who, override, expected) => {
    const ride = await createRide(t.db, alice, { maxPassengers: 4 });
    await addPassenger(t.db, ride, bob);
    const before = await rideTablesSnapshot(t.db);
    const actor = { alice, bob, carol }[who];
    const input = { rideId: ride.id, dropoffLocation: 'Bedok', passengerCount: 1, ...override };
    expect(await refusal(callerFor(t.db, actor).passenger.join(input as never))).toEqual(expected);
    expect(await rideTablesSnapshot(t.db)).toBe(before);
  });

  it('refuses a full ride, a past ride, an unknown ride and a signed-out caller', async () => {
    const full = await createRide(t.db, alice, { maxPassengers: 2, organizerCount: 2 });
    const past = await createRide(t.db, alice, { date: inDays(-1) });
    const before = await rideTablesSnapshot(t.db);
    const join = (rideId: number, user: TestUser | null) =>
      refusal(callerFor(t.db, user).passenger.join({ rideId, dropoffLocation: 'Bedok', passengerCount: 1 }));
    expect(await join(full.id, bob)).toEqual({ code: 'CONFLICT', domainCode: 'RIDE_FULL', message: 'Ride is full' });
    expect(await join(past.id, bob)).toEqual({
      code: 'CONFLICT',
      domainCode: 'RIDE_PAST',
      message: 'This ride is in the past',
    });
    expect(await join(4040, bob)).toMatchObject({ code: 'NOT_FOUND', message: 'Ride not found' });
    expect(await join(full.id, null)).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await rideTablesSnapshot(t.db)).toBe(before);
  });

  it('lets 30 people race for 3 spots: exactly 3 get in, the others are told it is full', async () => {
    const ride = await createRide(t.db, alice, { maxPassengers: 5, organizerCount: 2 });
    const racers = await createUsers(t.db, 30);
    const results = await Promise.allSettled(
      racers.map((user) =>
        callerFor(t.db, user).passenger.join({
          rideId: ride.id,
          dropoffLocation: `Stop ${String(user.id)}`,
          passengerCount: 1,
        }),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(3);
    expect(failed).toHaveLength(27);
    for (const f of failed) {
      expect(f.reason).toMatchObject({ code: 'CONFLICT' });
      expect((f.reason as Error).message).toMatch(/^(Ride is full|Only \d+ spots remaining)$/);
    }
    const row = await rideRow(ride.id);
    expect(row.currentPassengers).toBe(5);
    expect(row.currentPassengers).toBeLessThanOrEqual(row.maxPassengers);
    expect(row.dropoffLocations).toHaveLength(4);
    const entries = await t.db
      .selectFrom('ridePassengers')
      .select('passengerCount')
      .where('rideId', '=', ride.id)
      .execute();
    expect(entries.reduce((s, e) => s + e.passengerCount, 0)).toBe(5);
  });

  it('lets one person join once even when they click twice at the same time', async () => {
    const ride = await createRide(t.db, alice, { maxPassengers: 6 });
    const results = await Promise.allSettled(
      [1, 2, 3].map(() =>
        callerFor(t.db, bob).passenger.join({ rideId: ride.id, dropoffLocation: 'Bedok', passengerCount: 1 }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((x): x is PromiseRejectedResult => x.status === 'rejected')) {
      expect(r.reason).toMatchObject({ code: 'CONFLICT', message: 'You have already joined this ride' });
    }
    expect((await rideRow(ride.id)).currentPassengers).toBe(2);
  });
});

describe('passenger.remove', () => {
  it('lets the organiser remove anyone: stops close up and derived fields follow', async () => {
    const ride = await createRide(t.db, alice, {
      direction: 'FC->SG',
      organizerLocation: 'Bedok',
      organizerSequence: 3,
      maxPassengers: 6,
    });
    const b = await addPassenger(t.db, ride, bob, { location: 'Jurong', count: 2, sequence: 1 });
    const c = await addPassenger(t.db, ride, carol, { location: 'Clementi', sequence: 2 });
    const result = await callerFor(t.db, alice).passenger.remove({ rideId: ride.id, passengerId: b.id });
    expect(result).toMatchObject({
      message: 'Passenger removed successfully',
      passengerId: b.id,
      ride: { id: ride.id, currentPassengers: 2, additionalStops: 1 },
    });
    expect(await sequences(ride.id)).toEqual([
      [ride.organizerEntryId, 2],
      [c.id, 1],
    ]);
    expect((await rideRow(ride.id)).dropoffLocations).toEqual([
      { location: 'Bedok', passengerCount: 1 },
      { location: 'Clementi', passengerCount: 1 },
    ]);
  });

  it('lets a passenger leave (remove their own entry)', async () => {
    const ride = await createRide(t.db, alice);
    const b = await addPassenger(t.db, ride, bob, { count: 2 });
    await callerFor(t.db, bob).passenger.remove({ rideId: ride.id, passengerId: b.id });
    expect(await sequences(ride.id)).toEqual([[ride.organizerEntryId, null]]);
    expect(await rideRow(ride.id)).toMatchObject({ currentPassengers: 1, additionalStops: 0 });
  });

  it('refuses other passengers, the organiser entry, past rides and entries of another ride, writing nothing', async () => {
    const ride = await createRide(t.db, alice);
    const b = await addPassenger(t.db, ride, bob);
    await addPassenger(t.db, ride, carol);
    const past = await createRide(t.db, alice, { date: inDays(-1) });
    const pastEntry = await addPassenger(t.db, past, bob);
    const other = await createRide(t.db, carol);
    const before = await rideTablesSnapshot(t.db);

    expect(await refusal(callerFor(t.db, carol).passenger.remove({ rideId: ride.id, passengerId: b.id }))).toEqual({
      code: 'FORBIDDEN',
      domainCode: 'NOT_ALLOWED_TO_REMOVE',
      message: 'You can only remove yourself from this ride',
    });
    const organizerEntry = ride.organizerEntryId ?? 0;
    expect(
      await refusal(callerFor(t.db, alice).passenger.remove({ rideId: ride.id, passengerId: organizerEntry })),
    ).toEqual({
      code: 'FORBIDDEN',
      domainCode: 'CANNOT_REMOVE_ORGANIZER',
      message: 'The organizer cannot be removed from their own ride',
    });
    expect(
      await refusal(callerFor(t.db, alice).passenger.remove({ rideId: past.id, passengerId: pastEntry.id })),
    ).toEqual({
      code: 'CONFLICT',
      domainCode: 'RIDE_PAST',
      message: 'Passengers cannot be removed from a past ride',
    });
    expect(
      await refusal(callerFor(t.db, bob).passenger.remove({ rideId: past.id, passengerId: pastEntry.id })),
    ).toMatchObject({
      domainCode: 'RIDE_PAST',
    });
    expect(await refusal(callerFor(t.db, carol).passenger.remove({ rideId: other.id, passengerId: b.id }))).toEqual({
      code: 'NOT_FOUND',
      domainCode: 'NOT_PASSENGER_OF_RIDE',
      message: 'This passenger is not on this ride',
    });
    expect(await refusal(callerFor(t.db, alice).passenger.remove({ rideId: 9999, passengerId: b.id }))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Ride not found',
    });
    expect(await refusal(callerFor(t.db, null).passenger.remove({ rideId: ride.id, passengerId: b.id }))).toMatchObject(
      {
        code: 'UNAUTHORIZED',
      },
    );
    expect(await rideTablesSnapshot(t.db)).toBe(before);
  });
});
