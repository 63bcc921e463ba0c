/**
 * The writes on a ride's payments (docs/payments.md#status): a rider marking their own share paid,
 * the organiser confirming, settling a refund and waiving a leaver's row. Each runs in one
 * transaction that first locks the ride row (docs/payments.md#races), announces 'payments.changed'
 * only when it changed something (docs/payments.md#live), and answers the payment table as the
 * caller now sees it, read in that same transaction.
 */
import type { Database } from '@rideshare/db';
import {
  assertWaivable,
  confirmRow,
  DomainError,
  formatCents,
  LedgerRefusal,
  markRow,
  notFound,
  PAYMENT_METHOD_LABELS,
  refundSettledRow,
  unconfirmRow,
  type LedgerRow,
  type PaymentMethod,
} from '@rideshare/domain';
import type { Kysely, Transaction } from 'kysely';

import { publishRideEvent } from '../events/publish';
import { deletePayments, listPayments, type PaymentRide, type PaymentRow } from '../repositories/payment-repository';
import { lockAndSettle, type LockSettings } from './payment-lock-service';
import { tellOrganiserOfMark } from './payment-notices';
import { paymentsTable, type RidePayments } from './payment-service';
import { splitLockedRide, toLedgerRow, writeLedgerRow } from './payment-split';
import { isRiderOn, lockRide } from './ride-party';

/**
 * Locks the ride row (settling what is due on it first when `settle` is given), runs `write` and
 * answers the table as `readerId` sees it afterwards: one transaction for the whole call.
 */
function writeAndRead(
  db: Kysely<Database>,
  args: { rideId: number; readerId: number; settle?: LockSettings },
  write: (trx: Transaction<Database>, ride: PaymentRide) => Promise<void>,
): Promise<RidePayments> {
  return db.transaction().execute(async (trx) => {
    let ride: PaymentRide | null;
    if (args.settle) ride = await lockAndSettle(trx, args.rideId, args.settle);
    else ride = await lockRide(trx, args.rideId);
    if (!ride) throw notFound('ride');
    try {
      await write(trx, ride);
    } catch (error) {
      // The ledger's refusals are sentences for the person (409).
      if (error instanceof LedgerRefusal) throw new DomainError(error.code, error.message);
      throw error;
    }
    return paymentsTable(trx, ride, args.readerId);
  });
}

/** Writes the ledger's next state of one row; announces 'payments.changed' when it changed. */
async function writeRow(
  trx: Transaction<Database>,
  ride: PaymentRide,
  row: PaymentRow,
  next: LedgerRow | null,
): Promise<boolean> {
  if (!next || !(await writeLedgerRow(trx, ride.id, row, next))) return false;
  await publishRideEvent(trx, 'payments.changed', ride.id);
  return true;
}

/**
 * The rider says they paid their own share, and how, on the ride settled first (a price due to lock
 * locks, so there is a row to mark). The same status and method again changes nothing and tells
 * nobody; a change tells the organiser once (docs/payments.md#quiet).
 */
export function markOwnPaid(
  db: Kysely<Database>,
  args: { userId: number; rideId: number; method: PaymentMethod } & LockSettings,
): Promise<RidePayments> {
  return writeAndRead(db, { rideId: args.rideId, readerId: args.userId, settle: args }, async (trx, ride) => {
    const rows = await listPayments(trx, ride.id, args.userId);
    // A rider who left and joined again pays their current row first.
    const row = rows.find((candidate) => candidate.leftAt === null) ?? rows[0];
    if (!row) {
      if (
        ride.priceLockedAt === null &&
        (ride.creatorId === args.userId || (await isRiderOn(trx, ride.id, args.userId)))
      ) {
        throw new DomainError('PRICE_NOT_LOCKED', 'The price is not locked yet: there is nothing to pay');
      }
      throw new DomainError('NOT_IN_PARTY', 'You have no payment on this ride');
    }
    const topUp = row.status !== 'due' && row.topUpDueCents > 0;
    if (!(await writeRow(trx, ride, row, markRow(toLedgerRow(row, ride), args.method, args.now)))) return;
    const amount = formatCents(topUp ? row.topUpDueCents : row.amountDueCents);
    const detail = `${row.name} · ${topUp ? `${amount} top-up` : amount} · ${PAYMENT_METHOD_LABELS[args.method]}`;
    await tellOrganiserOfMark(trx, ride, { riderId: args.userId, detail, now: args.now });
  });
}

/** The organiser's row of one passenger entry, refusing anyone else (403) and unknown entries (404). */
async function organisersRow(
  trx: Transaction<Database>,
  ride: PaymentRide,
  args: { actorId: number; passengerId: number },
  refusal: string,
): Promise<PaymentRow> {
  if (ride.creatorId !== args.actorId) throw new DomainError('NOT_CREATOR', refusal);
  const row = (await listPayments(trx, ride.id)).find((payment) => payment.passengerId === args.passengerId);
  if (!row) throw notFound('payment');
  return row;
}

/** An organiser's write on one passenger entry's row, answering the table. */
function organiserWrite(
  db: Kysely<Database>,
  args: { actorId: number; rideId: number; passengerId: number },
  refusal: string,
  write: (trx: Transaction<Database>, ride: PaymentRide, row: PaymentRow) => Promise<void>,
): Promise<RidePayments> {
  return writeAndRead(db, { rideId: args.rideId, readerId: args.actorId }, async (trx, ride) =>
    write(trx, ride, await organisersRow(trx, ride, args, refusal)),
  );
}

/** The organiser confirms they received a passenger entry's payment, or takes that back. */
export function setConfirmed(
  db: Kysely<Database>,
  args: { actorId: number; rideId: number; passengerId: number; confirmed: boolean; now: Date },
): Promise<RidePayments> {
  return organiserWrite(db, args, 'Only the organizer can confirm payments', async (trx, ride, row) => {
    // The organiser's own share is confirmed by itself and stays so (the ledger leaves it).
    const ledgerRow = toLedgerRow(row, ride);
    await writeRow(trx, ride, row, args.confirmed ? confirmRow(ledgerRow, args.now) : unconfirmRow(ledgerRow));
  });
}

/** The organiser gave back the refund a row was owed (docs/payments.md#refunds); 409 when none is. */
export function settleRefund(
  db: Kysely<Database>,
  args: { actorId: number; rideId: number; passengerId: number },
): Promise<RidePayments> {
  return organiserWrite(db, args, 'Only the organizer can settle refunds', async (trx, ride, row) => {
    await writeRow(trx, ride, row, refundSettledRow(toLedgerRow(row, ride), row.name));
  });
}

/**
 * The organiser lets a party who left after the lock off their share (docs/payments.md#leavers): the
 * row goes and the organiser's row absorbs it (no rider pays more). 409 for a row of someone still
 * on the ride, or one already paid.
 */
export function waivePayment(
  db: Kysely<Database>,
  args: { actorId: number; rideId: number; passengerId: number; now: Date },
): Promise<RidePayments> {
  return organiserWrite(db, args, 'Only the organizer can waive a payment', async (trx, ride, row) => {
    assertWaivable(toLedgerRow(row, ride), row.name);
    await deletePayments(trx, ride.id, [row.passengerId]);
    if (!(await splitLockedRide(trx, ride, { kind: 'settle' }, args.now))) {
      await publishRideEvent(trx, 'payments.changed', ride.id);
    }
  });
}
