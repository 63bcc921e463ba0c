/**
 * The writes on a ride's payments (docs/payments.md#status): a rider marking their own share paid,
 * the organiser confirming, settling a refund and waiving a leaver's row. Each runs in one
 * transaction that first locks the ride row (docs/payments.md#races) and announces
 * 'payments.changed' only when it changed something (docs/payments.md#live).
 */
import type { Database } from '@rideshare/db';
import { DomainError, formatCents, PAYMENT_METHOD_LABELS, type PaymentMethod } from '@rideshare/domain';
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
import { notifyAboutRide } from './ride-notifications';

async function lockedRide(trx: Transaction<Database>, rideId: number): Promise<PaymentRide> {
  const ride = await lockPaymentRide(trx, rideId);
  if (!ride) throw new DomainError('NOT_FOUND', `Ride ${String(rideId)} not found`);
  return ride;
}

/**
 * The rider says they paid their own share, and how. The same status and method again changes
 * nothing and tells nobody; a change tells the organiser once (docs/payments.md#quiet).
 */
export async function markOwnPaid(
  db: Kysely<Database>,
  args: { userId: number; rideId: number; method: PaymentMethod; now: Date },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const ride = await lockedRide(trx, args.rideId);
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
    await notifyAboutRide(trx, [ride.creatorId], ride, 'payment_marked', detail);
    await publishRideEvent(trx, 'payments.changed', ride.id);
  });
}

/** The organiser's row of one passenger entry, refusing anyone else (403) and unknown entries (404). */
async function organisersRow(
  trx: Transaction<Database>,
  args: { actorId: number; rideId: number; passengerId: number },
  refusal: string,
): Promise<{ ride: PaymentRide; row: PaymentRow }> {
  const ride = await lockedRide(trx, args.rideId);
  if (ride.creatorId !== args.actorId) throw new DomainError('NOT_CREATOR', refusal);
  const row = (await listPayments(trx, ride.id)).find((payment) => payment.passengerId === args.passengerId);
  if (!row) throw new DomainError('NOT_FOUND', 'No payment for that passenger on this ride');
  return { ride, row };
}

/** The organiser confirms they received a passenger entry's payment, or takes that back. */
export async function setConfirmed(
  db: Kysely<Database>,
  args: { actorId: number; rideId: number; passengerId: number; confirmed: boolean; now: Date },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { ride, row } = await organisersRow(trx, args, 'Only the organizer can confirm payments');
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
export async function settleRefund(
  db: Kysely<Database>,
  args: { actorId: number; rideId: number; passengerId: number },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { ride, row } = await organisersRow(trx, args, 'Only the organizer can settle refunds');
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
export async function waivePayment(
  db: Kysely<Database>,
  args: { actorId: number; rideId: number; passengerId: number },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { ride, row } = await organisersRow(trx, args, 'Only the organizer can waive a payment');
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
