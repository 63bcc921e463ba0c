/**
 * The waitlist through the procedures (both engines): joining, leaving, offers passed on when seats
 * free up, held seats blocking direct joins, accepting, lapsing (injected clock), the sweep and its
 * advisory lock, and races that must never overbook.
 */
import { sql } from 'kysely';
import pg from 'pg';
import { beforeEach, describe, expect, inject, it } from 'vitest';

import { RideListCache } from '../../src/cache/ride-list-cache';
import { runSweepJob, sweepJobs } from '../../src/services/sweep';
import { WAITLIST_SWEEP_LOCK_KEY } from '../../src/services/waitlist-service';
import { addPassenger, createRide, createUser, createUsers, createVendor, type TestUser } from '../factories';
import { useTestDatabase } from '../helpers/db';
import { callerFor, fullRideList, refusal } from '../helpers/rides';

const serverMode = inject('dbMode') === 'server';

const t = useTestDatabase();

const MINUTE = 60_000;
const DAY = 86_400_000;
/** The clock every call in this file reads; rides leave three days after it. */
const NOW = new Date(Date.now());
const at = (minutes: number) => new Date(NOW.getTime() + minutes * MINUTE);
const clock = (date: Date) => ({ now: () => date });

let organiser: TestUser;
let ann: TestUser;
let ben: TestUser;
let cat: TestUser;

beforeEach(async () => {
  organiser = await createUser(t.db, { name: 'Olive' });
  ann = await createUser(t.db, { name: 'Ann' });
  ben = await createUser(t.db, { name: 'Ben' });
  cat = await createUser(t.db, { name: 'Cat' });
});

/** A ride of `max` seats leaving in three days, filled by the organiser's group of `organizerCount`. */
function fullRide(max: number, organizerCount = max) {
  return createRide(t.db, organiser, {
    direction: 'FC->SG',
    maxPassengers: max,
    organizerCount,
    date: new Date(NOW.getTime() + 3 * DAY),
  });
}

function as(user: TestUser, now: Date = NOW) {
  return callerFor(t.db, user, clock(now));
}

function wait(user: TestUser, rideId: number, passengerCount = 1, now: Date = NOW) {
  return as(user, now).waitlist.join({ rideId, dropoffLocation: `Home of ${user.name ?? ''}`, passengerCount });
}

async function waitlistRows(rideId: number) {
  return t.db
    .selectFrom('rideWaitlist')
    .select(['userId', 'passengerCount', 'offerExpiresAt'])
    .where('rideId', '=', rideId)
    .orderBy('id')
    .execute();
}

/** Whether each of the user's offer notifications is still unread. */
async function offersUnread(userId: number) {
  const rows = await t.db
    .selectFrom('notifications')
    .select('readAt')
    .where('userId', '=', userId)
    .where('kind', '=', 'waitlist_offer')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.readAt === null);
}

async function offersFor(userId: number) {
  return t.db
    .selectFrom('notifications')
    .select(['kind', 'rideId', 'detail'])
    .where('userId', '=', userId)
    .where('kind', '=', 'waitlist_offer')
    .execute();
}

async function seats(rideId: number) {
  const ride = await t.db
    .selectFrom('rides')
    .select(['currentPassengers', 'maxPassengers'])
    .where('id', '=', rideId)
    .executeTakeFirstOrThrow();
  const rows = await t.db.selectFrom('ridePassengers').select('passengerCount').where('rideId', '=', rideId).execute();
  return { taken: rows.reduce((sum, row) => sum + row.passengerCount, 0), ...ride };
}

/** Frees `user`'s seats: the organiser removes their entry. */
async function removeFromRide(rideId: number, user: TestUser, now: Date = NOW) {
  const entry = await t.db
    .selectFrom('ridePassengers')
    .select('id')
    .where('rideId', '=', rideId)
    .where('userId', '=', user.id)
    .executeTakeFirstOrThrow();
  await as(organiser, now).passenger.remove({ rideId, passengerId: entry.id });
}

describe('waitlist.join', () => {
  it('puts members in line on a full ride, in order, and the detail shows count and own place only', async () => {
    const ride = await fullRide(3);
    expect(await wait(ann, ride.id, 2)).toEqual({ position: 1, passengerCount: 2, offerExpiresAt: null });
    expect(await wait(ben, ride.id)).toEqual({ position: 2, passengerCount: 1, offerExpiresAt: null });

    const seenByBen = await as(ben).ride.byId({ id: ride.id });
    expect(seenByBen.waitlist).toEqual({
      count: 2,
      heldSeats: 0,
      mine: { position: 2, passengerCount: 1, offerExpiresAt: null },
    });
    const seenByCat = await as(cat).ride.byId({ id: ride.id });
    expect(seenByCat.waitlist).toEqual({ count: 2, heldSeats: 0, mine: null });
    const seenByVisitor = await callerFor(t.db, null, clock(NOW)).ride.byId({ id: ride.id });
    expect(seenByVisitor.waitlist).toEqual({ count: 2, heldSeats: 0, mine: null });
    expect(JSON.stringify(seenByCat)).not.toContain(ann.discordUsername);
    expect(await waitlistRows(ride.id)).toEqual([
      { userId: ann.id, passengerCount: 2, offerExpiresAt: null },
      { userId: ben.id, passengerCount: 1, offerExpiresAt: null },
    ]);
  });

  it('stores the location as a join would (trimmed) and refuses a blank one naming the field', async () => {
    const ride = await fullRide(2);
    const blank = await refusal(as(ann).waitlist.join({ rideId: ride.id, dropoffLocation: '   ', passengerCount: 1 }));
    expect(blank).toMatchObject({ code: 'BAD_REQUEST', domainCode: 'VALIDATION_FAILED' });
    await as(ann).waitlist.join({ rideId: ride.id, dropoffLocation: '  Bedok  ', passengerCount: 1 });
    const row = await t.db.selectFrom('rideWaitlist').select('dropoffLocation').executeTakeFirstOrThrow();
    expect(row.dropoffLocation).toBe('Bedok');
  });

  it.each([
    ['the group fits now', 'CONFLICT', 'SEATS_AVAILABLE', 'There is 1 seat free on this ride: join it instead'],
  ])('refuses when %s', async (_label, code, domainCode, message) => {
    const ride = await fullRide(3, 2);
    expect(await refusal(wait(ann, ride.id, 1))).toEqual({ code, domainCode, message });
    expect(await waitlistRows(ride.id)).toEqual([]);
  });

  it('refuses the organiser, a passenger, someone already waiting, a vendor, an oversized group', async () => {
    const ride = await fullRide(3, 2);
    await addPassenger(t.db, ride, ben);
    const vendor = await createVendor(t.db);
    await wait(ann, ride.id);
    expect(await refusal(wait(organiser, ride.id))).toEqual({
      code: 'FORBIDDEN',
      domainCode: 'CREATOR_CANNOT_JOIN',
      message: 'You cannot join the waitlist of your own ride',
    });
    expect(await refusal(wait(ben, ride.id))).toMatchObject({ code: 'CONFLICT', domainCode: 'ALREADY_JOINED' });
    expect(await refusal(wait(ann, ride.id))).toEqual({
      code: 'CONFLICT',
      domainCode: 'ALREADY_WAITING',
      message: 'You are already on the waitlist of this ride',
    });
    expect(await refusal(wait(vendor, ride.id))).toMatchObject({ code: 'FORBIDDEN', domainCode: 'NOT_ELIGIBLE' });
    expect(await refusal(wait(cat, ride.id, 4))).toEqual({
      code: 'BAD_REQUEST',
      domainCode: 'VALIDATION_FAILED',
      message: "Number of passengers cannot be more than the ride's 3 seats",
    });
    expect(await waitlistRows(ride.id)).toHaveLength(1);
  });

  it('refuses cancelled and past rides, and an unknown ride is NOT_FOUND', async () => {
    const cancelled = await createRide(t.db, organiser, { status: 'cancelled', organizerCount: 4 });
    const past = await createRide(t.db, organiser, { date: at(-60), organizerCount: 4 });
    expect(await refusal(wait(ann, cancelled.id))).toMatchObject({ code: 'CONFLICT', domainCode: 'RIDE_CANCELLED' });
    expect(await refusal(wait(ann, past.id))).toMatchObject({ code: 'CONFLICT', domainCode: 'RIDE_PAST' });
    expect(await refusal(wait(ann, 9999))).toMatchObject({ code: 'NOT_FOUND', domainCode: 'NOT_FOUND' });
  });

  it('needs a signed-in member', async () => {
    const ride = await fullRide(2);
    const anonymous = callerFor(t.db, null, clock(NOW));
    expect(
      await refusal(anonymous.waitlist.join({ rideId: ride.id, dropoffLocation: 'Bedok', passengerCount: 1 })),
    ).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('offers when seats free up', () => {
  it('a passenger leaving offers the seat to the first waiting group that fits, with a notification', async () => {
    const ride = await fullRide(4, 2);
    await addPassenger(t.db, ride, cat, { count: 2 });
    await wait(ann, ride.id, 3);
    await wait(ben, ride.id, 2);

    await removeFromRide(ride.id, cat);

    // Ann's three do not fit in two seats; Ben's pair behind her does.
    const expiry = at(30).toISOString();
    expect(await waitlistRows(ride.id)).toEqual([
      { userId: ann.id, passengerCount: 3, offerExpiresAt: null },
      { userId: ben.id, passengerCount: 2, offerExpiresAt: new Date(expiry) },
    ]);
    expect(await offersFor(ben.id)).toEqual([{ kind: 'waitlist_offer', rideId: ride.id, detail: expiry }]);
    expect(await offersFor(ann.id)).toEqual([]);
    expect((await as(ben).ride.byId({ id: ride.id })).waitlist).toEqual({
      count: 2,
      heldSeats: 2,
      mine: { position: 2, passengerCount: 2, offerExpiresAt: expiry },
    });
  });

  it('an edit raising the maximum offers the new seats', async () => {
    const ride = await fullRide(2);
    await wait(ann, ride.id);
    await as(organiser).ride.update({
      id: ride.id,
      direction: 'FC->SG',
      date: new Date(NOW.getTime() + 3 * DAY),
      maxPassengers: 3,
      pickupLocation: 'Forest City',
      dropoffLocations: [{ location: 'Tampines Mall', passengerCount: 2 }],
      organizerPassengerCount: 2,
    });
    expect((await waitlistRows(ride.id))[0]?.offerExpiresAt).toEqual(at(30));
    expect(await offersFor(ann.id)).toHaveLength(1);
  });

  it('held seats count as taken: a direct join cannot jump the queue', async () => {
    const ride = await fullRide(3, 2);
    await addPassenger(t.db, ride, cat);
    await wait(ann, ride.id);
    await removeFromRide(ride.id, cat);
    expect(
      await refusal(as(ben).passenger.join({ rideId: ride.id, dropoffLocation: 'Jurong', passengerCount: 1 })),
    ).toEqual({ code: 'CONFLICT', domainCode: 'RIDE_FULL', message: 'Ride is full' });
    // Nor can a newcomer wait ahead of the offer: the seat is held, so Ben waits behind Ann.
    expect(await wait(ben, ride.id)).toMatchObject({ position: 2 });
  });

  it('an edit cannot lower the maximum below the seats taken plus those held by live offers', async () => {
    const ride = await fullRide(4, 2);
    await addPassenger(t.db, ride, cat, { count: 2 });
    await wait(ann, ride.id, 2);
    await removeFromRide(ride.id, cat);
    const edit = (maxPassengers: number, now: Date = NOW) =>
      as(organiser, now).ride.update({
        id: ride.id,
        direction: 'FC->SG',
        date: new Date(NOW.getTime() + 3 * DAY),
        maxPassengers,
        pickupLocation: 'Forest City',
        dropoffLocations: [{ location: 'Tampines Mall', passengerCount: 2 }],
        organizerPassengerCount: 2,
      });
    // Two seats taken by the organiser's group, two held for Ann's pair: three would leave her no room.
    expect(await refusal(edit(3))).toEqual({
      code: 'CONFLICT',
      domainCode: 'MAX_BELOW_TAKEN',
      message: 'Maximum passengers cannot be less than the seats taken and held for the waitlist (4)',
    });
    expect((await seats(ride.id)).maxPassengers).toBe(4);
    await edit(4);
    // So the held group's accept still finds its seats.
    await as(ann).waitlist.accept({ rideId: ride.id });
    expect(await seats(ride.id)).toEqual({ taken: 4, currentPassengers: 4, maxPassengers: 4 });
  });

  it('a lapsed offer holds nothing: the maximum may then drop to the seats taken', async () => {
    const ride = await fullRide(4, 2);
    await addPassenger(t.db, ride, cat, { count: 2 });
    await wait(ann, ride.id, 2);
    await removeFromRide(ride.id, cat);
    await as(organiser, at(30)).ride.update({
      id: ride.id,
      direction: 'FC->SG',
      date: new Date(NOW.getTime() + 3 * DAY),
      maxPassengers: 2,
      pickupLocation: 'Forest City',
      dropoffLocations: [{ location: 'Tampines Mall', passengerCount: 2 }],
      organizerPassengerCount: 2,
    });
    expect(await seats(ride.id)).toEqual({ taken: 2, currentPassengers: 2, maxPassengers: 2 });
    // Ann's lapsed offer passed on with the edit: she has left the line.
    expect(await waitlistRows(ride.id)).toEqual([]);
  });

  it('a cancelled ride makes no offers', async () => {
    const ride = await fullRide(3, 2);
    await addPassenger(t.db, ride, cat);
    await wait(ann, ride.id);
    await as(organiser).ride.cancel({ id: ride.id, reason: 'Car broke down' });
    await as(cat).passenger.remove({
      rideId: ride.id,
      passengerId: (
        await t.db.selectFrom('ridePassengers').select('id').where('userId', '=', cat.id).executeTakeFirstOrThrow()
      ).id,
    });
    expect((await waitlistRows(ride.id))[0]?.offerExpiresAt).toBeNull();
    expect(await offersFor(ann.id)).toEqual([]);
  });
});

describe('held seats in ride lists', () => {
  it('every list counts the seats offers hold, and a cached first page follows a decline', async () => {
    const ride = await fullRide(3, 2);
    await addPassenger(t.db, ride, cat);
    await wait(ann, ride.id);
    await wait(ben, ride.id);
    const cache = new RideListCache();
    const cached = () =>
      callerFor(t.db, null, { ...clock(NOW), rideListCache: cache }).ride.list({ time: 'all', pageSize: 100 });
    const listed = (items: readonly { id: number; heldSeats: number; currentPassengers: number }[]) =>
      items
        .filter((item) => item.id === ride.id)
        .map(({ heldSeats, currentPassengers }) => ({ heldSeats, currentPassengers }));
    expect(listed((await cached()).items)).toEqual([{ heldSeats: 0, currentPassengers: 3 }]);

    await removeFromRide(ride.id, cat);
    // Cat's seat is held for Ann: two on board, one held, so the ride still reads full.
    const held = [{ heldSeats: 1, currentPassengers: 2 }];
    expect(listed((await cached()).items)).toEqual(held);
    expect(listed((await as(ben).ride.list({ time: 'all', pageSize: 100 })).items)).toEqual(held);
    expect(listed(await fullRideList(t.db, ben))).toEqual(held);
    expect(listed(await as(organiser).ride.organized())).toEqual(held);
    expect((await as(ben).ride.byId({ id: ride.id })).heldSeats).toBe(1);

    // Ann declines: the seat passes to Ben, still held; Ben declines too: nothing is held any more.
    await as(ann).waitlist.leave({ rideId: ride.id });
    expect(listed((await cached()).items)).toEqual(held);
    await as(ben).waitlist.leave({ rideId: ride.id });
    expect(listed((await cached()).items)).toEqual([{ heldSeats: 0, currentPassengers: 2 }]);
    expect(listed(await as(organiser).ride.organized())).toEqual([{ heldSeats: 0, currentPassengers: 2 }]);
  });

  it('a ride detail counts only live offers; lists until the lapsed offer is passed on', async () => {
    const ride = await fullRide(3, 2);
    await addPassenger(t.db, ride, cat);
    await wait(ann, ride.id);
    await removeFromRide(ride.id, cat);
    const detail = await as(ben, at(30)).ride.byId({ id: ride.id });
    expect({ heldSeats: detail.heldSeats, waitlist: detail.waitlist.heldSeats }).toEqual({ heldSeats: 0, waitlist: 0 });
    const listedHeld = async () => (await fullRideList(t.db, ben)).find((item) => item.id === ride.id)?.heldSeats;
    expect(await listedHeld()).toBe(1);
    await sweep(at(30));
    expect(await listedHeld()).toBe(0);
  });
});

describe('cancelling a ride with a waitlist', () => {
  async function cancellations(userId: number) {
    return t.db
      .selectFrom('notifications')
      .select(['kind', 'rideId', 'detail'])
      .where('userId', '=', userId)
      .where('kind', '=', 'ride_cancelled')
      .execute();
  }

  it('tells everyone waiting (held offer or not) besides the passengers, and nobody twice', async () => {
    const ride = await fullRide(3, 2);
    await addPassenger(t.db, ride, cat);
    await wait(ann, ride.id);
    await wait(ben, ride.id);
    await removeFromRide(ride.id, cat);
    // Ann holds an offer, Ben waits behind her; Cat has left the ride.
    expect((await waitlistRows(ride.id)).map((row) => row.offerExpiresAt)).toEqual([at(30), null]);

    await as(organiser, at(5)).ride.cancel({ id: ride.id, reason: 'Car broke down' });

    const told = { kind: 'ride_cancelled', rideId: ride.id, detail: 'Car broke down' };
    expect(await cancellations(ann.id)).toEqual([told]);
    expect(await cancellations(ben.id)).toEqual([told]);
    expect(await cancellations(cat.id)).toEqual([]);
    expect(await cancellations(organiser.id)).toEqual([]);
  });

  it('leaves out a member whose offer had lapsed (they left the line)', async () => {
    const ride = await fullRide(3, 2);
    await addPassenger(t.db, ride, cat);
    await wait(ann, ride.id);
    await removeFromRide(ride.id, cat);
    await as(organiser, at(30)).ride.cancel({ id: ride.id, reason: 'Car broke down' });
    expect(await cancellations(ann.id)).toEqual([]);
  });

  it('its line makes no offers afterwards: not when a passenger leaves, nor when an offer lapses', async () => {
    const dan = await createUser(t.db, { name: 'Dan' });
    const ride = await fullRide(4, 2);
    await addPassenger(t.db, ride, cat);
    await addPassenger(t.db, ride, dan);
    await wait(ann, ride.id);
    await wait(ben, ride.id);
    await removeFromRide(ride.id, cat);
    await as(organiser).ride.cancel({ id: ride.id, reason: 'Car broke down' });
    // A passenger may still leave a cancelled ride; the seat it frees goes to nobody.
    const dansEntry = await t.db
      .selectFrom('ridePassengers')
      .select('id')
      .where('userId', '=', dan.id)
      .executeTakeFirstOrThrow();
    await as(dan, at(1)).passenger.remove({ rideId: ride.id, passengerId: dansEntry.id });
    expect(await waitlistRows(ride.id)).toEqual([
      { userId: ann.id, passengerCount: 1, offerExpiresAt: at(30) },
      { userId: ben.id, passengerCount: 1, offerExpiresAt: null },
    ]);
    // Ann's offer (made before the cancellation) lapses: the sweep passes it to nobody.
    expect(await sweep(at(30))).toEqual({ ran: true, rides: 1, failed: [] });
    expect(await waitlistRows(ride.id)).toEqual([{ userId: ben.id, passengerCount: 1, offerExpiresAt: null }]);
    expect(await offersFor(ben.id)).toEqual([]);
    expect(await refusal(as(ben, at(31)).waitlist.accept({ rideId: ride.id }))).toMatchObject({
      code: 'CONFLICT',
      domainCode: 'RIDE_CANCELLED',
    });
  });
});

describe('waitlist.accept', () => {
  async function rideWithOfferFor(user: TestUser, passengerCount = 1) {
    const ride = await fullRide(4, 4 - passengerCount);
    await addPassenger(t.db, ride, cat, { count: passengerCount });
    await wait(user, ride.id, passengerCount);
    await removeFromRide(ride.id, cat);
    return ride;
  }

  it('joins the ride with the waited location and size and leaves the line', async () => {
    const ride = await rideWithOfferFor(ann, 1);
    expect(await offersUnread(ann.id)).toEqual([true]);
    const entry = await as(ann, at(29)).waitlist.accept({ rideId: ride.id });
    // The offer is answered: its notification is no longer news.
    expect(await offersUnread(ann.id)).toEqual([false]);
    expect(entry).toMatchObject({ rideId: ride.id, userId: ann.id, dropoffLocation: 'Home of Ann', passengerCount: 1 });
    expect(await waitlistRows(ride.id)).toEqual([]);
    expect(await seats(ride.id)).toEqual({ taken: 4, currentPassengers: 4, maxPassengers: 4 });
    expect((await as(ann, at(29)).ride.byId({ id: ride.id })).waitlist).toEqual({ count: 0, heldSeats: 0, mine: null });
  });

  it('refuses without an offer, after it lapsed, and when not waiting', async () => {
    const ride = await rideWithOfferFor(ann, 1);
    await wait(ben, ride.id);
    expect(await refusal(as(ben).waitlist.accept({ rideId: ride.id }))).toEqual({
      code: 'CONFLICT',
      domainCode: 'NO_OFFER',
      message: 'No seat is being held for you yet: you are still on the waitlist',
    });
    expect(await refusal(as(ann, at(30)).waitlist.accept({ rideId: ride.id }))).toEqual({
      code: 'CONFLICT',
      domainCode: 'OFFER_EXPIRED',
      message: 'Your seat offer has lapsed and passed to the next person waiting',
    });
    expect(await refusal(as(cat).waitlist.accept({ rideId: ride.id }))).toEqual({
      code: 'NOT_FOUND',
      domainCode: 'NOT_WAITING',
      message: 'You are not on the waitlist of this ride',
    });
    expect((await seats(ride.id)).taken).toBe(3);
  });

  it('a lapsed offer passes to the next in line when the ride is next acted on', async () => {
    const ride = await rideWithOfferFor(ann, 1);
    await wait(ben, ride.id);
    // At the expiry Ann's offer has lapsed: she has left the line, and Ben is offered the seat.
    expect((await as(ann, at(30)).ride.byId({ id: ride.id })).waitlist).toEqual({ count: 1, heldSeats: 0, mine: null });
    await as(cat, at(30))
      .passenger.join({ rideId: ride.id, dropoffLocation: 'Jurong', passengerCount: 1 })
      .catch(() => undefined);
    // Cat's direct join ran the lapse first: the seat went to Ben, so Cat was refused.
    expect(await waitlistRows(ride.id)).toEqual([{ userId: ben.id, passengerCount: 1, offerExpiresAt: at(60) }]);
    expect((await seats(ride.id)).taken).toBe(3);
    expect(await offersFor(ben.id)).toEqual([
      { kind: 'waitlist_offer', rideId: ride.id, detail: at(60).toISOString() },
    ]);
    await as(ben, at(31)).waitlist.accept({ rideId: ride.id });
    expect((await seats(ride.id)).taken).toBe(4);
  });

  it('refuses on a cancelled ride', async () => {
    const ride = await rideWithOfferFor(ann, 1);
    await as(organiser).ride.cancel({ id: ride.id, reason: 'Car broke down' });
    expect(await refusal(as(ann).waitlist.accept({ rideId: ride.id }))).toMatchObject({
      code: 'CONFLICT',
      domainCode: 'RIDE_CANCELLED',
    });
  });
});

describe('waitlist.leave', () => {
  it('leaves the line; declining a live offer passes it on', async () => {
    const ride = await fullRide(3, 2);
    await addPassenger(t.db, ride, cat);
    await wait(ann, ride.id);
    await wait(ben, ride.id);
    await removeFromRide(ride.id, cat);
    expect(await offersUnread(ann.id)).toEqual([true]);
    expect(await as(ann).waitlist.leave({ rideId: ride.id })).toEqual({
      rideId: ride.id,
      message: 'You have left the waitlist',
    });
    // Declined: Ann's offer notification is read; Ben's new one is not.
    expect(await offersUnread(ann.id)).toEqual([false]);
    expect(await waitlistRows(ride.id)).toEqual([{ userId: ben.id, passengerCount: 1, offerExpiresAt: at(30) }]);
    expect(await offersFor(ben.id)).toHaveLength(1);
    expect(await offersUnread(ben.id)).toEqual([true]);
  });

  it('refuses someone not in line', async () => {
    const ride = await fullRide(2);
    expect(await refusal(as(ann).waitlist.leave({ rideId: ride.id }))).toMatchObject({
      code: 'NOT_FOUND',
      domainCode: 'NOT_WAITING',
    });
  });

  it('a member in line who joins directly leaves the line (using their own held seats)', async () => {
    const ride = await fullRide(3, 2);
    await addPassenger(t.db, ride, cat);
    await wait(ann, ride.id);
    await removeFromRide(ride.id, cat);
    await as(ann).passenger.join({ rideId: ride.id, dropoffLocation: 'Bedok', passengerCount: 1 });
    expect(await waitlistRows(ride.id)).toEqual([]);
    expect((await seats(ride.id)).taken).toBe(3);
  });
});

/** Runs the sweep at `now`; answers its result and the rides it logged as not settled. */
async function sweep(now: Date) {
  const failed: number[] = [];
  const { ran, done } = await runSweepJob(t.db, sweepJobs()['waitlist-offers'], now, {
    error: ({ rideId }) => failed.push(rideId),
  });
  return { ran, rides: done, failed };
}

/** A full ride whose freed seat was offered to Ann at NOW (lapsing at 30 minutes), Ben next in line. */
async function rideWithOfferToAnn() {
  const ride = await fullRide(3, 2);
  await addPassenger(t.db, ride, cat);
  await wait(ann, ride.id);
  await wait(ben, ride.id);
  await removeFromRide(ride.id, cat);
  return ride;
}

describe('the waitlist-offers sweep job', () => {
  it('passes lapsed offers on for rides nobody touches, and does nothing before the expiry', async () => {
    const ride = await fullRide(3, 2);
    await addPassenger(t.db, ride, cat);
    await wait(ann, ride.id);
    await wait(ben, ride.id);
    await removeFromRide(ride.id, cat);

    expect(await sweep(at(29))).toEqual({ ran: true, rides: 0, failed: [] });
    expect(await waitlistRows(ride.id)).toHaveLength(2);

    expect(await sweep(at(30))).toEqual({ ran: true, rides: 1, failed: [] });
    expect(await waitlistRows(ride.id)).toEqual([{ userId: ben.id, passengerCount: 1, offerExpiresAt: at(60) }]);
    expect(await offersFor(ben.id)).toHaveLength(1);
  });

  it('a ride that fails to settle is rolled back alone and logged; the other rides are still settled', async () => {
    const failing = await rideWithOfferToAnn();
    const other = await rideWithOfferToAnn();
    // A test-only trigger refuses dropping the lapsed offer on the first ride (swept first).
    await sql`create function refuse_sweep() returns trigger language plpgsql as $$
      begin raise exception 'refused for the test'; end $$`.execute(t.db);
    await sql`create trigger refuse_sweep before delete on ride_waitlist
      for each row when (old.ride_id = ${sql.lit(failing.id)}) execute function refuse_sweep()`.execute(t.db);
    try {
      expect(await sweep(at(30))).toEqual({ ran: true, rides: 1, failed: [failing.id] });
    } finally {
      await sql`drop trigger refuse_sweep on ride_waitlist`.execute(t.db);
      await sql`drop function refuse_sweep()`.execute(t.db);
    }
    // The other ride's lapsed offer passed on to Ben; the failing ride is as it was.
    expect(await waitlistRows(other.id)).toEqual([{ userId: ben.id, passengerCount: 1, offerExpiresAt: at(60) }]);
    expect(await offersFor(ben.id)).toEqual([expect.objectContaining({ rideId: other.id })]);
    expect(await waitlistRows(failing.id)).toEqual([
      { userId: ann.id, passengerCount: 1, offerExpiresAt: at(30) },
      { userId: ben.id, passengerCount: 1, offerExpiresAt: null },
    ]);
    // The next sweep tries it again (and, no longer refused, settles it).
    expect(await sweep(at(31))).toEqual({ ran: true, rides: 1, failed: [] });
    expect(await waitlistRows(failing.id)).toEqual([
      { userId: ben.id, passengerCount: 1, offerExpiresAt: new Date(at(31).getTime() + 30 * MINUTE) },
    ]);
  });

  it('settles each ride in its own transaction, so no ride stays locked while the next is settled', async () => {
    const first = await rideWithOfferToAnn();
    const second = await rideWithOfferToAnn();
    // A test-only trigger records the top-level transaction that passes each ride's offer on.
    await sql`create table sweep_xacts (ride_id integer, xact text)`.execute(t.db);
    await sql`create function record_sweep() returns trigger language plpgsql as $$
      begin insert into sweep_xacts values (new.ride_id, pg_current_xact_id()::text); return new; end $$`.execute(t.db);
    await sql`create trigger record_sweep after update on ride_waitlist
      for each row execute function record_sweep()`.execute(t.db);
    try {
      expect(await sweep(at(30))).toEqual({ ran: true, rides: 2, failed: [] });
      const rows = await sql<{ rideId: number; xact: string }>`select ride_id, xact from sweep_xacts`.execute(t.db);
      const xacts = new Map(rows.rows.map((row) => [row.rideId, row.xact]));
      expect([...xacts.keys()].sort((a, b) => a - b)).toEqual([first.id, second.id]);
      expect(xacts.get(first.id)).not.toEqual(xacts.get(second.id));
    } finally {
      await sql`drop trigger record_sweep on ride_waitlist`.execute(t.db);
      await sql`drop function record_sweep()`.execute(t.db);
      await sql`drop table sweep_xacts`.execute(t.db);
    }
  });

  it.skipIf(!serverMode)('does nothing while another instance holds the sweep lock', async () => {
    const ride = await fullRide(3, 2);
    await addPassenger(t.db, ride, cat);
    await wait(ann, ride.id);
    await wait(ben, ride.id);
    await removeFromRide(ride.id, cat);

    const other = new pg.Client({ connectionString: t.tdb.connectionString });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('select pg_advisory_xact_lock($1)', [WAITLIST_SWEEP_LOCK_KEY]);
      expect(await sweep(at(30))).toEqual({ ran: false, rides: 0, failed: [] });
      expect(await waitlistRows(ride.id)).toHaveLength(2);
    } finally {
      await other.query('rollback');
      await other.end();
    }
    // Two sweeps at once: whichever runs second finds nothing left, so Ben is offered the seat once.
    const results = await Promise.all([sweep(at(30)), sweep(at(30))]);
    expect(results.reduce((sum, result) => sum + result.rides, 0)).toBe(1);
    expect(await offersFor(ben.id)).toHaveLength(1);
  });

  it.skipIf(!serverMode)(
    'never deadlocks with a request holding a later ride (its writes bump the ride-list version too)',
    async () => {
      // Two rides with lapsed offers; another instance's request holds the second ride's lock and
      // then writes (which bumps the ride-list version, as the sweep's own writes do).
      const first = await fullRide(3, 2);
      const second = await fullRide(3, 2);
      for (const ride of [first, second]) {
        await addPassenger(t.db, ride, cat);
        await wait(ann, ride.id);
        await removeFromRide(ride.id, cat);
      }
      const other = new pg.Client({ connectionString: t.tdb.connectionString });
      await other.connect();
      try {
        await other.query('begin');
        await other.query('select id from rides where id = $1 for update', [second.id]);
        const sweeping = sweep(at(30));
        // Wait (bounded) until the sweep is blocked on a lock.
        for (let attempt = 0; attempt < 200; attempt += 1) {
          const { rows } = await other.query<{ waiting: number }>(
            `select count(*)::int as waiting from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
          );
          if ((rows[0]?.waiting ?? 0) > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        await other.query('update ride_passengers set passenger_count = passenger_count where ride_id = $1', [
          second.id,
        ]);
        await other.query('commit');
        expect(await sweeping).toEqual({ ran: true, rides: 2, failed: [] });
      } finally {
        await other.end();
      }
      expect(await waitlistRows(first.id)).toEqual([]);
      expect(await waitlistRows(second.id)).toEqual([]);
    },
  );
});

describe('races', () => {
  it.skipIf(!serverMode)('offers, a live event and the inbox event are published with the offer', async () => {
    const ride = await fullRide(2, 1);
    await addPassenger(t.db, ride, cat);
    await wait(ann, ride.id);
    const listener = new pg.Client({ connectionString: t.tdb.connectionString });
    await listener.connect();
    const events: { type: string; rideId: number | null; userId: number | null }[] = [];
    listener.on('notification', (message) => {
      events.push(JSON.parse(message.payload ?? '{}') as (typeof events)[number]);
    });
    try {
      await listener.query('listen rideshare_events');
      await removeFromRide(ride.id, cat);
      await expect.poll(() => events.length, { timeout: 5000, interval: 20 }).toBeGreaterThanOrEqual(3);
      expect(events).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ type: 'seats.changed', rideId: ride.id }),
          expect.objectContaining({ type: 'waitlist.changed', rideId: ride.id, userId: null }),
          expect.objectContaining({ type: 'notifications.changed', rideId: ride.id, userId: ann.id }),
        ]),
      );
    } finally {
      await listener.end();
    }
  });

  it('concurrent accepts, leaves and direct joins never exceed the maximum', async () => {
    const max = 6;
    const ride = await fullRide(max, 1);
    const riders = await createUsers(t.db, 5);
    for (const rider of riders) await addPassenger(t.db, ride, rider);
    const waiters = await createUsers(t.db, 8);
    for (const [i, waiter] of waiters.entries()) await wait(waiter, ride.id, (i % 2) + 1);
    const joiners = await createUsers(t.db, 8);

    // Everyone at once: riders leave (freeing seats, which are offered), waiters accept (some too
    // early), newcomers try to join directly.
    const calls: Promise<unknown>[] = [
      ...riders.map((rider) =>
        t.db
          .selectFrom('ridePassengers')
          .select('id')
          .where('rideId', '=', ride.id)
          .where('userId', '=', rider.id)
          .executeTakeFirstOrThrow()
          .then(({ id }) => as(rider).passenger.remove({ rideId: ride.id, passengerId: id })),
      ),
      ...waiters.map((waiter) => as(waiter).waitlist.accept({ rideId: ride.id })),
      ...waiters.map((waiter) => as(waiter).waitlist.accept({ rideId: ride.id })),
      ...joiners.map((joiner) =>
        as(joiner).passenger.join({ rideId: ride.id, dropoffLocation: 'Jurong', passengerCount: 1 }),
      ),
    ];
    const results = await Promise.allSettled(calls);
    for (const result of results) {
      if (result.status === 'rejected') {
        // Refusals only (full, no offer yet, already joined): never a server failure.
        expect((result.reason as { code?: string }).code).toMatch(/^(CONFLICT|NOT_FOUND)$/);
      }
    }
    // Then the remaining offers are accepted, one by one.
    for (const waiter of waiters)
      await as(waiter)
        .waitlist.accept({ rideId: ride.id })
        .catch(() => undefined);

    const state = await seats(ride.id);
    expect(state.taken).toBeLessThanOrEqual(max);
    expect(state.currentPassengers).toBe(state.taken);
    const held = (await waitlistRows(ride.id))
      .filter((row) => row.offerExpiresAt !== null)
      .reduce((sum, row) => sum + row.passengerCount, 0);
    expect(state.taken + held).toBeLessThanOrEqual(max);
    // Seats freed and demand exceeded supply: the ride ends up full or holding seats for the line.
    expect(state.taken + held).toBeGreaterThanOrEqual(max - 1);
  });
});
