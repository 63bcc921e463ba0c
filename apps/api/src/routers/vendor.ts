import { audienceOf, rideIdInput } from '@rideshare/domain';

import {
  findRideDetail,
  listOpenFutureRides,
  listRidesAssignedTo,
  type RideDetail,
} from '../repositories/ride-repository';
import { assignRide } from '../services/vendor-service';
import { notFound } from '../trpc/errors';
import { rateLimited, router, vendorProcedure } from '../trpc/init';

/** Assigning has its own, tighter rate limit (RATE_LIMIT_ASSIGN_PER_HOUR). */
const assignProcedure = vendorProcedure.use(rateLimited('assign'));

export const vendorRouter = router({
  /** Rides assigned to the calling vendor, soonest first (one query). */
  rides: vendorProcedure.query(({ ctx }) => listRidesAssignedTo(ctx.db, ctx.user.id, audienceOf(ctx.user))),

  /** Open rides that have not departed: what a vendor may take (one query). */
  available: vendorProcedure.query(({ ctx }) => listOpenFutureRides(ctx.db, ctx.now(), audienceOf(ctx.user))),

  /** The calling vendor takes an open, future ride (vendor-service `assignRide`); answers the ride. */
  assign: assignProcedure.input(rideIdInput).mutation(async ({ ctx, input }): Promise<RideDetail> => {
    await assignRide(ctx.db, { vendor: ctx.user, rideId: input.rideId, now: ctx.now() });
    const ride = await findRideDetail(ctx.db, input.rideId, audienceOf(ctx.user));
    if (!ride) notFound('Ride');
    return ride;
  }),
});
