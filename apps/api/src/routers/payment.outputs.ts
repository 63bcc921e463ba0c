import { PAYMENT_METHODS, PAYMENT_STATUSES } from '@rideshare/domain';
import { z } from 'zod';

import { direction, outputObject } from './shared.outputs';

export const ridePaymentsOutput = outputObject({
  rideId: z.number(),
  /** ISO; null before the price locks (then `payments` is empty). */
  lockedAt: z.string().nullable(),
  isOrganiser: z.boolean(),
  total: z.number(),
  payments: z.array(
    outputObject({
      passengerId: z.number(),
      userId: z.number(),
      name: z.string(),
      seats: z.number(),
      amountDue: z.number(),
      status: z.enum(PAYMENT_STATUSES),
      method: z.enum(PAYMENT_METHODS).nullable(),
      markedAt: z.string().nullable(),
      confirmedAt: z.string().nullable(),
      /** SGD the organiser owes back: the row was paid before its amount went down (docs/payments.md#refunds). */
      refundDue: z.number(),
      /** SGD still owed on top of a payment: the share rose after it was paid (docs/payments.md#ledger). */
      topUpDue: z.number(),
      /** SGD paid on the row, net of refunds given back (0 while due). */
      paid: z.number(),
      /** The organiser's row: SGD it carries beyond its fair share, waived or capped shares (docs/payments.md#ledger). */
      absorbed: z.number(),
      /** The party left after the lock and still owes the row until waived (docs/payments.md#leavers). */
      left: z.boolean(),
      /** The reader's own row only: the SGQR string for the exact amount (docs/payments.md#paynow). */
      paynowPayload: z.string().nullable(),
      /** The reader's own row only: the organiser's Revolut.Me with the amount (docs/payments.md#revolut). */
      revolutLink: z.string().nullable(),
    }),
  ),
});

/** What joining would cost a group (docs/payments.md#join-price). */
export const joinPriceOutput = outputObject({
  rideId: z.number(),
  /** Whether the price is locked; before the lock there is no join price, only the estimate. */
  locked: z.boolean(),
  /** SGD the group would owe on joining now; null before the lock, on a full ride, and on one nobody may join. */
  amount: z.number().nullable(),
  /** Whether the group's place is a stop the ride does not make yet (it adds the stop price). */
  addsStop: z.boolean(),
  /** SGD: the ride's total with the group on board. */
  total: z.number(),
});

export const pricePreviewOutput = outputObject({
  rideId: z.number(),
  /** Whether the price is locked: before the lock nobody has a share yet and `changes` is empty. */
  locked: z.boolean(),
  /** SGD: the ride's total now, and with the new price. */
  totalBefore: z.number(),
  totalAfter: z.number(),
  /** Each rider's row before and after (the organiser's own row takes the rest). */
  changes: z.array(
    outputObject({
      passengerId: z.number(),
      userId: z.number(),
      name: z.string(),
      /** SGD; what the row owes now. */
      before: z.number(),
      /** SGD; what it would owe after the change. */
      after: z.number(),
      /** SGD still to pay on top of a payment after the change (docs/payments.md#ledger). */
      topUpDue: z.number(),
      /** SGD the organiser would owe back after the change. */
      refundDue: z.number(),
      left: z.boolean(),
    }),
  ),
});

export const paymentProgressOutput = z.array(outputObject({ rideId: z.number(), paid: z.number(), total: z.number() }));

export const paymentSharesOutput = z.array(
  outputObject({
    rideId: z.number(),
    amountDue: z.number(),
    left: z.boolean(),
    /** SGD still owed on the row, 0 once marked paid or confirmed (docs/payments.md#still-owed). */
    stillOwed: z.number(),
    /** The organiser's name. */
    owedTo: z.string(),
    direction,
    date: z.string(),
  }),
);
