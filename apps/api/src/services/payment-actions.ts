/**
 * The writes on a ride's payments (docs/payments.md#status): a rider marking their own share paid,
 * the organiser confirming, settling a refund and waiving a leaver's row. Each runs in one
 * transaction that first locks the ride row (docs/payments.md#races), announces 'payments.changed'
 * only when it changed something (docs/payments.md#live), and answers the payment table as the
 * caller now sees it, read in that same transaction.
 */
import type { Database } from '@rideshare/db';
import { DomainError, formatCents, notFound, PAYMENT_METHOD_LABELS, type PaymentMethod } from '@rideshare/domain';
import type { Kysely, Transaction } from 'kysely';

import { publishRideEvent } from '../events/publish';
import {
  deletePayments,
  hasEntryOn,
  listPayments,
  lockPaymentRide,
  updatePayment,
  type PaymentRide,
  type PaymentRow,
} from '../repositories/payment-repository';
import { lockAndSettle, type LockSettings } from './payment-lock-service';
import { tellOrganiserOfMark } from './payment-notices';
import { paymentsTable, type RidePayments } from './payment-service';

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
    else ride = await lockPaymentRide(trx, args.rideId);
    if (!ride) throw notFound('ride');
    await write(trx, ride);
    return paymentsTable(trx, ride, args.readerId);
  });
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
        (ride.creatorId === args.userId || (await hasEntryOn(trx, ride.id, args.userId)))
      ) {
        throw new DomainError('PRICE_NOT_LOCKED', 'The price is not locked yet: there is nothing to pay');
      }
      throw new DomainError('NOT_IN_PARTY', 'You have no payment on this ride');
    }
    if (row.status === 'confirmed') throw new DomainError('PAYMENT_CONFIRMED', 'Your payment is already confirmed');
    if (row.status === 'marked-paid' && row.method === args.method) return;
    await updatePayment(trx, ride.id, row.passengerId, {
      status: 'marked-paid',
      method: args.method,
      markedAt: args.now,
    });
    const detail = `${row.name} · ${formatCents(row.amountDueCents)} · ${PAYMENT_METHOD_LABELS[args.method]}`;
    await tellOrganiserOfMark(trx, ride, { riderId: args.userId, detail, now: args.now });
    await publishRideEvent(trx, 'payments.changed', ride.id);
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
    // The organiser's own share is confirmed by itself and stays so.
    if (row.userId === ride.creatorId) return;
    if ((row.status === 'confirmed') === args.confirmed) return;
    await updatePayment(
      trx,
      ride.id,
      row.passengerId,
      args.confirmed
        ? { status: 'confirmed', confirmedAt: args.now }
        : { status: row.markedAt ? 'marked-paid' : 'due', confirmedAt: null },
    );
    await publishRideEvent(trx, 'payments.changed', ride.id);
  });
}

/** The organiser gave back the refund a row was owed (docs/payments.md#refunds); 409 when none is. */
export function settleRefund(
  db: Kysely<Database>,
  args: { actorId: number; rideId: number; passengerId: number },
): Promise<RidePayments> {
  return organiserWrite(db, args, 'Only the organizer can settle refunds', async (trx, ride, row) => {
    if (row.refundDueCents <= 0) {
      throw new DomainError('NOTHING_TO_REFUND', `Nothing to refund to ${row.name}: no refund is owed on their row`);
    }
    await updatePayment(trx, ride.id, row.passengerId, { refundDueCents: 0 });
    await publishRideEvent(trx, 'payments.changed', ride.id);
  });
}

/**
 * The organiser lets a party who left after the lock off their share (docs/payments.md#leavers): the
 * row goes, and a recalculation may spread it. 409 for a row of someone still on the ride, or one
 * already paid.
 */
export function waivePayment(
  db: Kysely<Database>,
  args: { actorId: number; rideId: number; passengerId: number },
): Promise<RidePayments> {
  return organiserWrite(db, args, 'Only the organizer can waive a payment', async (trx, ride, row) => {
    if (row.leftAt === null) {
      throw new DomainError('NOTHING_TO_WAIVE', `${row.name} has not left the ride: there is nothing to waive`);
    }
    if (row.status !== 'due') {
      throw new DomainError('NOTHING_TO_WAIVE', `${row.name} already paid their share: there is nothing to waive`);
    }
    await deletePayments(trx, ride.id, [row.passengerId]);
    await publishRideEvent(trx, 'payments.changed', ride.id);
  });
}
