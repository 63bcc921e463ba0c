import { beforeEach, describe, expect, it } from 'vitest';

import { addPassenger, createRide, createUser, type TestRide, type TestUser } from '../factories';
import { useTestDatabase } from '../helpers/db';
import { callerFor, refusal, rideTablesSnapshot } from '../helpers/rides';

const t = useTestDatabase();

let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let dave: TestUser;
let ride: TestRide;
let organizerEntry: number;
let b: { id: number };
let c: { id: number };
let d: { id: number };

beforeEach(async () => {
  alice = await createUser(t.db);
  bob = await createUser(t.db);
  carol = await createUser(t.db);
  dave = await createUser(t.db);
  ride = await createRide(t.db, alice, { direction: 'FC->SG', maxPassengers: 6, organizerLocation: 'Bedok' });
  organizerEntry = ride.organizerEntryId ?? 0;
  b = await addPassenger(t.db, ride, bob, { location: 'Jurong' });
  c = await addPassenger(t.db, ride, carol, { location: 'Clementi' });
  d = await addPassenger(t.db, ride, dave, { location: 'Bishan' });
});

async function stored() {
  const rows = await t.db
    .selectFrom('ridePassengers')
    .select(['id', 'dropoffSequence'])
    .where('rideId', '=', ride.id)
    .orderBy('dropoffSequence')
    .orderBy('id')
    .execute();
  return rows.map((r) => [r.id, r.dropoffSequence]);
}

async function lockedFlag() {
  const row = await t.db
    .selectFrom('rides')
    .select('sequenceLocked')
    .where('id', '=', ride.id)
    .executeTakeFirstOrThrow();
  return row.sequenceLocked;
}

describe('sequence.set', () => {
  it('moves one passenger and renumbers everybody 1..n, answering the new order', async () => {
    const list = await callerFor(t.db, alice).sequence.set({ rideId: ride.id, passengerId: d.id, sequence: 1 });
    expect(list.map((e) => [e.id, e.dropoffSequence])).toEqual([
      [d.id, 1],
      [organizerEntry, 2],
      [b.id, 3],
      [c.id, 4],
    ]);
    expect(list[0]).toMatchObject({ userId: dave.id, dropoffLocation: 'Bishan', user: { id: dave.id } });
    expect(await stored()).toEqual([
      [d.id, 1],
      [organizerEntry, 2],
      [b.id, 3],
      [c.id, 4],
    ]);
    // The drop-off list follows the new order (the organiser's entry stays first for the edit form).
    const row = await t.db
      .selectFrom('rides')
      .select('dropoffLocations')
      .where('id', '=', ride.id)
      .executeTakeFirstOrThrow();
    expect(row.dropoffLocations.map((x) => x.location)).toEqual(['Bedok', 'Bishan', 'Jurong', 'Clementi']);

    // Everybody is numbered now, yet the order is not locked: a second move still works.
    expect(await lockedFlag()).toBe(false);
    const again = await callerFor(t.db, alice).sequence.set({
      rideId: ride.id,
      passengerId: organizerEntry,
      sequence: 4,
    });
    expect(again.map((e) => e.id)).toEqual([d.id, b.id, c.id, organizerEntry]);
    expect(again.map((e) => e.dropoffSequence)).toEqual([1, 2, 3, 4]);
  });

  it.each([
    [
      'someone other than the organiser',
      'bob',
      {},
      {
        code: 'FORBIDDEN',
        domainCode: 'NOT_CREATOR',
        message: 'Only the ride organizer can change the order',
      },
    ],
    [
      'a stop beyond the number of passengers',
      'alice',
      { sequence: 5 },
      { code: 'BAD_REQUEST', domainCode: 'INVALID_SEQUENCE', message: 'Sequence must be between 1 and 4' },
    ],
    [
      'stop 0',
      'alice',
      { sequence: 0 },
      {
        code: 'BAD_REQUEST',
        domainCode: 'VALIDATION_FAILED',
        message: 'Sequence must be a whole number of at least 1',
      },
    ],
    [
      'a fractional stop',
      'alice',
      { sequence: 1.5 },
      {
        code: 'BAD_REQUEST',
        domainCode: 'VALIDATION_FAILED',
        message: 'Sequence must be a whole number of at least 1',
      },
    ],
    [
      'a stop as text',
      'alice',
      { sequence: '2' },
      {
        code: 'BAD_REQUEST',
        domainCode: 'VALIDATION_FAILED',
        message: 'Sequence must be a whole number of at least 1',
      },
    ],
  ] as const)('refuses %s, writing nothing', async (_label, who, override, expected) => {
    const before = await rideTablesSnapshot(t.db);
    const actor = who === 'alice' ? alice : bob;
    const input = { rideId: ride.id, passengerId: b.id, sequence: 1, ...override };
    expect(await refusal(callerFor(t.db, actor).sequence.set(input as never))).toEqual(expected);
    expect(await rideTablesSnapshot(t.db)).toBe(before);
  });

  it('refuses passengers of another ride, unknown rides and signed-out callers', async () => {
    const sg = await createRide(t.db, alice, { direction: 'SG->FC' });
    const sgEntry = await addPassenger(t.db, sg, bob);
    const before = await rideTablesSnapshot(t.db);
    expect(
      await refusal(callerFor(t.db, alice).sequence.set({ rideId: ride.id, passengerId: sgEntry.id, sequence: 1 })),
    ).toEqual({
      code: 'NOT_FOUND',
      domainCode: 'NOT_PASSENGER_OF_RIDE',
      message: 'This passenger is not on this ride',
    });
    expect(
      await refusal(callerFor(t.db, alice).sequence.set({ rideId: 999, passengerId: b.id, sequence: 1 })),
    ).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Ride not found',
    });
    expect(
      await refusal(callerFor(t.db, null).sequence.set({ rideId: ride.id, passengerId: b.id, sequence: 1 })),
    ).toMatchObject({
      code: 'UNAUTHORIZED',
    });
    expect(await rideTablesSnapshot(t.db)).toBe(before);
  });
});

describe('sequence.lock', () => {
  it('numbers the unnumbered after the numbered ones, locks, and is idempotent', async () => {
    await callerFor(t.db, alice).sequence.set({ rideId: ride.id, passengerId: c.id, sequence: 1 });
    // An entry left without a number (inserted directly) gets the next one when the order is locked.
    const eve = await createUser(t.db);
    const e = await addPassenger(t.db, ride, eve, { location: 'Yishun' });
    const list = await callerFor(t.db, alice).sequence.lock({ rideId: ride.id });
    expect(list.map((x) => [x.id, x.dropoffSequence])).toEqual([
      [c.id, 1],
      [organizerEntry, 2],
      [b.id, 3],
      [d.id, 4],
      [e.id, 5],
    ]);
    expect(await lockedFlag()).toBe(true);

    const before = await rideTablesSnapshot(t.db);
    const again = await callerFor(t.db, alice).sequence.lock({ rideId: ride.id });
    expect(again).toEqual(list);
    expect(await rideTablesSnapshot(t.db)).toBe(before);
  });

  it('locks the entries of one place together, as one stop', async () => {
    // Bedok (the organizer), Jurong, Clementi, Bishan, then Eve at 'bedok.' joined last.
    const eve = await createUser(t.db);
    const e = await addPassenger(t.db, ride, eve, { location: 'bedok.' });
    const list = await callerFor(t.db, alice).sequence.lock({ rideId: ride.id });
    expect(list.map((x) => [x.id, x.dropoffSequence])).toEqual([
      [organizerEntry, 1],
      [e.id, 2],
      [b.id, 3],
      [c.id, 4],
      [d.id, 5],
    ]);
  });

  it('refuses any move once locked', async () => {
    await callerFor(t.db, alice).sequence.lock({ rideId: ride.id });
    const before = await rideTablesSnapshot(t.db);
    expect(
      await refusal(callerFor(t.db, alice).sequence.set({ rideId: ride.id, passengerId: b.id, sequence: 1 })),
    ).toEqual({
      code: 'CONFLICT',
      domainCode: 'SEQUENCE_LOCKED',
      message: 'The order is locked',
    });
    expect(await rideTablesSnapshot(t.db)).toBe(before);
  });

  it('leaves a passenger who joins a locked ride at a new place not placed yet', async () => {
    await callerFor(t.db, alice).sequence.lock({ rideId: ride.id });
    const eve = await createUser(t.db);
    const entry = await callerFor(t.db, eve).passenger.join({
      rideId: ride.id,
      dropoffLocation: 'Yishun',
      passengerCount: 1,
    });
    expect(entry.dropoffSequence).toBeNull();
  });

  it('locks the pick-up order of an SG->FC ride too', async () => {
    const sg = await createRide(t.db, alice, { direction: 'SG->FC' });
    await addPassenger(t.db, sg, bob, { location: 'Jurong East' });
    const locked = await callerFor(t.db, alice).sequence.lock({ rideId: sg.id });
    expect(locked.map((entry) => entry.dropoffSequence)).toEqual([1, 2]);
  });

  it('refuses non-organisers, writing nothing', async () => {
    const before = await rideTablesSnapshot(t.db);
    expect(await refusal(callerFor(t.db, bob).sequence.lock({ rideId: ride.id }))).toEqual({
      code: 'FORBIDDEN',
      domainCode: 'NOT_CREATOR',
      message: 'Only the ride organizer can lock the order',
    });
    expect(await refusal(callerFor(t.db, alice).sequence.lock({ rideId: 31337 }))).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await rideTablesSnapshot(t.db)).toBe(before);
  });
});

describe('stop numbers when passengers leave', () => {
  it('closes the gap left by a removed passenger', async () => {
    await callerFor(t.db, alice).sequence.lock({ rideId: ride.id });
    await callerFor(t.db, bob).passenger.remove({ rideId: ride.id, passengerId: b.id });
    expect(await stored()).toEqual([
      [organizerEntry, 1],
      [c.id, 2],
      [d.id, 3],
    ]);
  });
});
