/**
 * What a party still owes after leaving a locked ride (docs/payments.md#still-owed): their row's
 * amount due less what they paid (a row marked paid or confirmed owes only a top-up due on it),
 * and the sentence the Leave dialog shows before they leave. Pure; amounts in SGD.
 */
import { formatSgd } from './cost';
import type { PaymentStatus } from './payments';

/**
 * The amount still owed on a payment row, in SGD, never negative: a row still due owes its amount
 * less what was paid on it; a paid row owes only a top-up its share rose by (docs/payments.md#ledger).
 */
export function stillOwedOn(row: {
  amountDue: number;
  status: PaymentStatus;
  paid?: number;
  topUpDue?: number;
}): number {
  if (row.status === 'due') return Math.max(0, Math.round((row.amountDue - (row.paid ?? 0)) * 100) / 100);
  return Math.max(0, row.topUpDue ?? 0);
}

/** What leaving would leave owed: nothing (no price locked yet, or no row), or an amount to someone. */
export type OwedOnLeaving = { locked: false } | { locked: true; owed: number; to: string };

/**
 * The Leave dialog's sentence about money.
 *
 * @example leaveOwedSentence({ locked: true, owed: 30, to: 'Ana' })
 *   // 'You will still owe SGD 30 to Ana unless they waive it.'
 */
export function leaveOwedSentence(owing: OwedOnLeaving): string {
  if (!owing.locked) return 'The price is not locked yet, so you will owe nothing.';
  if (owing.owed <= 0) return 'Your share is already paid, so you will owe nothing more.';
  return `You will still owe ${formatSgd(owing.owed)} to ${owing.to} unless they waive it.`;
}

/** The My Rides line of a left ride with something still owed: "Still owed: SGD 30 to Ana". */
export function stillOwedLine(owed: number, to: string): string {
  return `Still owed: ${formatSgd(owed)} to ${to}`;
}
