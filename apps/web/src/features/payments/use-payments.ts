/**
 * The payment table of a ride and the writes on it (docs/payments.md#status): each write answers
 * the new table, which replaces the cached one; a refusal shows its message.
 */
import type { PaymentRow, RidePayments } from '../../lib/api-types';

import { showApiError } from '../../lib/errors';
import { notifySuccess } from '../../lib/notify';
import { useMarkStale } from '../../lib/stale-queries';
import { trpc } from '../../lib/trpc';

export function usePaymentActions(rideId: number) {
  const utils = trpc.useUtils();
  const markStale = useMarkStale();
  const settle = (title: string) => ({
    onSuccess: (table: RidePayments) => {
      utils.payment.list.setData({ rideId }, table);
      void markStale({ type: 'payment.settled' });
      notifySuccess(title);
    },
    onError: (err: unknown) => showApiError(err, 'Could not update the payment'),
  });
  return {
    markMine: trpc.payment.markMine.useMutation(settle('Marked as paid: the organizer was told')),
    confirm: trpc.payment.confirm.useMutation(settle('Payment confirmed')),
    unconfirm: trpc.payment.unconfirm.useMutation(settle('Confirmation taken back')),
    recalculate: trpc.payment.recalculate.useMutation(settle('Amounts recalculated')),
    refunded: trpc.payment.refunded.useMutation(settle('Refund marked as given')),
    waive: trpc.payment.waive.useMutation(settle('Share waived')),
  };
}

/** "2 of 3 paid": the riders' rows marked paid or confirmed, of the riders' rows (not the organiser's). */
export function paidText(paid: number, total: number): string {
  return `${String(paid)} of ${String(total)} paid`;
}

export const STATUS_LABELS: Record<PaymentRow['status'], { label: string; color: string }> = {
  due: { label: 'Due', color: 'yellow' },
  'marked-paid': { label: 'Marked paid', color: 'blue' },
  confirmed: { label: 'Confirmed', color: 'green' },
};
