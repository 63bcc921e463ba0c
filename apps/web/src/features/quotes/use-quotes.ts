/**
 * The quote calls and the one refresh after each (docs/vendors.md#quotes). Each call's toast and
 * refresh sit in its mutation's own options: the refresh after an accept can unmount the quotes
 * list that made the call, and a call's own callbacks never run once it is gone.
 *
 * - `useVendorQuotes()`: the vendor's `quote.create` and `quote.withdraw`, with toasts ('Quote
 *   sent', 'Quote withdrawn') or the server's reason, and which ride's call is under way.
 * - `useAcceptQuote()`: the organiser's `quote.accept`; the ride and its quotes reload either way
 *   (after a refusal the screen was out of date: another tab accepted, the vendor withdrew).
 */
import type { Change } from '../../lib/stale-queries';
import { useSettle } from '../../lib/settle';
import { trpc } from '../../lib/trpc';

/** That ride's quotes and the vendor's own, marked stale after a call on them settled. */
const quotesOf = (_answer: unknown, input: { rideId: number }): Change => ({
  type: 'quotes.changed',
  rideId: input.rideId,
});

export function useVendorQuotes() {
  const settle = useSettle();
  const create = trpc.quote.create.useMutation(
    settle({
      success: { title: 'Quote sent', message: 'The organizer sees your price and can accept it.' },
      error: 'Could not send the quote',
      stale: quotesOf,
    }),
  );
  const withdraw = trpc.quote.withdraw.useMutation(
    settle({ success: 'Quote withdrawn', error: 'Could not withdraw the quote', stale: quotesOf }),
  );

  return {
    /** Sends (or replaces) the vendor's quote; `onDone` runs once it is stored. */
    submit: (input: { rideId: number; price: number; note: string | null }, onDone?: () => void) => {
      create.mutate(input, { onSuccess: () => onDone?.() });
    },
    withdraw: (rideId: number, quoteId: number) => {
      withdraw.mutate({ rideId, quoteId });
    },
    submitting: create.isPending ? (create.variables?.rideId ?? null) : null,
    submitError: create.error,
    withdrawing: withdraw.isPending ? (withdraw.variables?.rideId ?? null) : null,
  };
}

export function useAcceptQuote() {
  const settle = useSettle();
  const accept = trpc.quote.accept.useMutation(
    settle({
      success: { title: 'Quote accepted', message: 'The ride is assigned to this vendor at its price.' },
      error: 'Could not accept the quote',
      stale: (answer, input) => [quotesOf(answer, input), { type: 'ride.written', rideId: null }],
    }),
  );
  return {
    /** `confirmAmounts`: after the lock, the organiser saw each rider's share before and after. */
    accept: (input: { rideId: number; quoteId: number; confirmAmounts?: boolean }, onDone?: () => void) => {
      accept.mutate(input, { onSettled: () => onDone?.() });
    },
    pendingQuoteId: accept.isPending ? (accept.variables?.quoteId ?? null) : null,
  };
}
