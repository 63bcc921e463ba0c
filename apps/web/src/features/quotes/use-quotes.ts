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
import { showApiError } from '../../lib/errors';
import { notifySuccess } from '../../lib/notify';
import { useMarkStale } from '../../lib/stale-queries';
import { trpc } from '../../lib/trpc';
import { useRefreshRide } from '../../lib/use-refresh-ride';

/** Marks that ride's quotes and the vendor's own stale, after a call on them settled. */
function useRefreshQuotes(): (_answer: unknown, _err: unknown, input: { rideId: number }) => Promise<void> {
  const markStale = useMarkStale();
  return (_answer, _err, input) => markStale({ type: 'quotes.changed', rideId: input.rideId });
}

export function useVendorQuotes() {
  const refreshQuotes = useRefreshQuotes();
  const create = trpc.quote.create.useMutation({
    onSuccess: () => notifySuccess('Quote sent', 'The organizer sees your price and can accept it.'),
    onError: (err) => showApiError(err, 'Could not send the quote'),
    onSettled: refreshQuotes,
  });
  const withdraw = trpc.quote.withdraw.useMutation({
    onSuccess: () => notifySuccess('Quote withdrawn'),
    onError: (err) => showApiError(err, 'Could not withdraw the quote'),
    onSettled: refreshQuotes,
  });

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
  const refreshQuotes = useRefreshQuotes();
  const refreshRide = useRefreshRide();
  const accept = trpc.quote.accept.useMutation({
    onSuccess: () => {
      notifySuccess('Quote accepted', 'The ride is assigned to this vendor at its price.');
    },
    onError: (err) => {
      showApiError(err, 'Could not accept the quote');
    },
    onSettled: (answer, err, input) => Promise.all([refreshQuotes(answer, err, input), refreshRide()]),
  });
  return {
    /** `confirmAmounts`: after the lock, the organiser saw each rider's share before and after. */
    accept: (input: { rideId: number; quoteId: number; confirmAmounts?: boolean }, onDone?: () => void) => {
      accept.mutate(input, { onSettled: () => onDone?.() });
    },
    pendingQuoteId: accept.isPending ? (accept.variables?.quoteId ?? null) : null,
  };
}
