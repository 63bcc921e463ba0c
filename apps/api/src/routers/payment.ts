import { markPaidInput, paymentTargetInput, rideIdInput } from '@rideshare/domain';

import { recalculatePayments, settleRidePayments } from '../services/payment-lock-service';
import {
  markOwnPaid,
  paymentProgress,
  paymentsCsv,
  readPayments,
  setConfirmed,
  type RidePayments,
} from '../services/payment-service';
import type { ContextInner } from '../trpc/context';
import { protectedProcedure, router } from '../trpc/init';

/** The payment table after the ride is settled as read (a ride inside the window locks now). */
async function settledPayments(ctx: ContextInner & { user: { id: number } }, rideId: number): Promise<RidePayments> {
  await settleRidePayments(ctx.db, rideId, { now: ctx.now(), lockHours: ctx.env.PRICE_LOCK_HOURS });
  return readPayments(ctx.db, rideId, ctx.user.id);
}

/** Who owes what on a ride, and who paid (docs/payments.md). */
export const paymentRouter = router({
  /** The organiser sees every row, a rider their own (with the PayNow code and Revolut link). */
  list: protectedProcedure.input(rideIdInput).query(({ ctx, input }) => settledPayments(ctx, input.rideId)),

  /** The rider marks their own share paid, saying how; answers the table. */
  markMine: protectedProcedure.input(markPaidInput).mutation(async ({ ctx, input }) => {
    await settleRidePayments(ctx.db, input.rideId, { now: ctx.now(), lockHours: ctx.env.PRICE_LOCK_HOURS });
    await markOwnPaid(ctx.db, { userId: ctx.user.id, rideId: input.rideId, method: input.method, now: ctx.now() });
    return readPayments(ctx.db, input.rideId, ctx.user.id);
  }),

  /** The organiser received a passenger's payment; answers the table. */
  confirm: protectedProcedure.input(paymentTargetInput).mutation(async ({ ctx, input }) => {
    await setConfirmed(ctx.db, { actorId: ctx.user.id, ...input, confirmed: true, now: ctx.now() });
    return readPayments(ctx.db, input.rideId, ctx.user.id);
  }),

  /** The organiser takes a confirmation back; answers the table. */
  unconfirm: protectedProcedure.input(paymentTargetInput).mutation(async ({ ctx, input }) => {
    await setConfirmed(ctx.db, { actorId: ctx.user.id, ...input, confirmed: false, now: ctx.now() });
    return readPayments(ctx.db, input.rideId, ctx.user.id);
  }),

  /** The organiser splits the total again over the party as it now is; answers the table. */
  recalculate: protectedProcedure.input(rideIdInput).mutation(async ({ ctx, input }) => {
    await recalculatePayments(ctx.db, { actorId: ctx.user.id, rideId: input.rideId, now: ctx.now() });
    return readPayments(ctx.db, input.rideId, ctx.user.id);
  }),

  /** The organiser's table as CSV text (docs/payments.md#csv). */
  csv: protectedProcedure.input(rideIdInput).query(({ ctx, input }) => paymentsCsv(ctx.db, input.rideId, ctx.user.id)),

  /** "2 of 4 paid" for each locked ride the caller organises. */
  progress: protectedProcedure.query(({ ctx }) => paymentProgress(ctx.db, ctx.user.id)),
});
