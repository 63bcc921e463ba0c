import {
  assertCanJoin,
  assertCanRemovePassenger,
  compactSequence,
  DomainError,
  findPassengerOfRide,
  joinRideInput,
  nextSequenceNumber,
} from '@rideshare/domain';
import { z } from 'zod';

import {
  deletePassenger,
  findPassengerEntry,
  insertPassenger,
  isUniqueViolation,
  listPassengerEntries,
  updatePassengerSequences,
  type PassengerEntry,
} from '../repositories/passenger-repository';
import { findRideDetail } from '../repositories/ride-repository';
import { notFound } from '../trpc/errors';
import { protectedProcedure, rateLimited, router } from '../trpc/init';
import { idInput, lockRideWithEntries, rideIdInput, rideStateOf, saveDerivedFields } from './ride-writes';

const removePassengerInput = z.object({ rideId: idInput, passengerId: idInput });

/** Joining has its own, tighter rate limit (RATE_LIMIT_JOIN_PER_HOUR). */
const joinProcedure = protectedProcedure.use(rateLimited('join'));

export const passengerRouter = router({
  /** A ride's entries with their users and contacts, in drop-off order (signed-in callers only; one query). */
  list: protectedProcedure.input(rideIdInput).query(async ({ ctx, input }): Promise<PassengerEntry[]> => {
    const entries = await listPassengerEntries(ctx.db, input.rideId);
    if (!entries) notFound('Ride');
    return entries;
  }),

  /**
   * Joins a ride with one's location and group size. The ride row is locked first, so concurrent
   * joins (from any number of API processes) are checked one after another against the seats
   * actually left: never overbooked. When the ride's drop-offs are already numbered the newcomer
   * is numbered next, keeping the list 1..n.
   */
  join: joinProcedure.input(joinRideInput).mutation(async ({ ctx, input }): Promise<PassengerEntry> => {
    const userId = ctx.user.id;
    const now = ctx.now();
    let entryId: number;
    try {
      entryId = await ctx.db.transaction().execute(async (trx) => {
        const { ride, entries } = await lockRideWithEntries(trx, input.rideId);
        const isPassenger = entries.some((entry) => entry.userId === userId);
        assertCanJoin(rideStateOf(ride, entries), { userId, isPassenger, passengerCount: input.passengerCount }, now);
        const id = await insertPassenger(trx, {
          rideId: ride.id,
          userId,
          dropoffLocation: input.dropoffLocation,
          passengerCount: input.passengerCount,
          dropoffSequence: nextSequenceNumber(entries),
        });
        await saveDerivedFields(trx, ride);
        return id;
      });
    } catch (error) {
      // The ride lock already serialises joins; the unique key is the last line of defence.
      if (isUniqueViolation(error, 'ride_passengers_ride_user_key')) {
        throw new DomainError('ALREADY_JOINED', 'You have already joined this ride');
      }
      throw error;
    }
    const entry = await findPassengerEntry(ctx.db, entryId);
    if (!entry) notFound('Passenger');
    return entry;
  }),

  /**
   * Takes an entry off a ride: the organiser removes anyone, a passenger their own entry (leaving);
   * never on a past ride, never the organiser's own entry. The remaining stop numbers close up to
   * 1..n and the derived fields are recomputed, all in one transaction.
   */
  remove: protectedProcedure.input(removePassengerInput).mutation(async ({ ctx, input }) => {
    const actorId = ctx.user.id;
    const now = ctx.now();
    await ctx.db.transaction().execute(async (trx) => {
      const { ride, entries } = await lockRideWithEntries(trx, input.rideId);
      const entry = findPassengerOfRide(entries, input.passengerId);
      assertCanRemovePassenger({ ride: rideStateOf(ride, entries), actorId, passenger: entry, now });
      await deletePassenger(trx, entry.id);
      const remaining = entries.filter((other) => other.id !== entry.id);
      const before = new Map(remaining.map((other) => [other.id, other.dropoffSequence]));
      const changed = compactSequence(remaining).filter((other) => before.get(other.id) !== other.dropoffSequence);
      await updatePassengerSequences(trx, ride.id, changed);
      await saveDerivedFields(trx, ride);
    });
    const ride = await findRideDetail(ctx.db, input.rideId, { withContacts: true });
    if (!ride) notFound('Ride');
    return { message: 'Passenger removed successfully', passengerId: input.passengerId, ride };
  }),
});
