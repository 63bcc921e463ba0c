/**
 * The inbox: which ride writes notify whom (in the write's own transaction, never the actor, never
 * when the write is refused or rolled back), and the notification procedures (paging newest first,
 * unread counts, marking one or all read, only ever the caller's own rows).
 */
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';

import { addPassenger, createRide, createUser, createVendor, type TestUser } from '../factories';
import { useTestDatabase } from '../helpers/db';
import { callerFor, refusal } from '../helpers/rides';

const t = useTestDatabase();

const DAY = 86_400_000;
// A fixed clock: every ride departs relative to it, so nothing depends on the wall clock.
const NOW = new Date('2030-06-01T02:00:00.000Z');
const atNow = { now: () => NOW };
const inDays = (days: number) => new Date(NOW.getTime() + days * DAY);

let alice: TestUser; // organiser
let bob: TestUser;
let carol: TestUser;
let dave: TestUser; // on no ride
let vendor: TestUser;

beforeEach(async () => {
  alice = await createUser(t.db, { name: 'Alice' });
  bob = await createUser(t.db, { name: 'Bob' });
  carol = await createUser(t.db, { name: 'Carol' });
  dave = await createUser(t.db, { name: 'Dave' });
  vendor = await createVendor(t.db, { companyName: 'Causeway Cabs' });
});

/** Every stored notification as [user, kind, ride, detail], in insertion order. */
async function stored() {
  const rows = await t.db
    .selectFrom('notifications')
    .select(['userId', 'kind', 'rideId', 'rideDirection', 'rideDate', 'detail'])
    .orderBy('id')
    .execute();
  return rows;
}

async function recipients(): Promise<number[]> {
  return (await stored()).map((row) => row.userId).sort((a, b) => a - b);
}

const sorted = (...ids: number[]) => [...ids].sort((a, b) => a - b);

/** Alice's ride on day 3 with Bob and Carol aboard. */
async function rideWithParty(overrides: Parameters<typeof createRide>[2] = {}) {
  const ride = await createRide(t.db, alice, { date: inDays(3), ...overrides });
  const bobEntry = await addPassenger(t.db, ride, bob);
  const carolEntry = await addPassenger(t.db, ride, carol);
  return { ride, bobEntry, carolEntry };
}

const editPayload = (date: Date, overrides: Record<string, unknown> = {}) => ({
  direction: 'SG->FC' as const,
  maxPassengers: 4,
  date: date.toISOString(),
  organizerPassengerCount: 1,
  pickupLocation: 'Pasir Ris MRT',
  dropoffLocations: [{ location: 'Pasir Ris MRT', passengerCount: 1 }],
  ...overrides,
});

describe('ride edits', () => {
  it('a new departure tells every passenger but the organiser: detail the old time, date the new', async () => {
    const { ride } = await rideWithParty();
    const newDate = new Date(inDays(4).getTime() + 3_600_000);

    await callerFor(t.db, alice, atNow).ride.update({ id: ride.id, ...editPayload(newDate) });

    const rows = await stored();
    expect(rows.map((row) => row.userId)).toEqual([bob.id, carol.id]);
    for (const row of rows) {
      expect(row).toMatchObject({
        kind: 'ride_edited',
        rideId: ride.id,
        rideDirection: 'SG->FC',
        rideDate: newDate,
        detail: inDays(3).toISOString(),
      });
    }
  });

  it('a new departure also tells the assigned vendor, so the driver does not come at the old time', async () => {
    const { ride } = await rideWithParty({ status: 'assigned', vendorId: vendor.id });
    const newDate = new Date(inDays(4).getTime() + 3_600_000);

    await callerFor(t.db, alice, atNow).ride.update({ id: ride.id, ...editPayload(newDate) });

    expect(await recipients()).toEqual(sorted(bob.id, carol.id, vendor.id));
    expect((await stored()).find((row) => row.userId === vendor.id)).toMatchObject({
      kind: 'ride_edited',
      rideId: ride.id,
      rideDate: newDate,
      detail: inDays(3).toISOString(),
    });
  });

  it('an edit that keeps the departure (seats, price, place) tells nobody', async () => {
    const { ride } = await rideWithParty();
    await callerFor(t.db, alice, atNow).ride.update({
      id: ride.id,
      ...editPayload(inDays(3), { maxPassengers: 6, cost: 120, pickupLocation: 'Tampines MRT' }),
    });
    expect(await stored()).toEqual([]);
  });

  it('a refused edit tells nobody', async () => {
    const { ride } = await rideWithParty();
    expect(
      await refusal(callerFor(t.db, bob, atNow).ride.update({ id: ride.id, ...editPayload(inDays(5)) })),
    ).toMatchObject({ code: 'FORBIDDEN' });
    expect(await stored()).toEqual([]);
  });
});

describe('cancelling', () => {
  it('tells every passenger but the organiser, with the reason', async () => {
    const { ride } = await rideWithParty();
    await callerFor(t.db, alice, atNow).ride.cancel({ id: ride.id, reason: 'Car broke down' });

    const rows = await stored();
    expect(rows.map((row) => row.userId)).toEqual([bob.id, carol.id]);
    expect(rows[0]).toMatchObject({
      kind: 'ride_cancelled',
      rideId: ride.id,
      rideDirection: 'SG->FC',
      rideDate: inDays(3),
      detail: 'Car broke down',
    });
  });

  it('also tells the assigned vendor, with the reason', async () => {
    const { ride } = await rideWithParty({ status: 'assigned', vendorId: vendor.id });
    await callerFor(t.db, alice, atNow).ride.cancel({ id: ride.id, reason: 'Car broke down' });

    expect(await recipients()).toEqual(sorted(bob.id, carol.id, vendor.id));
    expect((await stored()).find((row) => row.userId === vendor.id)).toMatchObject({
      kind: 'ride_cancelled',
      rideId: ride.id,
      detail: 'Car broke down',
    });
  });

  it('a vendor on board as a passenger is told once', async () => {
    const ride = await createRide(t.db, alice, { date: inDays(3), status: 'assigned', vendorId: vendor.id });
    await addPassenger(t.db, ride, vendor);
    await callerFor(t.db, alice, atNow).ride.cancel({ id: ride.id, reason: 'Car broke down' });
    expect(await recipients()).toEqual([vendor.id]);
  });

  it('a refused cancellation (past ride, not the organiser) tells nobody', async () => {
    const { ride } = await rideWithParty({ date: inDays(-1) });
    expect(await refusal(callerFor(t.db, alice, atNow).ride.cancel({ id: ride.id, reason: 'x' }))).toMatchObject({
      code: 'CONFLICT',
    });
    const { ride: future } = await rideWithParty();
    expect(await refusal(callerFor(t.db, bob, atNow).ride.cancel({ id: future.id, reason: 'x' }))).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await stored()).toEqual([]);
  });

  it('a cancellation that rolls back at commit leaves no notification behind', async () => {
    const { ride } = await rideWithParty();
    // A deferred constraint trigger fails the transaction at COMMIT, after the notifications were written.
    await sql`create function refuse_cancel() returns trigger language plpgsql as $$
      begin raise exception 'refused at commit'; end $$`.execute(t.db);
    await sql`create constraint trigger refuse_cancel after update on rides deferrable initially deferred
      for each row when (new.status = 'cancelled') execute function refuse_cancel()`.execute(t.db);
    try {
      await expect(
        callerFor(t.db, alice, atNow).ride.cancel({ id: ride.id, reason: 'Car broke down' }),
      ).rejects.toThrow();
    } finally {
      await sql`drop trigger refuse_cancel on rides`.execute(t.db);
      await sql`drop function refuse_cancel()`.execute(t.db);
    }
    expect(await stored()).toEqual([]);
    const row = await t.db.selectFrom('rides').select('status').where('id', '=', ride.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('open');
  });
});

describe('removing a passenger', () => {
  it('the organiser removing someone tells that one passenger', async () => {
    const { ride, bobEntry } = await rideWithParty();
    await callerFor(t.db, alice, atNow).passenger.remove({ rideId: ride.id, passengerId: bobEntry.id });
    expect(await stored()).toEqual([
      expect.objectContaining({ userId: bob.id, kind: 'passenger_removed', rideId: ride.id, detail: null }),
    ]);
  });

  it('a passenger leaving on their own tells the organiser, by name', async () => {
    const { ride, carolEntry } = await rideWithParty();
    await callerFor(t.db, carol, atNow).passenger.remove({ rideId: ride.id, passengerId: carolEntry.id });
    expect(await stored()).toEqual([
      expect.objectContaining({ userId: alice.id, kind: 'passenger_left', rideId: ride.id, detail: 'Carol' }),
    ]);
  });

  it('someone joining tells the organiser their name and group size', async () => {
    const ride = await createRide(t.db, alice, { date: inDays(3) });
    await callerFor(t.db, bob, atNow).passenger.join({ rideId: ride.id, dropoffLocation: 'Bedok', passengerCount: 2 });
    await callerFor(t.db, carol, atNow).passenger.join({
      rideId: ride.id,
      dropoffLocation: 'Bedok',
      passengerCount: 1,
    });
    expect(await stored()).toEqual([
      expect.objectContaining({
        userId: alice.id,
        kind: 'passenger_joined',
        rideId: ride.id,
        detail: 'Bob (2 people)',
      }),
      expect.objectContaining({
        userId: alice.id,
        kind: 'passenger_joined',
        rideId: ride.id,
        detail: 'Carol (1 person)',
      }),
    ]);
  });

  it('accepting a waitlist offer tells the organiser like a join', async () => {
    const ride = await createRide(t.db, alice, { date: inDays(3), maxPassengers: 2 });
    const carolEntry = await addPassenger(t.db, ride, carol);
    await callerFor(t.db, bob, atNow).waitlist.join({ rideId: ride.id, dropoffLocation: 'Jurong', passengerCount: 1 });
    await callerFor(t.db, carol, atNow).passenger.remove({ rideId: ride.id, passengerId: carolEntry.id });
    await callerFor(t.db, bob, atNow).waitlist.accept({ rideId: ride.id });
    const toAlice = (await stored()).filter((row) => row.userId === alice.id);
    expect(toAlice).toEqual([
      expect.objectContaining({ kind: 'passenger_left', detail: 'Carol' }),
      expect.objectContaining({ kind: 'passenger_joined', detail: 'Bob (1 person)' }),
    ]);
  });

  it('leaving the waitlist tells the organiser nothing (the member never joined the ride)', async () => {
    const ride = await createRide(t.db, alice, { date: inDays(3), maxPassengers: 2 });
    await addPassenger(t.db, ride, carol);
    await callerFor(t.db, bob, atNow).waitlist.join({ rideId: ride.id, dropoffLocation: 'Jurong', passengerCount: 1 });
    await callerFor(t.db, bob, atNow).waitlist.leave({ rideId: ride.id });
    expect(await stored()).toEqual([]);
  });

  it('a refused join tells nobody', async () => {
    const ride = await createRide(t.db, alice, { date: inDays(3), maxPassengers: 2 });
    expect(
      await refusal(
        callerFor(t.db, bob, atNow).passenger.join({ rideId: ride.id, dropoffLocation: 'Bedok', passengerCount: 2 }),
      ),
    ).toMatchObject({ code: 'CONFLICT' });
    expect(await stored()).toEqual([]);
  });

  it('a refused removal tells nobody', async () => {
    const { ride, carolEntry } = await rideWithParty();
    expect(
      await refusal(callerFor(t.db, bob, atNow).passenger.remove({ rideId: ride.id, passengerId: carolEntry.id })),
    ).toMatchObject({ code: 'FORBIDDEN' });
    expect(await stored()).toEqual([]);
  });
});

describe('the driver', () => {
  it("a vendor taking the ride tells the organiser and passengers the company's name", async () => {
    const { ride } = await rideWithParty();
    await callerFor(t.db, vendor, atNow).vendor.assign({ rideId: ride.id });
    expect(await recipients()).toEqual(sorted(alice.id, bob.id, carol.id));
    expect(await stored()).toEqual(
      Array(3).fill(expect.objectContaining({ kind: 'vendor_assigned', rideId: ride.id, detail: 'Causeway Cabs' })),
    );
  });

  it('a vendor on board as a passenger is not told of its own assignment', async () => {
    const ride = await createRide(t.db, alice, { date: inDays(3) });
    await addPassenger(t.db, ride, vendor);
    await callerFor(t.db, vendor, atNow).vendor.assign({ rideId: ride.id });
    expect(await recipients()).toEqual([alice.id]);
  });

  it('a refused assignment (cancelled ride) tells nobody', async () => {
    const { ride } = await rideWithParty({ status: 'cancelled' });
    expect(await refusal(callerFor(t.db, vendor, atNow).vendor.assign({ rideId: ride.id }))).toMatchObject({
      domainCode: 'RIDE_CANCELLED',
    });
    expect(await stored()).toEqual([]);
  });

  it('the vendor releasing the ride tells the organiser and passengers', async () => {
    const { ride } = await rideWithParty({ status: 'assigned', vendorId: vendor.id });
    await callerFor(t.db, vendor, atNow).vendor.unassign({ rideId: ride.id });
    expect(await recipients()).toEqual(sorted(alice.id, bob.id, carol.id));
    expect(await stored()).toEqual(
      Array(3).fill(expect.objectContaining({ kind: 'vendor_released', rideId: ride.id, rideDate: inDays(3) })),
    );
  });

  it('the organiser releasing the driver tells the passengers and the vendor, not the organiser', async () => {
    const { ride } = await rideWithParty({ status: 'assigned', vendorId: vendor.id });
    await callerFor(t.db, alice, atNow).vendor.unassign({ rideId: ride.id });
    expect(await recipients()).toEqual(sorted(bob.id, carol.id, vendor.id));
    expect(new Set((await stored()).map((row) => row.kind))).toEqual(new Set(['vendor_released']));
  });

  it('a refused release (within 24 hours, by the vendor) tells nobody', async () => {
    const { ride } = await rideWithParty({
      status: 'assigned',
      vendorId: vendor.id,
      date: new Date(NOW.getTime() + 3_600_000),
    });
    expect(await refusal(callerFor(t.db, vendor, atNow).vendor.unassign({ rideId: ride.id }))).toMatchObject({
      code: 'CONFLICT',
    });
    expect(await stored()).toEqual([]);
  });

  it('completing a ride tells nobody', async () => {
    const { ride } = await rideWithParty({ status: 'assigned', vendorId: vendor.id, date: inDays(-1) });
    await callerFor(t.db, vendor, atNow).vendor.complete({ rideId: ride.id });
    expect(await stored()).toEqual([]);
  });
});

describe('notification procedures', () => {
  /** Writes `count` notifications for `user` directly, oldest first; answers their ids. */
  async function seed(user: { id: number }, count: number, rideId: number | null = null): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const row = await t.db
        .insertInto('notifications')
        .values({
          userId: user.id,
          kind: 'ride_cancelled',
          rideId,
          rideDirection: 'FC->SG',
          rideDate: inDays(2),
          detail: `reason ${String(i + 1)}`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    return ids;
  }

  it('lists the caller’s own notifications newest first, paged, with total and unread', async () => {
    const ride = await createRide(t.db, alice, { date: inDays(2) });
    const ids = await seed(bob, 5, ride.id);
    await seed(carol, 2);

    const first = await callerFor(t.db, bob).notification.list({ page: 1, pageSize: 2 });
    expect(first).toMatchObject({ total: 5, unread: 5, page: 1, pageSize: 2 });
    expect(first.items.map((item) => item.id)).toEqual([ids[4], ids[3]]);
    expect(first.items[0]).toEqual({
      id: ids[4],
      kind: 'ride_cancelled',
      rideId: ride.id,
      rideDirection: 'FC->SG',
      rideDate: inDays(2).toISOString(),
      detail: 'reason 5',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) as unknown,
      readAt: null,
    });
    const last = await callerFor(t.db, bob).notification.list({ page: 3, pageSize: 2 });
    expect(last.items.map((item) => item.id)).toEqual([ids[0]]);
    const beyond = await callerFor(t.db, bob).notification.list({ page: 9, pageSize: 2 });
    expect(beyond).toMatchObject({ items: [], total: 5, page: 9 });
    // Defaults: page 1 of 20.
    expect(await callerFor(t.db, bob).notification.list()).toMatchObject({ page: 1, pageSize: 20, total: 5 });
    expect(await callerFor(t.db, dave).notification.list({})).toEqual({
      items: [],
      total: 0,
      page: 1,
      pageSize: 20,
      unread: 0,
    });
  });

  it('marks one read (at the caller’s clock), then all; counts only unread ones', async () => {
    const ids = await seed(bob, 3);
    const asBob = callerFor(t.db, bob, atNow);
    expect(await asBob.notification.unreadCount()).toEqual({ unread: 3 });

    expect(await asBob.notification.markRead({ ids: [ids[1] ?? 0] })).toEqual({ updated: 1 });
    expect(await asBob.notification.unreadCount()).toEqual({ unread: 2 });
    const page = await asBob.notification.list({});
    expect(page.unread).toBe(2);
    expect(page.items.find((item) => item.id === ids[1])?.readAt).toBe(NOW.toISOString());

    // Marking it again changes nothing; "all" marks the remaining two and keeps the first read time.
    expect(await asBob.notification.markRead({ ids: [ids[1] ?? 0] })).toEqual({ updated: 0 });
    const later = new Date(NOW.getTime() + 60_000);
    expect(await callerFor(t.db, bob, { now: () => later }).notification.markRead({})).toEqual({ updated: 2 });
    expect(await asBob.notification.unreadCount()).toEqual({ unread: 0 });
    const after = await asBob.notification.list({});
    expect(after.items.find((item) => item.id === ids[1])?.readAt).toBe(NOW.toISOString());
    expect(after.items.find((item) => item.id === ids[0])?.readAt).toBe(later.toISOString());
    // An empty list marks none.
    expect(await asBob.notification.markRead({ ids: [] })).toEqual({ updated: 0 });
  });

  it('never reads or marks another user’s notifications', async () => {
    const bobIds = await seed(bob, 2);
    const carolIds = await seed(carol, 1);

    const asCarol = callerFor(t.db, carol, atNow);
    expect((await asCarol.notification.list({})).items.map((item) => item.id)).toEqual(carolIds);
    // Bob's ids and unknown ones are ignored; Carol's own in the same call is marked.
    expect(await asCarol.notification.markRead({ ids: [...bobIds, 99_999, ...carolIds] })).toEqual({ updated: 1 });
    expect(await callerFor(t.db, bob).notification.unreadCount()).toEqual({ unread: 2 });
    // "All" is all of the caller's.
    await seed(carol, 1);
    expect(await asCarol.notification.markRead()).toEqual({ updated: 1 });
    expect(await callerFor(t.db, bob).notification.unreadCount()).toEqual({ unread: 2 });
  });

  it('refuses signed-out callers and bad input, naming the field', async () => {
    const signedOut = callerFor(t.db, null);
    expect(await refusal(signedOut.notification.list({}))).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await refusal(signedOut.notification.unreadCount())).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await refusal(signedOut.notification.markRead({}))).toMatchObject({ code: 'UNAUTHORIZED' });

    const asBob = callerFor(t.db, bob);
    expect(await refusal(asBob.notification.list({ pageSize: 51 }))).toEqual({
      code: 'BAD_REQUEST',
      domainCode: 'VALIDATION_FAILED',
      message: 'Page size must be a whole number from 1 to 50',
    });
    const tooMany = Array.from({ length: 101 }, (_, i) => i + 1);
    expect(await refusal(asBob.notification.markRead({ ids: tooMany }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'At most 100 notification ids at a time',
    });
  });

  it('the notifications of a deleted ride stay, without the ride', async () => {
    const ride = await createRide(t.db, alice, { date: inDays(2) });
    await seed(bob, 1, ride.id);
    await callerFor(t.db, alice, atNow).ride.delete({ id: ride.id });
    const page = await callerFor(t.db, bob).notification.list({});
    expect(page.items).toEqual([expect.objectContaining({ rideId: null, rideDirection: 'FC->SG' })]);
  });
});
