import { z } from 'zod';
import { audienceOf, DIRECTIONS, pickupDirections, rideIdInput } from '@rideshare/domain';

import { countOpenFutureRides, listOpenFutureRides, listRidesAssignedTo } from '../repositories/ride-repository';
import { assignRide, completeRide, unassignRide } from '../services/vendor-service';
import { findPublicUserById } from '../repositories/user-repository';
import { approvedVendorProcedure, protectedProcedure, rateLimited, router } from '../trpc/init';
import { rideDetailOutput, rideSummaryOutput } from './ride.outputs';
import { permitScopeOutput } from './vendor.outputs';

/** Assigning has its own, tighter rate limit (RATE_LIMIT_ASSIGN_PER_HOUR). */
const assignProcedure = approvedVendorProcedure.use(rateLimited('assign'));

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

  /**
   * What the vendor's permit lets it take (docs/vendors.md#permit-scope): the allowed directions,
   * and per other direction how many open future rides the available list leaves out for it.
   */
  permitScope: approvedVendorProcedure.output(permitScopeOutput).query(async ({ ctx }) => {
    const vendor = await findPublicUserById(ctx.db, ctx.user.id);
    const allowed = pickupDirections(vendor?.permit ?? null, ctx.env.VENDOR_PICKUP_COUNTRY_RULE === 'on');
    const others = DIRECTIONS.filter((direction) => !allowed.includes(direction));
    return { allowed, hidden: await countOpenFutureRides(ctx.db, ctx.now(), others) };
  }),

  /** The calling vendor takes an open, future ride (vendor-service `assignRide`); answers the ride. */
  assign: assignProcedure
    .input(rideIdInput)
    .output(rideDetailOutput)
    .mutation(({ ctx, input }) =>
      assignRide(ctx.db, {
        vendor: ctx.user,
        rideId: input.rideId,
        now: ctx.now(),
        pickupRuleOn: ctx.env.VENDOR_PICKUP_COUNTRY_RULE === 'on',
      }),
    ),

  /**
   * Takes the driver off a ride (vendor-service `unassignRide`): the assigned vendor until 24 hours
   * before departure, or the organiser any time before departure. Answers the ride, open again.
   */
  unassign: protectedProcedure
    .input(rideIdInput)
    .output(rideDetailOutput)
    .mutation(({ ctx, input }) => unassignRide(ctx.db, { actor: ctx.user, rideId: input.rideId, now: ctx.now() })),

  /** The assigned vendor marks a departed ride completed (vendor-service `completeRide`); answers the ride. */
  complete: approvedVendorProcedure
    .input(rideIdInput)
    .output(rideDetailOutput)
    .mutation(({ ctx, input }) => completeRide(ctx.db, { actor: ctx.user, rideId: input.rideId, now: ctx.now() })),
});
