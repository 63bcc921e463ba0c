/**
 * Every change to a locked ride's shares goes through the domain ledger (docs/payments.md#ledger):
 * the lock, a join, a leave, a waiver, a recalculation and a price change by the organiser read the
 * party and the rows, ask `splitLedger` for the next rows and write the difference. Runs inside the
 * caller's transaction, under the ride's row lock (docs/payments.md#races).
 */
import type { Database, Db } from '@rideshare/db';
import {
  DomainError,
  formatCents,
  isPaymentReminderDue,
  joinShareCents,
  splitLedger,
  toCents,
  totalCost,
  type LedgerChange,
  type LedgerParty,
  type LedgerRow,
} from '@rideshare/domain';
import type { Transaction } from 'kysely';

import { publishRideEvent } from '../events/publish';
import {
  insertPayments,
  listPayments,
  markPaymentLeft,
  updatePayment,
  type PaymentChanges,
  type PaymentRide,
  type PaymentRow,
} from '../repositories/payment-repository';
import { tellRiderAboutMoney } from './payment-notices';
import type { z } from 'zod';
import type { pricePreviewOutput } from '../routers/payment.outputs';
import { lockRide, partyRiders } from './ride-party';

/** The ride's total in cents (cost plus stops). */
export function totalCentsOf(ride: Pick<PaymentRide, 'cost' | 'additionalStops' | 'stopPrice'>): number {
  return toCents(totalCost(ride));
}

/** A stored row as the ledger reads it. */
export function toLedgerRow(row: PaymentRow, ride: Pick<PaymentRide, 'creatorId'>): LedgerRow {
  return {
    passengerId: row.passengerId,
    userId: row.userId,
    seats: row.seats,
    isOrganiser: row.userId === ride.creatorId,
    amountDueCents: row.amountDueCents,
    status: row.status,
    method: row.method,
    markedAt: row.markedAt,
    confirmedAt: row.confirmedAt,
    paidCents: row.paidCents,
    refundDueCents: row.refundDueCents,
    topUpDueCents: row.topUpDueCents,
    absorbedCents: row.absorbedCents,
    left: row.leftAt !== null,
  };
}

/** What changed between a stored row and the ledger's next row (empty when nothing did). */
function changesOf(row: PaymentRow, next: LedgerRow): PaymentChanges {
  const changes: PaymentChanges = {};
  const fields = [
    'seats',
    'amountDueCents',
    'status',
    'method',
    'paidCents',
    'refundDueCents',
    'topUpDueCents',
    'absorbedCents',
  ] as const;
  for (const field of fields) {
    if (row[field] !== next[field]) Object.assign(changes, { [field]: next[field] });
  }
  if (row.markedAt?.getTime() !== next.markedAt?.getTime()) changes.markedAt = next.markedAt;
  if (row.confirmedAt?.getTime() !== next.confirmedAt?.getTime()) changes.confirmedAt = next.confirmedAt;
  return changes;
}

/** Writes one row's next state; answers whether anything changed. */
export async function writeLedgerRow(trx: Db, rideId: number, row: PaymentRow, next: LedgerRow): Promise<boolean> {
  const changes = changesOf(row, next);
  if (Object.keys(changes).length === 0) return false;
  await updatePayment(trx, rideId, row.passengerId, changes);
  return true;
}

/** The words of a changed share: the reason, 'SGD 40.00 → SGD 26.67', and any refund or top-up. */
export function shareChangeDetail(
  before: number,
  next: Pick<LedgerRow, 'amountDueCents' | 'refundDueCents' | 'topUpDueCents'>,
  reason: string | null,
): string {
  let detail = `${formatCents(before)} → ${formatCents(next.amountDueCents)}`;
  if (next.refundDueCents > 0) detail += `; ${formatCents(next.refundDueCents)} to come back from the organizer`;
  if (next.topUpDueCents > 0) detail += `; ${formatCents(next.topUpDueCents)} top-up due`;
  return reason ? `${reason}: ${detail}` : detail;
}

/** The party as the ledger reads it: the organiser's entry first, then by joining. */
async function ledgerParty(db: Db, ride: PaymentRide): Promise<LedgerParty[]> {
  return (await partyRiders(db, ride)).map((entry) => ({ ...entry, isOrganiser: entry.userId === ride.creatorId }));
}

/** The rows the ledger would answer for the ride as it now is, with the stored rows it starts from. */
export async function nextLedger(
  db: Db,
  ride: PaymentRide,
  change: LedgerChange,
  now: Date,
): Promise<{ rows: PaymentRow[]; next: LedgerRow[]; party: LedgerParty[] }> {
  const rows = await listPayments(db, ride.id);
  const party = await ledgerParty(db, ride);
  const next = splitLedger({
    totalCents: totalCentsOf(ride),
    party,
    rows: rows.map((row) => toLedgerRow(row, ride)),
    change,
    now,
  });
  return { rows, next, party };
}

/**
 * What a group of `seats` would owe on joining the locked ride now, of the ride's total with them
 * on board (`totalCents`: one stop more when their place is new), by the split the join then makes
 * (docs/payments.md#join-price), from the stored rows.
 */
export async function joinShareOf(
  db: Db,
  ride: PaymentRide,
  group: { seats: number; totalCents: number },
  now: Date,
): Promise<number> {
  const rows = await listPayments(db, ride.id);
  return joinShareCents({
    totalCents: group.totalCents,
    party: await ledgerParty(db, ride),
    rows: rows.map((row) => toLedgerRow(row, ride)),
    seats: group.seats,
    now,
  });
}

/**
 * Keeps `rides.join_price_cents` (what one more seat at a stop the ride makes would owe) true to the
 * ledger just written; writes only a change, so an unchanged figure does not touch the ride lists.
 */
async function keepJoinPrice(
  trx: Transaction<Database>,
  ride: PaymentRide,
  ledger: { party: readonly LedgerParty[]; next: readonly LedgerRow[] },
  now: Date,
): Promise<void> {
  const cents = joinShareCents({
    totalCents: totalCentsOf(ride),
    party: ledger.party,
    rows: ledger.next,
    seats: 1,
    now,
  });
  const stored = await trx.selectFrom('rides').select('joinPriceCents').where('id', '=', ride.id).executeTakeFirst();
  if (stored && stored.joinPriceCents !== cents) {
    await trx.updateTable('rides').set({ joinPriceCents: cents }).where('id', '=', ride.id).execute();
  }
}

/**
 * Splits the ride's total again over its party as it now is (domain `splitLedger`) and writes the
 * difference: new rows for newcomers (told their share, `price_locked`), changed rows (each rider
 * told once, `payment_amount_changed`, with `reason` when the organiser changed the price). Answers
 * whether anything changed; announces 'payments.changed' when it did.
 */
export async function splitLockedRide(
  trx: Transaction<Database>,
  ride: PaymentRide,
  change: LedgerChange,
  now: Date,
  reason: string | null = null,
): Promise<boolean> {
  const { rows, next, party } = await nextLedger(trx, ride, change, now);
  await keepJoinPrice(trx, ride, { party, next }, now);
  const byEntry = new Map(rows.map((row) => [row.passengerId, row]));
  let changed = false;
  for (const row of next) {
    const stored = byEntry.get(row.passengerId);
    if (!stored) {
      changed = true;
      await insertPayments(trx, [
        {
          rideId: ride.id,
          passengerId: row.passengerId,
          userId: row.userId,
          seats: row.seats,
          amountDueCents: row.amountDueCents,
          status: row.status,
          confirmedAt: row.confirmedAt,
          paidCents: row.paidCents,
          absorbedCents: row.absorbedCents,
          // Within the last day the share's own notice is the reminder (docs/payments.md#reminder).
          remindedAt: isPaymentReminderDue(ride.date, now) ? now : null,
        },
      ]);
      if (!row.isOrganiser) {
        const detail = formatCents(row.amountDueCents);
        await tellRiderAboutMoney(trx, row.userId, ride, { kind: 'price_locked', detail, now });
      }
      continue;
    }
    if (!(await writeLedgerRow(trx, ride.id, stored, row))) continue;
    changed = true;
    if (!row.isOrganiser && stored.amountDueCents !== row.amountDueCents) {
      const detail = shareChangeDetail(stored.amountDueCents, row, reason);
      await tellRiderAboutMoney(trx, row.userId, ride, { kind: 'payment_amount_changed', detail, now });
    }
  }
  if (changed) await publishRideEvent(trx, 'payments.changed', ride.id);
  return changed;
}

/**
 * After a change to the party or the price of a ride (in the caller's transaction): a locked ride
 * splits again at once (docs/payments.md#after-the-lock); an unlocked ride is left to its lock,
 * which counts everyone on board then.
 */
export async function splitIfLocked(
  trx: Transaction<Database>,
  rideId: number,
  change: LedgerChange,
  now: Date,
  reason: string | null = null,
): Promise<void> {
  const ride = await lockRide(trx, rideId);
  if (!ride || ride.priceLockedAt === null || ride.status === 'cancelled') return;
  await splitLockedRide(trx, ride, change, now, reason);
}

/** After a join (or an accepted waitlist offer): nobody already on the ride pays more. */
export function splitAfterLateJoin(trx: Transaction<Database>, rideId: number, now: Date): Promise<void> {
  return splitIfLocked(trx, rideId, { kind: 'settle' }, now);
}

/**
 * After an entry left a locked ride (in the caller's transaction): its row stays, marked `left`, and
 * still owes its amount (docs/payments.md#leavers). Should the ride's total have fallen with it (a
 * stop no longer made), the others' shares fall; nobody's rises.
 */
export async function keepLeaversRow(
  trx: Transaction<Database>,
  ride: { id: number },
  passengerId: number,
  now: Date,
): Promise<void> {
  const marked = await markPaymentLeft(trx, ride.id, passengerId, now);
  const locked = await lockRide(trx, ride.id);
  const split = locked?.priceLockedAt ? await splitLockedRide(trx, locked, { kind: 'settle' }, now) : false;
  if (marked && !split) await publishRideEvent(trx, 'payments.changed', ride.id);
}

/** One rider's share before and after a price change, for the organiser's confirmation. */
export type AmountChange = z.output<typeof pricePreviewOutput>['changes'][number];

/** What a price change would do to each row of a locked ride (empty when it is not locked). */
export async function amountChangesOf(
  db: Db,
  ride: PaymentRide,
  next: Pick<PaymentRide, 'cost' | 'stopPrice'>,
  now: Date,
): Promise<AmountChange[]> {
  if (ride.priceLockedAt === null || ride.status === 'cancelled') return [];
  const change: LedgerChange = { kind: 'price', previousTotalCents: totalCentsOf(ride) };
  const { rows, next: after } = await nextLedger(db, { ...ride, ...next }, change, now);
  const byEntry = new Map(after.map((row) => [row.passengerId, row]));
  return rows.flatMap((row) => {
    const nextRow = byEntry.get(row.passengerId);
    if (!nextRow || row.userId === ride.creatorId) return [];
    return [
      {
        passengerId: row.passengerId,
        userId: row.userId,
        name: row.name,
        before: row.amountDueCents / 100,
        after: nextRow.amountDueCents / 100,
        topUpDue: nextRow.topUpDueCents / 100,
        refundDue: nextRow.refundDueCents / 100,
        left: row.leftAt !== null,
      },
    ];
  });
}

/**
 * The organiser changed the price of a ride (a quote accepted, the cost or the stop price edited),
 * in the caller's transaction, with the ride row locked and already written with its new price:
 * on a locked ride the shares split again, each rising by at most its fair part of the rise. A
 * rise needs the organiser's `confirmed` (they saw the amounts before and after, from the preview):
 * without it, AMOUNTS_UNCONFIRMED (409) names the rises and the whole write is rolled back. Every
 * rider whose amount changed is told with `reason` (docs/payments.md#price-changes).
 */
export async function applyPriceChange(
  trx: Transaction<Database>,
  args: { rideId: number; previousTotalCents: number; now: Date; reason: string; confirmed: boolean },
): Promise<void> {
  const ride = await lockRide(trx, args.rideId);
  if (!ride || ride.priceLockedAt === null || ride.status === 'cancelled') return;
  const change: LedgerChange = { kind: 'price', previousTotalCents: args.previousTotalCents };
  const { rows, next } = await nextLedger(trx, ride, change, args.now);
  const after = new Map(next.map((row) => [row.passengerId, row.amountDueCents]));
  const rises = rows.filter(
    (row) => row.userId !== ride.creatorId && (after.get(row.passengerId) ?? 0) > row.amountDueCents,
  );
  if (rises.length > 0 && !args.confirmed) {
    const named = rises
      .map((row) => `${row.name} ${formatCents(row.amountDueCents)} → ${formatCents(after.get(row.passengerId) ?? 0)}`)
      .join(', ');
    throw new DomainError(
      'AMOUNTS_UNCONFIRMED',
      `This raises what riders owe (${named}). Review the new amounts and confirm them to go ahead.`,
    );
  }
  await splitLockedRide(trx, ride, change, args.now, args.reason);
}
