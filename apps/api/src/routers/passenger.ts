import { joinRideInput, notFound, rideIdInput, ridePassengerInput } from '@rideshare/domain';
import { z } from 'zod';

import { listPassengerEntriesFor, type PassengerEntry } from '../repositories/passenger-repository';
import { joinRide, removePassenger } from '../services/passenger-service';
import { protectedProcedure, rateLimited, router } from '../trpc/init';
import { passengerEntryOutput, passengerRemovedOutput } from './passenger.outputs';

/** Joining has its own, tighter rate limit (RATE_LIMIT_JOIN_PER_HOUR). */
const joinProcedure = protectedProcedure.use(rateLimited('join'));

export const passengerRouter = router({
  /**
   * A ride's entries with their users in drop-off order (signed-in callers only; one query); numbers
   * for the ride's organiser, its passengers from RIDER_CONTACTS_HOURS_BEFORE and its approved
   * assigned vendor from VENDOR_CONTACTS_HOURS_BEFORE hours before departure; Revolut for the
   * organiser only (docs/vendors.md#contacts).
   */
  list: protectedProcedure
    .input(rideIdInput)
    .output(z.array(passengerEntryOutput))
    .query(async ({ ctx, input }): Promise<PassengerEntry[]> => {
      const entries = await listPassengerEntriesFor(ctx.db, input.rideId, {
        id: ctx.user.id,
        vendorStatus: ctx.user.vendorStatus,
        now: ctx.now(),
        contactsHoursBefore: ctx.env.VENDOR_CONTACTS_HOURS_BEFORE,
        riderContactsHoursBefore: ctx.env.RIDER_CONTACTS_HOURS_BEFORE,
      });
      if (!entries) throw notFound('ride');
      return entries;
    }),

  /** Joins a ride with one's location and group size (passenger-service `joinRide`); answers the new entry. */
  join: joinProcedure
    .input(joinRideInput)
    .output(passengerEntryOutput)
    .mutation(async ({ ctx, input }): Promise<PassengerEntry> => {
      return joinRide(ctx.db, { userId: ctx.user.id, isVendor: ctx.user.isVendor, input, now: ctx.now() });
    }),

  /**
   * Takes an entry off a ride (passenger-service `removePassenger`); answers the ride as it is now
   * and what the party still owes after a leave from a locked ride (docs/payments.md#still-owed).
   */
  remove: protectedProcedure
    .input(ridePassengerInput)
    .output(passengerRemovedOutput)
    .mutation(async ({ ctx, input }) => {
      const removed = await removePassenger(ctx.db, {
        actorId: ctx.user.id,
        viewer: ctx.user,
        ...input,
        now: ctx.now(),
      });
      return { message: 'Passenger removed successfully', passengerId: input.passengerId, ...removed };
    }),
});
