import { assertCanAssign } from '@rideshare/domain';

import {
  assignRideToVendor,
  findRideDetail,
  listOpenFutureRides,
  listRidesAssignedTo,
  type RideDetail,
} from '../repositories/ride-repository';
import { notFound } from '../trpc/errors';
import { rateLimited, router, vendorProcedure } from '../trpc/init';
import { lockRideWithEntries, rideIdInput, rideStateOf } from './ride-writes';

/** Assigning has its own, tighter rate limit (RATE_LIMIT_ASSIGN_PER_HOUR). */
const assignProcedure = vendorProcedure.use(rateLimited('assign'));

export const vendorRouter = router({
  /** Rides assigned to the calling vendor, soonest first (one query). */
  rides: vendorProcedure.query(({ ctx }) => listRidesAssignedTo(ctx.db, ctx.user.id)),

  /** Open rides that have not departed: what a vendor may take (one query). */
  available: vendorProcedure.query(({ ctx }) => listOpenFutureRides(ctx.db, ctx.now())),

  /**
   * A vendor takes an open, future ride: open → assigned with vendorId = the caller. The ride row
   * is locked first, so when vendors race for one ride exactly one wins and the others are told
   * it has already been assigned.
   */
  assign: assignProcedure.input(rideIdInput).mutation(async ({ ctx, input }): Promise<RideDetail> => {
    const vendorId = ctx.user.id;
    const now = ctx.now();
    await ctx.db.transaction().execute(async (trx) => {
      const { ride, entries } = await lockRideWithEntries(trx, input.rideId);
      assertCanAssign({ ride: rideStateOf(ride, entries), isVendor: ctx.user.isVendor, now });
      await assignRideToVendor(trx, ride.id, vendorId);
    });
    const ride = await findRideDetail(ctx.db, input.rideId, { withContacts: true });
    if (!ride) notFound('Ride');
    return ride;
  }),
});
