import { joinWaitlistInput, rideIdInput } from '@rideshare/domain';

import type { PassengerEntry } from '../repositories/passenger-repository';
import { acceptOffer, joinWaitlist, leaveWaitlist, type WaitlistStanding } from '../services/waitlist-service';
import { protectedProcedure, rateLimited, router } from '../trpc/init';
import { passengerEntryOutput } from './passenger.outputs';
import { waitlistStandingOutput } from './ride.outputs';
import { waitlistLeftOutput } from './waitlist.outputs';

/** Joining a waitlist counts against the same allowance as joining a ride (RATE_LIMIT_JOIN_PER_HOUR). */
const joinProcedure = protectedProcedure.use(rateLimited('join'));

export const waitlistRouter = router({
  /**
   * Waits for seats on a full ride with one's location and group size (waitlist-service
   * `joinWaitlist`; only when the group does not fit now); answers the place in line.
   */
  join: joinProcedure
    .input(joinWaitlistInput)
    .output(waitlistStandingOutput)
    .mutation(({ ctx, input }): Promise<WaitlistStanding> =>
      joinWaitlist(ctx.db, { user: ctx.user, input, now: ctx.now() }),
    ),

  /** Leaves a ride's waitlist, declining a live offer (waitlist-service `leaveWaitlist`). */
  leave: protectedProcedure
    .input(rideIdInput)
    .output(waitlistLeftOutput)
    .mutation(async ({ ctx, input }) => {
      await leaveWaitlist(ctx.db, { userId: ctx.user.id, rideId: input.rideId, now: ctx.now() });
      return { rideId: input.rideId, message: 'You have left the waitlist' };
    }),

  /** Accepts a live offer: joins the ride as waited for (waitlist-service `acceptOffer`); answers the new entry. */
  accept: protectedProcedure
    .input(rideIdInput)
    .output(passengerEntryOutput)
    .mutation(async ({ ctx, input }): Promise<PassengerEntry> => {
      return acceptOffer(ctx.db, { userId: ctx.user.id, rideId: input.rideId, now: ctx.now() });
    }),
});
