/**
 * The waitlist of a full ride (domain `waitlist`): joining and leaving it, accepting an offer, and
 * passing freed seats on. Every step runs under the ride's row lock, in the same transaction as
 * the change that freed the seats, so offers and joins are decided one after another against the
 * entries and offers as they are, on any number of API instances. Time is only compared with
 * stored expiry times: a lapsed offer is dropped when its ride is next acted on, or by the sweep.
 */
import type { Database } from '@rideshare/db';
import {
  assertCanAccept,
  assertRejoinAllowed,
  assertCanWait,
  assertRideTakesRiders,
  chooseOffers,
  DomainError,
  heldSeats,
  isOfferLapsed,
  offerExpiresAt,
  waitlistPosition,
  type JoinRideInput,
  type RideEntry,
} from '@rideshare/domain';
import type { Kysely, Transaction } from 'kysely';

import { publishRideEvent } from '../events/publish';
import { lastLeftAt } from '../repositories/leave-repository';
import type { PassengerEntry } from '../repositories/passenger-repository';
import { isUniqueViolation } from '../repositories/postgres';
import { type LockedRide } from '../repositories/ride-repository';
import {
  deleteWaitlistEntries,
  insertWaitlistEntry,
  listRidesWithLapsedOffers,
  listWaitlist,
  setWaitlistOffers,
  type WaitlistRow,
} from '../repositories/waitlist-repository';
import { currentStage } from '../repositories/trip-repository';
import { markOfferAnswered } from './notification-service';
import { checkRule, unlessRefused } from './refusals';
import { notifyAboutRide, notifyOrganiserOfPassenger } from './ride-notifications';
import { lockRide, lockRideWithEntries } from './ride-party';
import { addRideEntry, readAddedEntry, rideStateOf } from './ride-writes';
import type { z } from 'zod';
import type { waitlistStandingOutput } from '../routers/ride.outputs';

/** Where a member stands on a ride's waitlist (the ride detail's `waitlist.mine`). */
export type WaitlistStanding = z.output<typeof waitlistStandingOutput>;

/**
 * Drops lapsed offers (their members leave the line), then offers the freed seats to the first
 * waiting groups that fit (domain `chooseOffers`): each gets a 'waitlist_offer' notification whose
 * detail is the expiry, and the ride announces 'waitlist.changed'. Answers the line as it now is.
 */
async function settle(
  trx: Transaction<Database>,
  ride: LockedRide,
  entries: readonly RideEntry[],
  queue: readonly WaitlistRow[],
  now: Date,
): Promise<WaitlistRow[]> {
  const lapsed = queue.filter((entry) => isOfferLapsed(entry, now));
  const line = queue.filter((entry) => !isOfferLapsed(entry, now));
  await deleteWaitlistEntries(
    trx,
    lapsed.map((entry) => entry.id),
  );
  const chosen = new Set(chooseOffers(rideStateOf(ride, entries), line, now).map((entry) => entry.id));
  const expiresAt = offerExpiresAt(now);
  if (chosen.size > 0) {
    await setWaitlistOffers(trx, [...chosen], expiresAt);
    await notifyAboutRide(
      trx,
      line.filter((entry) => chosen.has(entry.id)).map((entry) => entry.userId),
      ride,
      'waitlist_offer',
      expiresAt.toISOString(),
    );
  }
  if (lapsed.length > 0 || chosen.size > 0) await publishRideEvent(trx, 'waitlist.changed', ride.id);
  return line.map((entry) => (chosen.has(entry.id) ? { ...entry, offerExpiresAt: expiresAt } : entry));
}

/** Reads the locked ride's line and settles it (see `settle`); answers the line as it now is. */
export async function settleWaitlist(
  trx: Transaction<Database>,
  ride: LockedRide,
  entries: readonly RideEntry[],
  now: Date,
): Promise<WaitlistRow[]> {
  const queue = await listWaitlist(trx, ride.id);
  return queue.length === 0 ? [] : settle(trx, ride, entries, queue, now);
}

/**
 * The step after every change that can free seats or release a hold (a passenger leaving or
 * removed, an edit raising the maximum or shrinking the organiser's group, someone leaving the
 * line, an accept): lapsed offers pass on and freed seats are offered. The caller holds the ride's
 * lock; the ride and its entries are read again here, as they are after the caller's change. One
 * statement when nobody is waiting.
 */
export async function offerFreedSeats(trx: Transaction<Database>, ride: { id: number }, now: Date): Promise<void> {
  const queue = await listWaitlist(trx, ride.id);
  if (queue.length === 0) return;
  const { ride: current, entries } = await lockRideWithEntries(trx, ride.id);
  await settle(trx, current, entries, queue, now);
}

/**
 * Joins a full ride's waitlist with one's location and group size (domain `assertCanWait`: only
 * when the group does not fit in the seats free now, held seats counted). Lapsed offers pass on
 * first, so the rule sees the line as it is. Answers where the member now stands.
 */
export async function joinWaitlist(
  db: Kysely<Database>,
  args: { user: { id: number; isVendor: boolean }; input: JoinRideInput; now: Date },
): Promise<WaitlistStanding> {
  const { user, input, now } = args;
  try {
    const outcome = await db.transaction().execute(async (trx): Promise<WaitlistStanding | DomainError> => {
      const { ride, entries } = await lockRideWithEntries(trx, input.rideId);
      const line = await settleWaitlist(trx, ride, entries, now);
      const leftAt = await lastLeftAt(trx, ride.id, user.id);
      const stage = await currentStage(trx, ride.id);
      const check = checkRule(() => {
        // A ride completed or departed takes nobody, in line or not (docs/trip-day.md#closed).
        if (ride.status !== 'cancelled') assertRideTakesRiders(ride, stage);
        assertCanWait({
          ride: rideStateOf(ride, entries),
          held: heldSeats(line, now),
          member: {
            userId: user.id,
            isVendor: user.isVendor,
            isPassenger: entries.some((entry) => entry.userId === user.id),
            isWaiting: line.some((entry) => entry.userId === user.id),
            passengerCount: input.passengerCount,
          },
          now,
        });
        // The waitlist is a way onto the ride: it keeps the rejoin wait a direct join keeps.
        assertRejoinAllowed(leftAt, now);
      });
      if (!check.ok) return check.refusal;
      const id = await insertWaitlistEntry(trx, {
        rideId: ride.id,
        userId: user.id,
        dropoffLocation: input.dropoffLocation,
        passengerCount: input.passengerCount,
        latitude: input.latitude ?? null,
        longitude: input.longitude ?? null,
      });
      await publishRideEvent(trx, 'waitlist.changed', ride.id);
      const mine = { id, userId: user.id, passengerCount: input.passengerCount, offerExpiresAt: null };
      return {
        position: waitlistPosition([...line, mine], id, now) ?? line.length + 1,
        passengerCount: input.passengerCount,
        offerExpiresAt: null,
      };
    });
    return unlessRefused(outcome);
  } catch (error) {
    // The ride lock already serialises these; the unique key is the last line of defence.
    if (isUniqueViolation(error, 'ride_waitlist_ride_user_key')) {
      throw new DomainError('ALREADY_WAITING', 'You are already on the waitlist of this ride');
    }
    throw error;
  }
}

/**
 * Leaves a ride's waitlist (also declining a live offer, whose seats then pass to the next group
 * that fits). Possible on any ride, as leaving a ride is. NOT_WAITING when the member is not in line.
 */
export async function leaveWaitlist(
  db: Kysely<Database>,
  args: { userId: number; rideId: number; now: Date },
): Promise<void> {
  const { userId, rideId, now } = args;
  await db.transaction().execute(async (trx) => {
    const { ride, entries } = await lockRideWithEntries(trx, rideId);
    const queue = await listWaitlist(trx, ride.id);
    const mine = queue.find((entry) => entry.userId === userId);
    if (!mine) throw new DomainError('NOT_WAITING', 'You are not on the waitlist of this ride');
    await deleteWaitlistEntries(trx, [mine.id]);
    await markOfferAnswered(trx, { userId, rideId: ride.id, now });
    await publishRideEvent(trx, 'waitlist.changed', ride.id);
    await settle(
      trx,
      ride,
      entries,
      queue.filter((entry) => entry.id !== mine.id),
      now,
    );
  });
}

/**
 * Accepts a live offer (domain `assertCanAccept`): under the ride's lock, the member's group joins
 * with the location and size they waited with, exactly as a join does, and leaves the line. The
 * held seats guarantee the room; the rule still checks it. Answers the new entry's id.
 */
export async function acceptOffer(
  db: Kysely<Database>,
  args: { userId: number; rideId: number; now: Date },
): Promise<PassengerEntry> {
  const { userId, rideId, now } = args;
  const outcome = await db.transaction().execute(async (trx): Promise<PassengerEntry | DomainError> => {
    const { ride, entries } = await lockRideWithEntries(trx, rideId);
    const queue = await listWaitlist(trx, ride.id);
    const leftAt = await lastLeftAt(trx, ride.id, userId);
    const stage = await currentStage(trx, ride.id);
    const check = checkRule(() => {
      // A ride completed or departed takes nobody, offer or not (docs/trip-day.md#closed).
      if (ride.status !== 'cancelled') assertRideTakesRiders(ride, stage);
      const entry = assertCanAccept({
        ride: rideStateOf(ride, entries),
        entry: queue.find((row) => row.userId === userId),
        heldByOthers: heldSeats(queue, now, { exceptUserId: userId }),
        now,
      });
      assertRejoinAllowed(leftAt, now);
      return entry;
    });
    if (!check.ok) {
      // A lapsed offer (this member's or another's) still passes on.
      await settle(trx, ride, entries, queue, now);
      return check.refusal;
    }
    const mine = check.value;
    const entryId = await addRideEntry(
      trx,
      ride,
      entries,
      {
        userId,
        dropoffLocation: mine.dropoffLocation,
        passengerCount: mine.passengerCount,
        latitude: mine.latitude,
        longitude: mine.longitude,
      },
      now,
    );
    await deleteWaitlistEntries(trx, [mine.id]);
    await markOfferAnswered(trx, { userId, rideId: ride.id, now });
    await notifyOrganiserOfPassenger(trx, ride, {
      userId,
      kind: 'passenger_joined',
      passengerCount: mine.passengerCount,
    });
    await publishRideEvent(trx, 'waitlist.changed', ride.id);
    await offerFreedSeats(trx, ride, now);
    return readAddedEntry(trx, entryId);
  });
  return unlessRefused(outcome);
}

/** The direct join's part: the seats live offers hold for others, and the joiner's own place in line. */
export async function waitlistForJoin(
  trx: Transaction<Database>,
  ride: LockedRide,
  entries: readonly RideEntry[],
  userId: number,
  now: Date,
): Promise<{ heldByOthers: number; ownEntryId: number | null }> {
  const line = await settleWaitlist(trx, ride, entries, now);
  return {
    heldByOthers: heldSeats(line, now, { exceptUserId: userId }),
    ownEntryId: line.find((entry) => entry.userId === userId)?.id ?? null,
  };
}

/** After a direct join by someone in line: they leave it, and a hold they had passes on. */
export async function leaveLineAfterJoin(
  trx: Transaction<Database>,
  ride: { id: number },
  ownEntryId: number | null,
  now: Date,
): Promise<void> {
  if (ownEntryId === null) return;
  await deleteWaitlistEntries(trx, [ownEntryId]);
  await publishRideEvent(trx, 'waitlist.changed', ride.id);
  await offerFreedSeats(trx, ride, now);
}

/** The advisory lock key of the waitlist-offers sweep job (services/sweep.ts): one instance at a time. */
export const WAITLIST_SWEEP_LOCK_KEY = 0x7761_6974; // 'wait'

/** Where the sweep reports a ride it could not settle (the server's logger). */
export interface SweepLog {
  error(details: { err: unknown; rideId: number }, message: string): void;
}

/**
 * The waitlist-offers sweep job (services/sweep.ts runs it under its advisory lock, on one
 * connection): passes on every offer that has lapsed by `now`, for rides nobody touches. Each ride
 * is settled in its own short transaction on that same connection (never a second one from the
 * pool: the embedded engine has only one), so a ride's lock is held only while that ride is
 * settled, and a ride that fails is rolled back alone, logged and skipped, not taking the others
 * with it. The state lives in the table, so a sweep missed (or run twice) changes nothing but
 * timing. Answers how many rides it settled.
 */
export async function passOnLapsedOffers(conn: Kysely<Database>, now: Date, log: SweepLog): Promise<number> {
  let settled = 0;
  for (const rideId of await listRidesWithLapsedOffers(conn, now)) {
    try {
      const found = await conn.transaction().execute(async (trx) => {
        // A ride deleted meanwhile took its waitlist with it.
        if (!(await lockRide(trx, rideId))) return false;
        await offerFreedSeats(trx, { id: rideId }, now);
        return true;
      });
      if (found) settled += 1;
    } catch (error) {
      log.error({ err: error, rideId }, 'waitlist sweep could not settle a ride; skipped until the next sweep');
    }
  }
  return settled;
}
