import { z } from 'zod';
import { joinPriceInput, markPaidInput, paymentTargetInput, pricePreviewInput, rideIdInput } from '@rideshare/domain';

import { markOwnPaid, setConfirmed, settleRefund, waivePayment } from '../services/payment-actions';
import { joinPriceOf } from '../services/join-price-service';
import { recalculatePayments } from '../services/payment-lock-service';
import { ownShares, paymentProgress, paymentsCsv, previewPriceChange, readPayments } from '../services/payment-service';
import { protectedProcedure, rateLimited, router } from '../trpc/init';
import {
  joinPriceOutput,
  paymentProgressOutput,
  paymentSharesOutput,
  pricePreviewOutput,
  ridePaymentsOutput,
} from './payment.outputs';

/** Every payment write counts against RATE_LIMIT_PAYMENT_PER_HOUR (docs/payments.md#quiet). */
const paymentWrite = protectedProcedure.use(rateLimited('payment'));

/** Who owes what on a ride, and who paid (docs/payments.md). */
export const paymentRouter = router({
  /** The organiser sees every row, a rider their own (with the PayNow code and Revolut link). */
  list: protectedProcedure
    .input(rideIdInput)
    .output(ridePaymentsOutput)
    .query(({ ctx, input }) => readPayments(ctx.db, input.rideId, ctx.user.id)),

  /** The rider marks their own share paid, saying how (the same again changes nothing); answers the table. */
  markMine: paymentWrite
    .input(markPaidInput)
    .output(ridePaymentsOutput)
    .mutation(({ ctx, input }) =>
      markOwnPaid(ctx.db, {
        userId: ctx.user.id,
        rideId: input.rideId,
        method: input.method,
        now: ctx.now(),
        lockHours: ctx.env.PRICE_LOCK_HOURS,
      }),
    ),

  /** The organiser received a passenger's payment; answers the table. */
  confirm: paymentWrite
    .input(paymentTargetInput)
    .output(ridePaymentsOutput)
    .mutation(({ ctx, input }) =>
      setConfirmed(ctx.db, { actorId: ctx.user.id, ...input, confirmed: true, now: ctx.now() }),
    ),

  /** The organiser takes a confirmation back; answers the table. */
  unconfirm: paymentWrite
    .input(paymentTargetInput)
    .output(ridePaymentsOutput)
    .mutation(({ ctx, input }) =>
      setConfirmed(ctx.db, { actorId: ctx.user.id, ...input, confirmed: false, now: ctx.now() }),
    ),

  /** The organiser gave back the refund a row was owed (docs/payments.md#refunds); answers the table. */
  refunded: paymentWrite
    .input(paymentTargetInput)
    .output(ridePaymentsOutput)
    .mutation(({ ctx, input }) => settleRefund(ctx.db, { actorId: ctx.user.id, ...input })),

  /** The organiser waives the row of a party who left after the lock (docs/payments.md#leavers). */
  waive: paymentWrite
    .input(paymentTargetInput)
    .output(ridePaymentsOutput)
    .mutation(({ ctx, input }) => waivePayment(ctx.db, { actorId: ctx.user.id, ...input, now: ctx.now() })),

  /** The organiser splits the total again over the party as it now is; answers the table. */
  recalculate: paymentWrite
    .input(rideIdInput)
    .output(ridePaymentsOutput)
    .mutation(({ ctx, input }) =>
      recalculatePayments(ctx.db, { actorId: ctx.user.id, rideId: input.rideId, now: ctx.now() }),
    ),

  /**
   * The organiser sees what a new cost or stop price would do to each rider's share before
   * confirming it (docs/payments.md#price-changes).
   */
  preview: protectedProcedure
    .input(pricePreviewInput)
    .output(pricePreviewOutput)
    .query(({ ctx, input }) => previewPriceChange(ctx.db, { actorId: ctx.user.id, ...input, now: ctx.now() })),

  /**
   * What a group would owe on joining the locked ride now, at their place (docs/payments.md#join-price):
   * the figure the join screen shows is the one the join charges.
   */
  joinPrice: protectedProcedure
    .input(joinPriceInput)
    .output(joinPriceOutput)
    .query(({ ctx, input }) => joinPriceOf(ctx.db, { ...input, now: ctx.now() })),

  /** The organiser's table as CSV text (docs/payments.md#csv). */
  csv: protectedProcedure
    .input(rideIdInput)
    .output(z.string())
    .query(({ ctx, input }) => paymentsCsv(ctx.db, input.rideId, ctx.user.id)),

  /** "2 of 3 paid" for each locked ride the caller organises (the riders, not the organiser). */
  progress: protectedProcedure.output(paymentProgressOutput).query(({ ctx }) => paymentProgress(ctx.db, ctx.user.id)),

  /** The caller's own locked shares, for "Your share" on the cards (docs/payments.md#price-story). */
  shares: protectedProcedure.output(paymentSharesOutput).query(({ ctx }) => ownShares(ctx.db, ctx.user.id, ctx.now())),
});
