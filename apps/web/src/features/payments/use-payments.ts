/**
 * The payment table of a ride and the writes on it (docs/payments.md#status): each write answers
 * the new table, which replaces the cached one; a refusal shows its message.
 */
import type { PaymentRow, RidePayments } from '../../lib/api-types';

import { useSettle } from '../../lib/settle';
import { trpc } from '../../lib/trpc';

export function usePaymentActions(rideId: number) {
  const utils = trpc.useUtils();
  const settle = useSettle();
  const write = (success: string) =>
    settle({
      success,
      error: 'Could not update the payment',
      staleOnSuccess: { type: 'payment.settled' },
      onSuccess: (table: RidePayments) => utils.payment.list.setData({ rideId }, table),
    });
  return {
    markMine: trpc.payment.markMine.useMutation(write('Marked as paid: the organizer was told')),
    confirm: trpc.payment.confirm.useMutation(write('Payment confirmed')),
    unconfirm: trpc.payment.unconfirm.useMutation(write('Confirmation taken back')),
    recalculate: trpc.payment.recalculate.useMutation(write('Amounts recalculated')),
    refunded: trpc.payment.refunded.useMutation(write('Refund marked as given')),
    waive: trpc.payment.waive.useMutation(write('Share waived')),
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
