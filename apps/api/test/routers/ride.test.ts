import { beforeEach, describe, expect, it } from 'vitest';

import { addPassenger, createRide, createUser, createVendor, type TestUser } from '../factories';
import { useTestDatabase } from '../helpers/db';
import { callerFor, fullRideList, refusal, rideTablesSnapshot } from '../helpers/rides';

const t = useTestDatabase();

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY);

const sgPayload = (overrides: Record<string, unknown> = {}) => ({
  direction: 'SG->FC' as const,
  maxPassengers: 4,
  date: inDays(2).toISOString(),
  organizerPassengerCount: 2,
  pickupLocation: 'Pasir Ris MRT',
  dropoffLocations: [{ location: 'Pasir Ris MRT', passengerCount: 2 }],
  ...overrides,
});

const fcPayload = (overrides: Record<string, unknown> = {}) => ({
  direction: 'FC->SG' as const,
  maxPassengers: 5,
  date: inDays(3).toISOString(),
  organizerPassengerCount: 1,
  pickupLocation: 'Forest City',
  dropoffLocations: [{ location: 'Tampines Mall', passengerCount: 1 }],
  ...overrides,
});

async function entriesOf(rideId: number) {
  return t.db
    .selectFrom('ridePassengers')
    .select(['userId', 'dropoffLocation', 'passengerCount', 'dropoffSequence'])
    .where('rideId', '=', rideId)
    .orderBy('id')
    .execute();
}

async function rideRow(rideId: number) {
  return t.db.selectFrom('rides').selectAll().where('id', '=', rideId).executeTakeFirst();
}

describe('ride.create', () => {
  let alice: TestUser;
  beforeEach(async () => {
    alice = await createUser(t.db, {
      name: 'Alice Tan',
      whatsappNumber: '+65 9123 4567',
      malaysianNumber: '+60 12 345 6789',
    });
  });

  it('creates an SG->FC ride with the organiser as its first entry and derived fields from it', async () => {
    const ride = await callerFor(t.db, alice).ride.create(sgPayload());
    expect(ride).toEqual({
      id: expect.any(Number) as number,
      creatorId: alice.id,
      creatorName: 'Alice Tan',
      creatorVerified: false,
      creator: {
        id: alice.id,
        name: 'Alice Tan',
        discordUsername: alice.discordUsername,
        discordVerified: false,
        whatsappNumber: '+65 9123 4567',
        malaysianNumber: '+60 12 345 6789',
      },
      direction: 'SG->FC',
      date: expect.any(String) as string,
      maxPassengers: 4,
      currentPassengers: 2,
      pickupLocation: 'Pasir Ris MRT',
      dropoffLocations: [{ location: 'Pasir Ris MRT', passengerCount: 2 }],
      // Nobody numbered yet: the organiser's pick-up is the one stop, without a number.
      routeStops: [{ stop: null, location: 'Pasir Ris MRT', passengerCount: 2 }],
      status: 'open',
      vendorId: null,
      driverContactId: null,
      cost: 80,
      additionalStops: 0,
      stopPrice: 5,
      sequenceLocked: false,
      cancelReason: null,
      cancelledAt: null,
      seriesId: null,
      heldSeats: 0,
      minPassengers: null,
      // Two days ahead is inside the 48-hour window, so the price locked at once (docs/payments.md#price-lock).
      priceLockedAt: expect.any(String) as string,
      // One more seat would owe a third of SGD 80 (the organiser's two seats keep the rest).
      joinPrice: 26.67,
      crossing: 'second-link',
      tripLatest: null,
      driver: null,
      waitlist: { count: 0, heldSeats: 0, mine: null },
      // The organiser sees the border readiness counts: nobody has a travel profile yet.
      readiness: { ready: 0, total: 1 },
    });
    expect(await entriesOf(ride.id)).toEqual([
      { userId: alice.id, dropoffLocation: 'Pasir Ris MRT', passengerCount: 2, dropoffSequence: null },
    ]);
  });

  it('creates an FC->SG ride: pickup fixed to Forest City, the organiser at the first drop-off', async () => {
    const ride = await callerFor(t.db, alice).ride.create(
      fcPayload({
        pickupLocation: 'Changi Airport',
        organizerPassengerCount: 3,
        dropoffLocations: ['  Tampines Mall  ', { location: 'Bedok', passengerCount: 2 }],
      }),
    );
    expect(ride.pickupLocation).toBe('Forest City');
    expect(ride.currentPassengers).toBe(3);
    // Only passenger entries make up the drop-off list: the organiser's is the only one yet.
    expect(ride.dropoffLocations).toEqual([{ location: 'Tampines Mall', passengerCount: 3 }]);
    expect(ride.additionalStops).toBe(0);
    expect(await entriesOf(ride.id)).toEqual([
      { userId: alice.id, dropoffLocation: 'Tampines Mall', passengerCount: 3, dropoffSequence: null },
    ]);
  });

  it('stores hostile-looking text verbatim', async () => {
    const text = `'); drop table rides; -- <script>alert("x")</script>`;
    const ride = await callerFor(t.db, alice).ride.create(sgPayload({ pickupLocation: text }));
    expect(ride.pickupLocation).toBe(text);
    expect(ride.dropoffLocations[0]?.location).toBe(text);
    const again = await callerFor(t.db, null).ride.byId({ id: ride.id });
    expect(again.pickupLocation).toBe(text);
    expect(await t.db.selectFrom('rides').select('id').execute()).toHaveLength(1);
  });

  it('stores a known driver contact and refuses an unknown one', async () => {
    const contact = await t.db
      .insertInto('driverContacts')
      .values({ name: 'Ahmad', whatsappNumber: '+6591234567', vehicleType: 'MPV' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ride = await callerFor(t.db, alice).ride.create(sgPayload({ driverContactId: contact.id }));
    expect(ride.driverContactId).toBe(contact.id);
    // An edit that does not mention the driver contact keeps it.
    const edited = await callerFor(t.db, alice).ride.update({ id: ride.id, ...sgPayload({ maxPassengers: 5 }) });
    expect(edited).toMatchObject({ maxPassengers: 5, driverContactId: contact.id });
    const before = await rideTablesSnapshot(t.db);
    expect(await refusal(callerFor(t.db, alice).ride.create(sgPayload({ driverContactId: contact.id + 100 })))).toEqual(
      {
        code: 'NOT_FOUND',
        domainCode: 'NOT_FOUND',
        message: 'Driver contact not found',
      },
    );
    expect(await rideTablesSnapshot(t.db)).toBe(before);
  });

  it('refuses vendors, signed-out callers and past dates, writing nothing', async () => {
    const vendor = await createVendor(t.db);
    expect(await refusal(callerFor(t.db, vendor).ride.create(sgPayload()))).toEqual({
      code: 'FORBIDDEN',
      domainCode: 'VENDORS_CANNOT_CREATE',
      message: 'Vendors cannot create rides',
    });
    expect(await refusal(callerFor(t.db, null).ride.create(sgPayload()))).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await refusal(callerFor(t.db, alice).ride.create(sgPayload({ date: inDays(-1).toISOString() })))).toEqual({
      code: 'BAD_REQUEST',
      domainCode: 'VALIDATION_FAILED',
      message: 'The ride date must be in the future',
    });
    expect(await t.db.selectFrom('rides').select('id').execute()).toHaveLength(0);
    expect(await t.db.selectFrom('ridePassengers').select('id').execute()).toHaveLength(0);
  });

  it.each([
    ['maximum above 10', { maxPassengers: 11 }, 'Maximum passengers must be a whole number from 1 to 10'],
    ['maximum 0', { maxPassengers: 0 }, 'Maximum passengers must be a whole number from 1 to 10'],
    ['maximum as text', { maxPassengers: '4' }, 'Maximum passengers must be a whole number from 1 to 10'],
    ['fractional maximum', { maxPassengers: 2.5 }, 'Maximum passengers must be a whole number from 1 to 10'],
    [
      'organiser group above the maximum',
      { maxPassengers: 2, organizerPassengerCount: 3 },
      'Passengers at your location cannot be more than the maximum passengers',
    ],
    ['blank pickup', { pickupLocation: '   ' }, 'Pickup location is required'],
    ['a 1 MB location', { pickupLocation: 'x'.repeat(1024 * 1024) }, 'Pickup location must be at most 500 characters'],
    ['unknown direction', { direction: 'SG->KL' }, 'Direction must be SG->FC or FC->SG'],
    ['unreadable date', { date: 'next tuesday' }, 'Invalid date provided'],
    ['no drop-off list', { dropoffLocations: 'Bedok' }, 'Drop-off locations must be a list'],
  ])('refuses %s with the rule message, writing nothing', async (_label, override, message) => {
    const result = await refusal(callerFor(t.db, alice).ride.create(sgPayload(override)));
    expect(result).toEqual({ code: 'BAD_REQUEST', domainCode: 'VALIDATION_FAILED', message });
    expect(await t.db.selectFrom('rides').select('id').execute()).toHaveLength(0);
  });
});

describe('ride.byId', () => {
  it("shows the organiser; their numbers to signed-in members, or the ride's party only", async () => {
    const alice = await createUser(t.db, {
      name: null,
      whatsappNumber: '+6591234567',
      malaysianNumber: '+60123456789',
    });
    const bob = await createUser(t.db);
    const carol = await createUser(t.db);
    const vendor = await createVendor(t.db);
    const ride = await createRide(t.db, alice, { status: 'assigned', vendorId: vendor.id });
    await addPassenger(t.db, ride, carol);

    const anonymous = await callerFor(t.db, null).ride.byId({ id: ride.id });
    // No name given: a visitor is not told the Discord username instead.
    expect(anonymous.creatorName).toBeNull();
    expect(anonymous.creator).toEqual({
      id: alice.id,
      name: null,
      discordUsername: null,
      discordVerified: false,
      whatsappNumber: null,
      malaysianNumber: null,
    });
    const withNumbers = {
      id: alice.id,
      name: null,
      discordUsername: alice.discordUsername,
      discordVerified: false,
      whatsappNumber: '+6591234567',
      malaysianNumber: '+60123456789',
    };
    for (const party of [alice, carol, vendor]) {
      const seen = await callerFor(t.db, party).ride.byId({ id: ride.id });
      expect(seen.creatorName).toBe(alice.discordUsername);
      expect(seen.creator).toEqual(withNumbers);
    }
    // Another member: the numbers too (shared with members by default), unless kept for the party.
    const other = await callerFor(t.db, bob).ride.byId({ id: ride.id });
    expect(other.creatorName).toBe(alice.discordUsername);
    expect(other.creator).toEqual(withNumbers);
    await t.db.updateTable('users').set({ shareContactsWith: 'party' }).where('id', '=', alice.id).execute();
    const kept = await callerFor(t.db, bob).ride.byId({ id: ride.id });
    expect(kept.creator).toEqual({ ...withNumbers, whatsappNumber: null, malaysianNumber: null });
    expect((await callerFor(t.db, vendor).ride.byId({ id: ride.id })).creator).toEqual(withNumbers);
  });

  it('carries the driver card for the organiser, passengers and the assigned vendor only', async () => {
    const alice = await createUser(t.db);
    const bob = await createUser(t.db);
    const carol = await createUser(t.db);
    const vendor = await createVendor(t.db, {
      companyName: 'Acme Transport',
      driverDetails: { name: 'Tan Ah Kow', contact: '+6598765432', carNumber: 'SGX1234A' },
    });
    const rival = await createVendor(t.db);
    const ride = await createRide(t.db, alice, { status: 'assigned', vendorId: vendor.id });
    await addPassenger(t.db, ride, carol);
    const card = {
      companyName: 'Acme Transport',
      driverName: 'Tan Ah Kow',
      driverContact: '+6598765432',
      carNumber: 'SGX1234A',
    };
    for (const party of [alice, carol, vendor]) {
      expect((await callerFor(t.db, party).ride.byId({ id: ride.id })).driver).toEqual(card);
    }
    for (const outsider of [bob, rival, null]) {
      expect((await callerFor(t.db, outsider).ride.byId({ id: ride.id })).driver).toBeNull();
    }
    const open = await createRide(t.db, alice);
    expect((await callerFor(t.db, alice).ride.byId({ id: open.id })).driver).toBeNull();
  });

  it('answers NOT_FOUND for an unknown ride and BAD_REQUEST for a malformed id', async () => {
    expect(await refusal(callerFor(t.db, null).ride.byId({ id: 4242 }))).toEqual({
      code: 'NOT_FOUND',
      domainCode: 'NOT_FOUND',
      message: 'Ride not found',
    });
    for (const id of [0, -3, 1.5, 'abc', 2 ** 31]) {
      expect(await refusal(callerFor(t.db, null).ride.byId({ id } as never))).toEqual({
        code: 'BAD_REQUEST',
        domainCode: 'VALIDATION_FAILED',
        message: 'Invalid id',
      });
    }
  });
});

describe('ride.update', () => {
  let alice: TestUser;
  let bob: TestUser;
  beforeEach(async () => {
    alice = await createUser(t.db, { name: 'Alice' });
    bob = await createUser(t.db, { name: 'Bob' });
  });

  it("lets the organiser edit: the organiser's entry follows and derived fields are recomputed", async () => {
    const ride = await createRide(t.db, alice, {
      direction: 'FC->SG',
      maxPassengers: 5,
      organizerLocation: 'Tampines Mall',
    });
    await addPassenger(t.db, ride, bob, { location: 'Jurong East', count: 2 });
    const date = inDays(5).toISOString();
    const updated = await callerFor(t.db, alice).ride.update({
      id: ride.id,
      ...fcPayload({
        maxPassengers: 6,
        date,
        organizerPassengerCount: 3,
        dropoffLocations: [{ location: 'Jurong East', passengerCount: 3 }],
      }),
    });
    expect(updated).toMatchObject({
      id: ride.id,
      date,
      maxPassengers: 6,
      currentPassengers: 5,
      additionalStops: 0,
      dropoffLocations: [
        { location: 'Jurong East', passengerCount: 3 },
        { location: 'Jurong East', passengerCount: 2 },
      ],
    });
    expect(await entriesOf(ride.id)).toEqual([
      { userId: alice.id, dropoffLocation: 'Jurong East', passengerCount: 3, dropoffSequence: null },
      { userId: bob.id, dropoffLocation: 'Jurong East', passengerCount: 2, dropoffSequence: null },
    ]);

    const second = await callerFor(t.db, alice).ride.update({
      id: ride.id,
      ...fcPayload({ maxPassengers: 6, organizerPassengerCount: 1, dropoffLocations: ['Bedok'] }),
    });
    expect(second).toMatchObject({ currentPassengers: 3, additionalStops: 1 });
  });

  it('lets a lone organiser turn the ride around; the pickup and the drop-off order follow', async () => {
    const ride = await createRide(t.db, alice, { direction: 'FC->SG', organizerSequence: 1, sequenceLocked: true });
    const updated = await callerFor(t.db, alice).ride.update({
      id: ride.id,
      ...sgPayload({ pickupLocation: 'Bedok MRT' }),
    });
    expect(updated).toMatchObject({
      direction: 'SG->FC',
      pickupLocation: 'Bedok MRT',
      sequenceLocked: false,
      dropoffLocations: [{ location: 'Bedok MRT', passengerCount: 2 }],
    });
    expect(await entriesOf(ride.id)).toEqual([
      { userId: alice.id, dropoffLocation: 'Bedok MRT', passengerCount: 2, dropoffSequence: null },
    ]);
  });

  it('gives a ride without an organiser entry one on its first edit', async () => {
    const ride = await createRide(t.db, alice, { withOrganizerEntry: false });
    const updated = await callerFor(t.db, alice).ride.update({ id: ride.id, ...sgPayload() });
    expect(updated.currentPassengers).toBe(2);
    expect(await entriesOf(ride.id)).toHaveLength(1);
  });

  it.each([
    [
      'someone else',
      'bob',
      {},
      { code: 'FORBIDDEN', domainCode: 'NOT_CREATOR', message: 'Only the ride organizer can edit this ride' },
    ],
    [
      'a maximum below the seats taken',
      'alice',
      { maxPassengers: 3, organizerPassengerCount: 2 },
      {
        code: 'CONFLICT',
        domainCode: 'MAX_BELOW_TAKEN',
        message: 'Maximum passengers cannot be less than the 4 seats already taken',
      },
    ],
    [
      'a direction change after others joined',
      'alice',
      { direction: 'FC->SG', pickupLocation: 'Forest City' },
      {
        code: 'CONFLICT',
        domainCode: 'RIDE_HAS_PASSENGERS',
        message: 'The direction cannot be changed after other passengers have joined',
      },
    ],
    [
      'a date in the past',
      'alice',
      { date: inDays(-1).toISOString() },
      { code: 'BAD_REQUEST', domainCode: 'VALIDATION_FAILED', message: 'The ride date must be in the future' },
    ],
  ] as const)('refuses %s, changing nothing', async (_label, who, override, expected) => {
    const ride = await createRide(t.db, alice, { maxPassengers: 5 });
    await addPassenger(t.db, ride, bob, { count: 2 });
    const before = await rideTablesSnapshot(t.db);
    const actor = who === 'alice' ? alice : bob;
    expect(await refusal(callerFor(t.db, actor).ride.update({ id: ride.id, ...sgPayload(override) }))).toEqual(
      expected,
    );
    expect(await rideTablesSnapshot(t.db)).toBe(before);
  });

  it('refuses a past ride, an unknown ride and a signed-out caller', async () => {
    const past = await createRide(t.db, alice, { date: inDays(-2) });
    expect(await refusal(callerFor(t.db, alice).ride.update({ id: past.id, ...sgPayload() }))).toEqual({
      code: 'CONFLICT',
      domainCode: 'RIDE_PAST',
      message: 'A past ride cannot be edited',
    });
    expect(await refusal(callerFor(t.db, alice).ride.update({ id: 999, ...sgPayload() }))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Ride not found',
    });
    expect(await refusal(callerFor(t.db, null).ride.update({ id: past.id, ...sgPayload() }))).toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });
});

describe('ride.delete', () => {
  it('lets the organiser delete a ride nobody else joined', async () => {
    const alice = await createUser(t.db);
    const ride = await createRide(t.db, alice);
    expect(await callerFor(t.db, alice).ride.delete({ id: ride.id })).toEqual({
      id: ride.id,
      message: 'Ride deleted successfully',
    });
    expect(await rideRow(ride.id)).toBeUndefined();
    expect(await entriesOf(ride.id)).toEqual([]);
  });

  it('refuses while others are on the ride, and allows it once they are removed', async () => {
    const alice = await createUser(t.db);
    const bob = await createUser(t.db);
    const ride = await createRide(t.db, alice);
    const entry = await addPassenger(t.db, ride, bob);
    const before = await rideTablesSnapshot(t.db);
    expect(await refusal(callerFor(t.db, alice).ride.delete({ id: ride.id }))).toEqual({
      code: 'CONFLICT',
      domainCode: 'RIDE_HAS_PASSENGERS',
      message: 'This ride has passengers who joined. Remove them before deleting it.',
    });
    expect(await rideTablesSnapshot(t.db)).toBe(before);
    await callerFor(t.db, alice).passenger.remove({ rideId: ride.id, passengerId: entry.id });
    await callerFor(t.db, alice).ride.delete({ id: ride.id });
    expect(await rideRow(ride.id)).toBeUndefined();
  });

  it.each([
    [
      'a driver took',
      async (ride: { id: number }, other: TestUser) => {
        await t.db
          .updateTable('rides')
          .set({ status: 'assigned', vendorId: other.id })
          .where('id', '=', ride.id)
          .execute();
      },
      'A driver has taken this ride. Cancel it instead, so they are told.',
    ],
    [
      'a member waits for',
      async (ride: { id: number }, other: TestUser) => {
        await t.db
          .insertInto('rideWaitlist')
          .values({ rideId: ride.id, userId: other.id, dropoffLocation: 'Bedok', passengerCount: 1 })
          .execute();
      },
      'Members are waiting for a seat on this ride. Cancel it instead, so they are told.',
    ],
    [
      'a rider left late',
      async (ride: { id: number }, other: TestUser) => {
        await t.db
          .insertInto('rideLeaves')
          .values({ rideId: ride.id, userId: other.id, leftAt: new Date(), late: true })
          .execute();
      },
      'A rider left this ride within 24 hours of departure; it stays on their record. Cancel it instead.',
    ],
    [
      'that was completed',
      async (ride: { id: number }) => {
        await t.db
          .updateTable('rides')
          .set({ status: 'completed', completedAt: new Date() })
          .where('id', '=', ride.id)
          .execute();
      },
      'This ride is completed; it stays on the record of everyone who travelled on it',
    ],
  ] as const)('keeps a ride %s (RIDE_KEPT), changing nothing', async (_label, arrange, message) => {
    const alice = await createUser(t.db);
    const other = await createVendor(t.db);
    const ride = await createRide(t.db, alice);
    await arrange(ride, other);
    const before = await rideTablesSnapshot(t.db);
    expect(await refusal(callerFor(t.db, alice).ride.delete({ id: ride.id }))).toEqual({
      code: 'CONFLICT',
      domainCode: 'RIDE_KEPT',
      message,
    });
    expect(await rideTablesSnapshot(t.db)).toBe(before);
    expect(await rideRow(ride.id)).toBeDefined();
  });

  it('still deletes a ride whose rider left in good time', async () => {
    const alice = await createUser(t.db);
    const bob = await createUser(t.db);
    const ride = await createRide(t.db, alice);
    await t.db
      .insertInto('rideLeaves')
      .values({ rideId: ride.id, userId: bob.id, leftAt: new Date(), late: false })
      .execute();
    await callerFor(t.db, alice).ride.delete({ id: ride.id });
    expect(await rideRow(ride.id)).toBeUndefined();
  });

  it('refuses anyone but the organiser, and unknown rides', async () => {
    const alice = await createUser(t.db);
    const bob = await createUser(t.db);
    const ride = await createRide(t.db, alice);
    expect(await refusal(callerFor(t.db, bob).ride.delete({ id: ride.id }))).toEqual({
      code: 'FORBIDDEN',
      domainCode: 'NOT_CREATOR',
      message: 'Only the ride organizer can delete this ride',
    });
    expect(await rideRow(ride.id)).toBeDefined();
    expect(await refusal(callerFor(t.db, bob).ride.delete({ id: 9999 }))).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('ride.list', () => {
  it('filters, sorts (past rides last) and pages in SQL', async () => {
    const alice = await createUser(t.db);
    const past1 = await createRide(t.db, alice, { date: inDays(-10), direction: 'FC->SG' });
    const past2 = await createRide(t.db, alice, { date: inDays(-2) });
    const soon = await createRide(t.db, alice, { date: inDays(1) });
    const later = await createRide(t.db, alice, { date: inDays(20), direction: 'FC->SG' });
    const mid = await createRide(t.db, alice, { date: inDays(8) });
    const caller = callerFor(t.db, null);

    const upcoming = await caller.ride.list();
    expect(upcoming.items.map((r) => r.id)).toEqual([soon.id, mid.id, later.id]);
    expect(upcoming).toMatchObject({ total: 3, page: 1, pageSize: 20 });

    const all = await caller.ride.list({ time: 'all' });
    expect(all.items.map((r) => r.id)).toEqual([soon.id, mid.id, later.id, past1.id, past2.id]);
    const allDesc = await caller.ride.list({ time: 'all', sort: 'dateDesc' });
    expect(allDesc.items.map((r) => r.id)).toEqual([later.id, mid.id, soon.id, past2.id, past1.id]);

    const fcOnly = await caller.ride.list({ time: 'all', direction: 'FC->SG' });
    expect(fcOnly.items.map((r) => r.id)).toEqual([later.id, past1.id]);
    expect(fcOnly.total).toBe(2);

    const page2 = await caller.ride.list({ time: 'all', page: 2, pageSize: 2 });
    expect(page2).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(page2.items.map((r) => r.id)).toEqual([later.id, past1.id]);
    const beyond = await caller.ride.list({ time: 'all', page: 9, pageSize: 2 });
    expect(beyond).toMatchObject({ items: [], total: 5 });
    expect(upcoming.items[0]).toMatchObject({ creatorName: alice.name, currentPassengers: 1 });
  });

  it('thisWeek is the next 7 days', async () => {
    const alice = await createUser(t.db);
    // Wednesday 25 Nov 2026, 12:00 Singapore time.
    const now = new Date('2026-11-25T04:00:00Z');
    const DAY = 24 * 60 * 60_000;
    const before = await createRide(t.db, alice, { date: new Date(now.getTime() - 60_000) });
    const soon = await createRide(t.db, alice, { date: new Date(now.getTime() + 60_000) });
    const sixDays = await createRide(t.db, alice, { date: new Date(now.getTime() + 6 * DAY) });
    const lastMinute = await createRide(t.db, alice, { date: new Date(now.getTime() + 7 * DAY - 60_000) });
    const sevenDays = await createRide(t.db, alice, { date: new Date(now.getTime() + 7 * DAY) });
    const caller = callerFor(t.db, null, { now: () => now });
    const result = await caller.ride.list({ time: 'thisWeek' });
    expect(result.items.map((r) => r.id)).toEqual([soon.id, sixDays.id, lastMinute.id]);
    expect(result.items.map((r) => r.id)).not.toContain(before.id);
    expect(result.items.map((r) => r.id)).not.toContain(sevenDays.id);
  });

  it.each([
    ['page 0', { page: 0 }],
    ['page size 101', { pageSize: 101 }],
    ['unknown time filter', { time: 'tomorrow' }],
    ['unknown sort', { sort: 'random' }],
  ])('refuses %s', async (_label, input) => {
    expect(await refusal(callerFor(t.db, null).ride.list(input as never))).toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('what a signed-out visitor sees (ride.list, the full list, ride.byId)', () => {
  /** Rides holding every kind of secret: organisers with and without a name, passengers' locations. */
  async function ridesWithSecrets() {
    const named = await createUser(t.db, { name: 'Nora Named', discordUsername: 'nora_named_handle' });
    const nameless = await createUser(t.db, { name: '  ', discordUsername: 'nameless_handle' });
    const rider = await createUser(t.db, { name: 'Ria Rider', discordUsername: 'ria_rider_handle' });
    const ride = (creator: TestUser, direction: 'SG->FC' | 'FC->SG', organizerLocation: string, days: number) =>
      createRide(t.db, creator, { direction, organizerLocation, date: inDays(days) });
    const sgNamed = await ride(named, 'SG->FC', 'Tampines MRT', 1);
    const sgNameless = await ride(nameless, 'SG->FC', 'Bedok MRT', 2);
    const fcNamed = await ride(named, 'FC->SG', 'Nora Home Street', 3);
    const fcNameless = await ride(nameless, 'FC->SG', 'Nameless Home Street', 4);
    for (const each of [sgNamed, sgNameless, fcNamed, fcNameless]) {
      await addPassenger(t.db, each, rider, { location: `Ria Secret Flat ${String(each.id)}` });
    }
    return {
      named,
      nameless,
      rider,
      rides: { sgNamed, sgNameless, fcNamed, fcNameless },
      secrets: [
        'nora_named_handle',
        'nameless_handle',
        'ria_rider_handle',
        'Ria Secret Flat',
        'Nora Home Street',
        'Nameless Home Street',
      ],
    };
  }

  /** What a visitor must see of each ride: the name only when given, the organiser's SG pick-up only. */
  function expectRedacted(
    rides: { id: number; creatorName: string | null; dropoffLocations: unknown }[],
    world: Awaited<ReturnType<typeof ridesWithSecrets>>,
  ) {
    const byId = new Map(rides.map((ride) => [ride.id, ride]));
    const { sgNamed, sgNameless, fcNamed, fcNameless } = world.rides;
    expect(byId.get(sgNamed.id)).toMatchObject({
      creatorName: 'Nora Named',
      dropoffLocations: [{ location: 'Tampines MRT', passengerCount: 1 }],
    });
    expect(byId.get(sgNameless.id)).toMatchObject({
      creatorName: null,
      dropoffLocations: [{ location: 'Bedok MRT', passengerCount: 1 }],
    });
    expect(byId.get(fcNamed.id)).toMatchObject({ creatorName: 'Nora Named', dropoffLocations: [] });
    expect(byId.get(fcNameless.id)).toMatchObject({ creatorName: null, dropoffLocations: [] });
  }

  it('ride.list and the full list: no Discord username, no passenger location', async () => {
    const world = await ridesWithSecrets();
    const visitor = callerFor(t.db, null);
    const page = await visitor.ride.list({ time: 'all' });
    const all = await fullRideList(t.db, null);
    for (const answer of [page, all]) {
      for (const secret of world.secrets) expect(JSON.stringify(answer)).not.toContain(secret);
    }
    expectRedacted(page.items, world);
    expectRedacted(all, world);
    // Counts and the cost inputs stay: they name nobody.
    expect(page.items.map((ride) => ride.currentPassengers)).toEqual([2, 2, 2, 2]);
    expect(page.items.map((ride) => ride.additionalStops)).toEqual([1, 1, 1, 1]);
  });

  it('ride.byId: the organiser without username or numbers, no passenger location', async () => {
    const world = await ridesWithSecrets();
    const visitor = callerFor(t.db, null);
    const details = await Promise.all(Object.values(world.rides).map((ride) => visitor.ride.byId({ id: ride.id })));
    for (const secret of world.secrets) expect(JSON.stringify(details)).not.toContain(secret);
    expectRedacted(details, world);
    for (const detail of details) expect(detail.creator).toMatchObject({ discordUsername: null, whatsappNumber: null });
  });

  it('signed-in members still see usernames and every location, in every list', async () => {
    const world = await ridesWithSecrets();
    const member = callerFor(t.db, world.rider);
    const page = await member.ride.list({ time: 'all' });
    const all = await fullRideList(t.db, world.rider);
    const joined = await member.ride.joined();
    const detail = await member.ride.byId({ id: world.rides.fcNameless.id });
    for (const rides of [page.items, all, joined]) {
      const fc = rides.find((ride) => ride.id === world.rides.fcNameless.id);
      expect(fc).toMatchObject({
        creatorName: 'nameless_handle',
        dropoffLocations: [
          { location: 'Nameless Home Street', passengerCount: 1 },
          { location: `Ria Secret Flat ${String(world.rides.fcNameless.id)}`, passengerCount: 1 },
        ],
      });
    }
    expect(detail).toMatchObject({ creatorName: 'nameless_handle', creator: { discordUsername: 'nameless_handle' } });
    const vendor = await createVendor(t.db);
    const available = await callerFor(t.db, vendor).vendor.available();
    expect(available.find((ride) => ride.id === world.rides.sgNamed.id)?.dropoffLocations).toHaveLength(2);
  });
});

describe('the full list, ride.joined, ride.organized, stats.get', () => {
  it('answers each list for its caller', async () => {
    const alice = await createUser(t.db);
    const bob = await createUser(t.db);
    const a1 = await createRide(t.db, alice, { date: inDays(4) });
    const a2 = await createRide(t.db, alice, { date: inDays(-4) });
    const b1 = await createRide(t.db, bob, { date: inDays(2) });
    await addPassenger(t.db, a1, bob);
    await addPassenger(t.db, a2, bob);

    const all = await fullRideList(t.db, null);
    expect(all.map((r) => r.id)).toEqual([a2.id, b1.id, a1.id]);

    // My Rides: rides still to come first (a1 in 4 days), past ones after (a2, 4 days ago).
    expect((await callerFor(t.db, bob).ride.joined()).map((r) => r.id)).toEqual([a1.id, a2.id]);
    expect(await callerFor(t.db, alice).ride.joined()).toEqual([]);
    expect((await callerFor(t.db, alice).ride.organized()).map((r) => r.id)).toEqual([a1.id, a2.id]);
    expect((await callerFor(t.db, bob).ride.organized()).map((r) => r.id)).toEqual([b1.id]);
    expect(await refusal(callerFor(t.db, null).ride.joined())).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await refusal(callerFor(t.db, null).ride.organized())).toMatchObject({ code: 'UNAUTHORIZED' });

    expect(await callerFor(t.db, null).stats.get()).toEqual({ totalRides: 3, totalUsers: 2 });
  });

  it('counts zero on an empty database', async () => {
    expect(await callerFor(t.db, null).stats.get()).toEqual({ totalRides: 0, totalUsers: 0 });
    expect(await fullRideList(t.db, null)).toEqual([]);
  });
});
