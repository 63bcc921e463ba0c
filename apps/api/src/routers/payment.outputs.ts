import { PAYMENT_METHODS, PAYMENT_STATUSES } from '@rideshare/domain';
import { z } from 'zod';

import { direction, outputObject } from './shared.outputs';

export const ridePaymentsOutput = outputObject({
  rideId: z.number(),
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
      refundDue: z.number(),
      topUpDue: z.number(),
      paid: z.number(),
      absorbed: z.number(),
      left: z.boolean(),
      paynowPayload: z.string().nullable(),
      revolutLink: z.string().nullable(),
    }),
  ),
});

/** What joining would cost a group (docs/payments.md#join-price). */
export const joinPriceOutput = outputObject({
  rideId: z.number(),
  locked: z.boolean(),
  amount: z.number().nullable(),
  addsStop: z.boolean(),
  total: z.number(),
});

export const pricePreviewOutput = outputObject({
  rideId: z.number(),
  locked: z.boolean(),
  totalBefore: z.number(),
  totalAfter: z.number(),
  changes: z.array(
    outputObject({
      passengerId: z.number(),
      userId: z.number(),
      name: z.string(),
      before: z.number(),
      after: z.number(),
      topUpDue: z.number(),
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
