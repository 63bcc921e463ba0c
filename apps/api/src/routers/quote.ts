import { z } from 'zod';
import { quoteIdInput, quoteInput, rideIdInput } from '@rideshare/domain';

import { listLiveQuotesOfVendor } from '../repositories/quote-repository';
import { acceptQuote, listQuotesFor, submitQuote, withdrawQuote } from '../services/quote-service';
import { approvedVendorProcedure, protectedProcedure, rateLimited, router, vendorProcedure } from '../trpc/init';
import { quoteOutput } from './quote.outputs';
import { rideDetailOutput } from './ride.outputs';

/** Quoting and withdrawing share their own rate limit (RATE_LIMIT_QUOTE_PER_HOUR). */
const quoteProcedure = approvedVendorProcedure.use(rateLimited('quote'));
/** Like releasing a ride, withdrawing a quote stays possible for a vendor suspended since. */
const withdrawProcedure = vendorProcedure.use(rateLimited('quote'));

/** Vendors' quotes on rides and the organiser's choice among them (docs/vendors.md#quotes). */
export const quoteRouter = router({
  /**
   * The live quotes of a ride: all of them for its organiser, its own for an approved vendor; 403
   * for everyone else. Cheapest first.
   */
  list: protectedProcedure
    .input(rideIdInput)
    .output(z.array(quoteOutput))
    .query(({ ctx, input }) => listQuotesFor(ctx.db, { rideId: input.rideId, viewer: ctx.user, now: ctx.now() })),

  /** The calling vendor's live quotes on every ride (its dashboard). */
  mine: approvedVendorProcedure
    .output(z.array(quoteOutput))
    .query(({ ctx }) => listLiveQuotesOfVendor(ctx.db, ctx.user.id, ctx.now())),

  /** An approved vendor quotes a ride, replacing its earlier live quote there; answers the quote. */
  create: quoteProcedure
    .input(quoteInput)
    .output(quoteOutput)
    .mutation(({ ctx, input }) =>
      submitQuote(ctx.db, {
        vendorId: ctx.user.id,
        input,
        now: ctx.now(),
        pickupRuleOn: ctx.env.VENDOR_PICKUP_COUNTRY_RULE === 'on',
      }),
    ),

  /** The quoting vendor withdraws its live quote; answers the quote, now withdrawn. */
  withdraw: withdrawProcedure
    .input(quoteIdInput)
    .output(quoteOutput)
    .mutation(({ ctx, input }) => withdrawQuote(ctx.db, { actorId: ctx.user.id, ...input })),

  /**
   * The organiser accepts a live quote: the ride is assigned to its vendor at its price, the other
   * quotes declined. Answers the ride.
   */
  accept: protectedProcedure
    .input(
      quoteIdInput.safeExtend({
        confirmAmounts: z.boolean({ error: 'confirmAmounts must be true or false' }).optional(),
      }),
    )
    .output(rideDetailOutput)
    .mutation(({ ctx, input }) =>
      acceptQuote(ctx.db, {
        actorId: ctx.user.id,
        ...input,
        now: ctx.now(),
        pickupRuleOn: ctx.env.VENDOR_PICKUP_COUNTRY_RULE === 'on',
        viewer: ctx.user,
      }),
    ),
});
