/** Payment inputs: marking one's own share paid, the organiser's confirmations (docs/payments.md). */
import { z } from 'zod';
import { MAX_PHONE_LENGTH } from '../constants';
import { PAYMENT_METHOD_MESSAGE, PAYMENT_METHODS, PAYNOW_PROXY_MESSAGE, parsePaynowProxy } from '../payments';
import { idInput, patchText, rowId } from './fields';
import { rideCost, stopPrice } from './rides';

/** The rider marks their own row paid, saying how. */
export const markPaidInput = z.object({
  rideId: idInput,
  method: z.enum(PAYMENT_METHODS, { error: PAYMENT_METHOD_MESSAGE }),
});
export type MarkPaidInput = z.output<typeof markPaidInput>;

/** The organiser confirms (or takes back the confirmation of) one passenger entry's payment. */
export const paymentTargetInput = z.object({
  rideId: idInput,
  passengerId: rowId('Passenger id must be a positive whole number'),
});
export type PaymentTargetInput = z.output<typeof paymentTargetInput>;

/**
 * The organiser's preview of a price change on a locked ride (docs/payments.md#price-changes): the
 * cost (a quote's price, or an edited cost) and the stop price it would have; either left out stays.
 */
export const pricePreviewInput = z.object({
  rideId: idInput,
  cost: rideCost.optional(),
  stopPrice: stopPrice.optional(),
});
export type PricePreviewInput = z.output<typeof pricePreviewInput>;

/**
 * The organiser's PayNow proxy on a profile edit: missing keeps it, blank or null clears it, else a
 * Singapore mobile or a UEN, stored in its normal form ('+6591234567', '201912345K').
 */
export const paynowProxyPatch = patchText(MAX_PHONE_LENGTH, 'PayNow proxy').transform((value, ctx) => {
  if (value === undefined || value === null) return value;
  const proxy = parsePaynowProxy(value);
  if (!proxy) {
    ctx.addIssue({ code: 'custom', message: PAYNOW_PROXY_MESSAGE, input: value });
    return z.NEVER;
  }
  return proxy.value;
});
