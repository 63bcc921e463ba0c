/**
 * Joining a ride and taking an entry off it. Each runs in one transaction that locks the ride
 * first, so concurrent changes (from any number of API processes) are checked one after another
 * against the entries as they are.
 */
import type { Database } from '@rideshare/db';
import {
  assertCanJoin,
  assertCanRemovePassenger,
  assertLeaveAllowed,
  assertRideTakesRiders,
  assertRejoinAllowed,
  compactSequence,
  DomainError,
  findPassengerOfRide,
  isLateNotice,
  notFound,
  withHeldSeats,
  type JoinRideInput,
  type VendorStatus,
} from '@rideshare/domain';
import type { Kysely } from 'kysely';

import { publishRideEvent } from '../events/publish';
import { insertLeave, insertRemoval, lastLeftAt, lockRecentLeaves } from '../repositories/leave-repository';
import { currentStage, deleteMembersShares } from '../repositories/trip-repository';
import { deletePassenger, type PassengerEntry } from '../repositories/passenger-repository';
import { findRideDetail, type RideDetail } from '../repositories/ride-repository';
import { isUniqueViolation } from '../repositories/postgres';
import { lockRideWithEntries } from './ride-party';
import { addRideEntry, readAddedEntry, rideStateOf, saveDerivedFields, storeChangedSequences } from './ride-writes';
import { notifyAboutRide, notifyOrganiserOfPassenger } from './ride-notifications';
import { keepLeaversRow } from './payment-split';
import { stillOwedAfterLeaving, type StillOwed } from './still-owed';
import { partyChanged } from './travel-service';
import { checkRule, unlessRefused } from './refusals';
import { leaveLineAfterJoin, offerFreedSeats, waitlistForJoin } from './waitlist-service';

/**
 * Joins a ride with one's location and group size: never overbooked, since the seats left are
 * counted under the ride's lock (seats held by live waitlist offers count as taken; a member in
 * line who joins directly leaves the line, and may use their own held seats). When the ride's
 * drop-offs are already numbered the newcomer is numbered next, keeping the list 1..n. A member who
 * left the ride less than an hour ago waits (docs/product.md#leaving); a ride completed or departed
 * takes nobody (docs/trip-day.md#closed). Answers the new entry's id.
 */
export async function joinRide(
  db: Kysely<Database>,
  args: { userId: number; isVendor: boolean; input: JoinRideInput; now: Date },
): Promise<PassengerEntry> {
  const { userId, input, now } = args;
  // A vendor account drives rides; it never rides as a passenger (docs/vendors.md#no-passenger).
  const { isVendor } = args;
  try {
    const outcome = await db.transaction().execute(async (trx): Promise<PassengerEntry | DomainError> => {
      const { ride, entries } = await lockRideWithEntries(trx, input.rideId);
      // Seats held for people in line count as taken, so nobody jumps the queue; a refusal still
      // commits the line moving on (lapsed offers passed on).
      const line = await waitlistForJoin(trx, ride, entries, userId, now);
      const isPassenger = entries.some((entry) => entry.userId === userId);
      const leftAt = await lastLeftAt(trx, ride.id, userId);
      const stage = await currentStage(trx, ride.id);
      const check = checkRule(() => {
        if (ride.status !== 'cancelled') assertRideTakesRiders(ride, stage);
        assertCanJoin(
          withHeldSeats(rideStateOf(ride, entries), line.heldByOthers),
          { userId, isPassenger, passengerCount: input.passengerCount, isVendor },
          now,
        );
        assertRejoinAllowed(leftAt, now);
      });
      if (!check.ok) return check.refusal;
      const id = await addRideEntry(
        trx,
        ride,
        entries,
        {
          userId,
          dropoffLocation: input.dropoffLocation,
          passengerCount: input.passengerCount,
          latitude: input.latitude,
          longitude: input.longitude,
        },
        now,
      );
      await leaveLineAfterJoin(trx, ride, line.ownEntryId, now);
      await notifyOrganiserOfPassenger(trx, ride, {
        userId,
        kind: 'passenger_joined',
        passengerCount: input.passengerCount,
      });
      return readAddedEntry(trx, id);
    });
    return unlessRefused(outcome);
  } catch (error) {
    // The ride lock already serialises joins; the unique key is the last line of defence.
    if (isUniqueViolation(error, 'ride_passengers_ride_user_key')) {
      throw new DomainError('ALREADY_JOINED', 'You have already joined this ride');
    }
    throw error;
  }
}

/**
 * Takes an entry off a ride: the organiser removes anyone, a passenger their own entry (leaving);
 * never on a past ride, never the organiser's own entry. The remaining stop numbers close up to
 * 1..n. A passenger leaving counts against their daily leaves and starts the ride's rejoin wait
 * (docs/product.md#leaving); the organiser taking someone off does neither.
 */
export async function removePassenger(
  db: Kysely<Database>,
  args: {
    actorId: number;
    viewer: { id: number; vendorStatus?: VendorStatus | null };
    rideId: number;
    passengerId: number;
    now: Date;
  },
): Promise<{ ride: RideDetail } & StillOwed> {
  const { actorId, now } = args;
  return db.transaction().execute(async (trx) => {
    const { ride, entries } = await lockRideWithEntries(trx, args.rideId);
    const entry = findPassengerOfRide(entries, args.passengerId);
    assertCanRemovePassenger({ ride: rideStateOf(ride, entries), actorId, passenger: entry, now });
    if (entry.userId === actorId) {
      assertLeaveAllowed(await lockRecentLeaves(trx, actorId, now), now);
      // Leaving a ride that still goes within 24 hours of departure stays on the record (docs/record.md#left-late).
      const late = ride.status !== 'cancelled' && isLateNotice(now, ride.date);
      await insertLeave(trx, { rideId: ride.id, userId: actorId, leftAt: now, late });
    } else {
      // The organiser taking a rider off within 24 hours of departure counts in their own record (docs/record.md#removed-late).
      const late = ride.status !== 'cancelled' && isLateNotice(now, ride.date);
      await insertRemoval(trx, { rideId: ride.id, organizerId: actorId, userId: entry.userId, removedAt: now, late });
    }
    // A link made by someone who is no longer on the ride stops working (docs/trip-day.md#share).
    await deleteMembersShares(trx, ride.id, entry.userId);
    await deletePassenger(trx, entry.id);
    const remaining = entries.filter((other) => other.id !== entry.id);
    await storeChangedSequences(trx, ride.id, remaining, compactSequence(remaining));
    await saveDerivedFields(trx, ride);
    // After the stops are counted again: the ledger splits the ride's total as it now is.
    await keepLeaversRow(trx, ride, entry.id, now);
    const owed = await stillOwedAfterLeaving(trx, ride, entry.id);
    await publishRideEvent(trx, 'seats.changed', ride.id);
    await partyChanged(
      trx,
      ride,
      remaining.map((other) => other.userId),
    );
    // The organiser taking someone off tells them; a passenger leaving on their own tells the organiser.
    if (entry.userId !== actorId) await notifyAboutRide(trx, [entry.userId], ride, 'passenger_removed');
    else await notifyOrganiserOfPassenger(trx, ride, { userId: entry.userId, kind: 'passenger_left' });
    await offerFreedSeats(trx, ride, now);
    // The answer: the ride as it is now, read in this transaction.
    const detail = await findRideDetail(trx, ride.id, args.viewer, now);
    if (!detail) throw notFound('ride');
    return { ride: detail, ...owed };
  });
}
