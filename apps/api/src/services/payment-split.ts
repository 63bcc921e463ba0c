/**
 * Splitting a locked ride's total again (docs/payments.md#after-the-lock): at once when someone
 * joins after the lock (nobody already on the ride pays more; a paid row that went down owes a
 * refund), and when the organiser recalculates (amounts may rise then; a paid row that rose is due
 * again). Rows of parties who left and were not waived keep their amount: they still owe it. Runs
 * inside the caller's transaction, under the ride's row lock (docs/payments.md#races).
 */
import type { Database } from '@rideshare/db';
import {
  formatCents,
  isPaymentReminderDue,
  refundAfterChange,
  splitAfterJoin,
  splitCents,
  toCents,
  totalCost,
  type PaymentStatus,
} from '@rideshare/domain';
import type { Transaction } from 'kysely';

import { publishRideEvent } from '../events/publish';
import {
  deletePayments,
  insertPayments,
  listParty,
  listPayments,
  lockPaymentRide,
  markPaymentLeft,
  updatePayment,
  type PaymentChanges,
  type PaymentRide,
  type PaymentRow,
} from '../repositories/payment-repository';
import { tellRiderAboutMoney } from './payment-notices';

/** What a split does with a paid row whose amount rose: only the organiser's recalculation raises. */
type SplitMode = 'join' | 'recalculate';

/** What the row becomes for its new amount (the organiser's own row stays confirmed, owing nothing back). */
function changesFor(row: PaymentRow, amount: number, seats: number, isOrganiser: boolean): PaymentChanges {
  const refundDueCents = refundAfterChange({
    status: row.status,
    beforeCents: row.amountDueCents,
    afterCents: amount,
    refundDueCents: row.refundDueCents,
    isOrganiser,
  });
  const rose = amount > row.amountDueCents;
  if (!rose || isOrganiser || row.status === 'due') return { seats, amountDueCents: amount, refundDueCents };
  // A paid row that now owes more is due again (docs/payments.md#price-lock).
  const status: PaymentStatus = 'due';
  return {
    seats,
    amountDueCents: amount,
    status,
    method: null,
    markedAt: null,
    confirmedAt: null,
    remindedAt: null,
    refundDueCents: 0,
  };
}

/** The words of a changed share: 'SGD 40.00 → SGD 26.67', and the refund owed when there is one. */
function changeDetail(before: number, after: number, refundDueCents: number): string {
  const change = `${formatCents(before)} → ${formatCents(after)}`;
  return refundDueCents > 0 ? `${change}; ${formatCents(refundDueCents)} to come back from the organizer` : change;
}

/**
 * Splits the ride's total again over its party as it now is. Leavers' rows (their entry gone) keep
 * their amount and come off the total first; on a recalculation rows of entries gone without a
 * `left` mark (from before leavers kept theirs) go. Answers nothing; tells each rider whose amount
 * changed or who got a row, once, and announces 'payments.changed'.
 */
export async function splitLockedRide(
  trx: Transaction<Database>,
  ride: PaymentRide,
  mode: SplitMode,
  now: Date,
): Promise<void> {
  const party = await listParty(trx, ride);
  const rows = await listPayments(trx, ride.id);
  const byEntry = new Map(rows.map((row) => [row.passengerId, row]));
  const inParty = new Set(party.map((entry) => entry.passengerId));
  const gone = rows.filter((row) => !inParty.has(row.passengerId));
  const stale = mode === 'recalculate' ? gone.filter((row) => row.leftAt === null) : [];
  await deletePayments(
    trx,
    ride.id,
    stale.map((row) => row.passengerId),
  );
  const owedByLeavers = gone.filter((row) => !stale.includes(row)).reduce((sum, row) => sum + row.amountDueCents, 0);
  const toSplit = Math.max(toCents(totalCost(ride)) - owedByLeavers, 0);
  const amounts =
    mode === 'join'
      ? splitAfterJoin(
          toSplit,
          party.map((entry) => ({
            seats: entry.seats,
            currentCents: byEntry.get(entry.passengerId)?.amountDueCents ?? null,
          })),
        )
      : splitCents(
          toSplit,
          party.map((entry) => entry.seats),
        );
  let changed = stale.length > 0;
  for (const [index, entry] of party.entries()) {
    const amount = amounts[index] ?? 0;
    const isOrganiser = entry.userId === ride.creatorId;
    const row = byEntry.get(entry.passengerId);
    if (!row) {
      changed = true;
      await insertPayments(trx, [
        {
          rideId: ride.id,
          passengerId: entry.passengerId,
          userId: entry.userId,
          seats: entry.seats,
          amountDueCents: amount,
          status: isOrganiser ? 'confirmed' : 'due',
          confirmedAt: isOrganiser ? now : null,
          // Within the last day the share's own notice is the reminder (docs/payments.md#reminder).
          remindedAt: isPaymentReminderDue(ride.date, now) ? now : null,
        },
      ]);
      if (!isOrganiser) {
        await tellRiderAboutMoney(trx, entry.userId, ride, { kind: 'price_locked', detail: formatCents(amount), now });
      }
      continue;
    }
    if (row.amountDueCents === amount && row.seats === entry.seats) continue;
    changed = true;
    const changes = changesFor(row, amount, entry.seats, isOrganiser);
    await updatePayment(trx, ride.id, entry.passengerId, changes);
    if (!isOrganiser && row.amountDueCents !== amount) {
      const detail = changeDetail(row.amountDueCents, amount, changes.refundDueCents ?? 0);
      await tellRiderAboutMoney(trx, entry.userId, ride, { kind: 'payment_amount_changed', detail, now });
    }
  }
  if (changed) await publishRideEvent(trx, 'payments.changed', ride.id);
}

/**
 * After a join (or an accepted waitlist offer) in the caller's transaction: a locked ride splits
 * again over the new party at once (docs/payments.md#after-the-lock). An unlocked ride is left to
 * its lock, which counts everyone on board then.
 */
export async function splitAfterLateJoin(trx: Transaction<Database>, rideId: number, now: Date): Promise<void> {
  const ride = await lockPaymentRide(trx, rideId);
  if (!ride || ride.priceLockedAt === null || ride.status === 'cancelled') return;
  await splitLockedRide(trx, ride, 'join', now);
}

/**
 * After an entry left a locked ride (in the caller's transaction): its row stays, marked `left`, and
 * nobody else's amount moves (docs/payments.md#leavers).
 */
export async function keepLeaversRow(
  trx: Transaction<Database>,
  ride: { id: number },
  passengerId: number,
  now: Date,
): Promise<void> {
  if (await markPaymentLeft(trx, ride.id, passengerId, now)) await publishRideEvent(trx, 'payments.changed', ride.id);
}
