import { z } from 'zod';
import { audienceOf, notFound, pickupDirections, rideIdInput } from '@rideshare/domain';

import {
  findRideDetail,
  listOpenFutureRides,
  listRidesAssignedTo,
  type RideDetail,
} from '../repositories/ride-repository';
import { assignRide, completeRide, unassignRide } from '../services/vendor-service';
import type { ContextInner } from '../trpc/context';
import { findPublicUserById } from '../repositories/user-repository';
import { approvedVendorProcedure, protectedProcedure, rateLimited, router } from '../trpc/init';
import { rideDetailOutput, rideSummaryOutput } from './outputs';

/** Assigning has its own, tighter rate limit (RATE_LIMIT_ASSIGN_PER_HOUR). */
const assignProcedure = approvedVendorProcedure.use(rateLimited('assign'));

/** The ride as the caller sees it now (answer of every vendor write). */
async function rideAfterWrite(ctx: ContextInner, rideId: number): Promise<RideDetail> {
  const ride = await findRideDetail(ctx.db, rideId, ctx.user, ctx.now());
  if (!ride) throw notFound('ride');
  return ride;
}

/**
 * What vendors do. Every procedure but `unassign` is for approved vendors only (docs/vendors.md):
 * a pending, rejected or suspended vendor is answered 403 with its status.
 */
export const vendorRouter = router({
  /** Rides assigned to the calling vendor, soonest first (one query). */
  rides: approvedVendorProcedure
    .output(z.array(rideSummaryOutput))
    .query(({ ctx }) => listRidesAssignedTo(ctx.db, ctx.user.id, audienceOf(ctx.user))),

  /**
   * Open rides that have not departed in the directions the vendor's permit may pick up in (both
   * when VENDOR_PICKUP_COUNTRY_RULE is off).
   */
  available: approvedVendorProcedure.output(z.array(rideSummaryOutput)).query(async ({ ctx }) => {
    const vendor = await findPublicUserById(ctx.db, ctx.user.id);
    const directions = pickupDirections(vendor?.permit ?? null, ctx.env.VENDOR_PICKUP_COUNTRY_RULE === 'on');
    return listOpenFutureRides(ctx.db, ctx.now(), audienceOf(ctx.user), directions);
  }),

  /** The calling vendor takes an open, future ride (vendor-service `assignRide`); answers the ride. */
  assign: assignProcedure
    .input(rideIdInput)
    .output(rideDetailOutput)
    .mutation(async ({ ctx, input }): Promise<RideDetail> => {
      await assignRide(ctx.db, {
        vendor: ctx.user,
        rideId: input.rideId,
        now: ctx.now(),
        pickupRuleOn: ctx.env.VENDOR_PICKUP_COUNTRY_RULE === 'on',
      });
      return rideAfterWrite(ctx, input.rideId);
    }),

  /**
   * Takes the driver off a ride (vendor-service `unassignRide`): the assigned vendor until 24 hours
   * before departure, or the organiser any time before departure. Answers the ride, open again.
   */
  unassign: protectedProcedure
    .input(rideIdInput)
    .output(rideDetailOutput)
    .mutation(async ({ ctx, input }): Promise<RideDetail> => {
      await unassignRide(ctx.db, { actorId: ctx.user.id, rideId: input.rideId, now: ctx.now() });
      return rideAfterWrite(ctx, input.rideId);
    }),

  /** The assigned vendor marks a departed ride completed (vendor-service `completeRide`); answers the ride. */
  complete: approvedVendorProcedure
    .input(rideIdInput)
    .output(rideDetailOutput)
    .mutation(async ({ ctx, input }): Promise<RideDetail> => {
      await completeRide(ctx.db, { actorId: ctx.user.id, rideId: input.rideId, now: ctx.now() });
      return rideAfterWrite(ctx, input.rideId);
    }),
});
