/** A vendor's quote for a ride and the organiser's choice among them. */
import { z } from 'zod';
import { MAX_RIDE_COST, MIN_RIDE_COST } from '../constants';
import { MAX_QUOTE_NOTE_LENGTH, QUOTE_PRICE_MESSAGE } from '../quotes';
import { formNumber, formText, idInput, nullableText, sgdAmount } from './fields';

const quotePrice = sgdAmount(MIN_RIDE_COST, MAX_RIDE_COST, QUOTE_PRICE_MESSAGE);

/** A vendor quoting a ride: the whole ride's base price in SGD and an optional single-line note. */
export const quoteInput = z.object({
  rideId: idInput,
  price: quotePrice,
  note: nullableText(MAX_QUOTE_NOTE_LENGTH, 'Note'),
});
export type QuoteInput = z.output<typeof quoteInput>;

/** A call about one quote of one ride (withdraw, accept). */
export const quoteIdInput = z.object({ rideId: idInput, quoteId: idInput });
export type QuoteIdInput = z.output<typeof quoteIdInput>;

/** The Quote form: the same price rule and messages, read from the form's text inputs. */
export const quoteFormSchema = z.object({
  price: formNumber(quotePrice),
  note: formText(MAX_QUOTE_NOTE_LENGTH, 'Note'),
});
export type QuoteFormValues = z.input<typeof quoteFormSchema>;
