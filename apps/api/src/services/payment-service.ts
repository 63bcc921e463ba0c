/**
 * Who paid (docs/payments.md#status): the payment table as its reader may see it, a rider marking
 * their own share paid, the organiser confirming, the CSV export and the "2 of 4 paid" counts. Every
 * change runs under the ride's row lock (docs/payments.md#races).
 */
import type { Database, Db } from '@rideshare/db';
import {
  DomainError,
  formatCents,
  PAYMENT_METHOD_LABELS,
  parsePaynowProxy,
  paynowExpiryOf,
  paynowPayload,
  revolutLink,
  type PaymentMethod,
  type PaymentStatus,
} from '@rideshare/domain';
import type { Kysely, Transaction } from 'kysely';

import { toCsv } from '../http/csv';
import {
  findPayee,
  hasEntryOn,
  findPaymentRide,
  listPayments,
  lockPaymentRide,
  paymentProgressOf,
  updatePayment,
  type PaymentRide,
  type PaymentRow,
} from '../repositories/payment-repository';

import { notifyAboutRide } from './ride-notifications';

/** One row on the wire; amounts in SGD with two decimals. */
export interface Payment {
  passengerId: number;
  userId: number;
  name: string;
  seats: number;
  amountDue: number;
  status: PaymentStatus;
  method: PaymentMethod | null;
  markedAt: string | null;
  confirmedAt: string | null;
  /** The reader's own row only: the SGQR string for the exact amount (docs/payments.md#paynow). */
  paynowPayload: string | null;
  /** The reader's own row only: the organiser's Revolut.Me with the amount (docs/payments.md#revolut). */
  revolutLink: string | null;
}

/** A ride's payments as the reader sees them: every row for the organiser, one's own for a rider. */
export interface RidePayments {
  rideId: number;
  /** ISO; null before the price locks (then `payments` is empty). */
  lockedAt: string | null;
  isOrganiser: boolean;
  total: number;
  payments: Payment[];
}

function toPayment(row: PaymentRow, extras: Pick<Payment, 'paynowPayload' | 'revolutLink'>): Payment {
  return {
    passengerId: row.passengerId,
    userId: row.userId,
    name: row.name,
    seats: row.seats,
    amountDue: row.amountDueCents / 100,
    status: row.status,
    method: row.method,
    markedAt: row.markedAt?.toISOString() ?? null,
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    ...extras,
  };
}

/** How the rider can pay their own row: a PayNow code and a Revolut link, when the organiser has them. */
async function payWays(
  db: Db,
  ride: PaymentRide,
  row: PaymentRow,
): Promise<Pick<Payment, 'paynowPayload' | 'revolutLink'>> {
  const none = { paynowPayload: null, revolutLink: null };
  if (row.userId === ride.creatorId || row.status === 'confirmed' || row.amountDueCents <= 0) return none;
  const payee = await findPayee(db, ride.creatorId);
  const proxy = payee?.paynowProxy ? parsePaynowProxy(payee.paynowProxy) : null;
  return {
    paynowPayload:
      payee && proxy
        ? paynowPayload({
            proxy,
            amountCents: row.amountDueCents,
            reference: `RIDE ${String(ride.id)}`,
            merchantName: payee.name,
            expiresOn: paynowExpiryOf(ride.date),
          })
        : null,
    revolutLink: payee?.revolutUsername ? revolutLink(payee.revolutUsername, row.amountDueCents) : null,
  };
}

/** The ride, refusing callers who are neither its organiser nor of its party (nor owed a row). */
async function rideForReader(db: Db, rideId: number, userId: number): Promise<PaymentRide> {
  const ride = await findPaymentRide(db, rideId);
  if (!ride) throw new DomainError('NOT_FOUND', `Ride ${String(rideId)} not found`);
  if (ride.creatorId === userId) return ride;
  if ((await hasEntryOn(db, rideId, userId)) || (await listPayments(db, rideId, userId)).length > 0) return ride;
  throw new DomainError('NOT_IN_PARTY', "Only the ride's organizer and passengers see its payments");
}

export async function readPayments(db: Db, rideId: number, userId: number): Promise<RidePayments> {
  const ride = await rideForReader(db, rideId, userId);
  const isOrganiser = ride.creatorId === userId;
  const rows = await listPayments(db, rideId, isOrganiser ? undefined : userId);
  const payments: Payment[] = [];
  for (const row of rows) {
    payments.push(
      toPayment(row, row.userId === userId ? await payWays(db, ride, row) : { paynowPayload: null, revolutLink: null }),
    );
  }
  const allRows = isOrganiser ? rows : await listPayments(db, rideId);
  return {
    rideId,
    lockedAt: ride.priceLockedAt?.toISOString() ?? null,
    isOrganiser,
    total: allRows.reduce((sum, row) => sum + row.amountDueCents, 0) / 100,
    payments,
  };
}

async function lockedRide(trx: Transaction<Database>, rideId: number): Promise<PaymentRide> {
  const ride = await lockPaymentRide(trx, rideId);
  if (!ride) throw new DomainError('NOT_FOUND', `Ride ${String(rideId)} not found`);
  return ride;
}

/** The rider says they paid their own share, and how; the organiser is told. */
export async function markOwnPaid(
  db: Kysely<Database>,
  args: { userId: number; rideId: number; method: PaymentMethod; now: Date },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const ride = await lockedRide(trx, args.rideId);
    const [row] = await listPayments(trx, ride.id, args.userId);
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
    await updatePayment(trx, ride.id, row.passengerId, {
      status: 'marked-paid',
      method: args.method,
      markedAt: args.now,
    });
    const detail = `${row.name} · ${formatCents(row.amountDueCents)} · ${PAYMENT_METHOD_LABELS[args.method]}`;
    await notifyAboutRide(trx, [ride.creatorId], ride, 'payment_marked', detail);
  });
}

/** The organiser confirms they received a passenger entry's payment, or takes that back. */
export async function setConfirmed(
  db: Kysely<Database>,
  args: { actorId: number; rideId: number; passengerId: number; confirmed: boolean; now: Date },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const ride = await lockedRide(trx, args.rideId);
    if (ride.creatorId !== args.actorId) {
      throw new DomainError('NOT_CREATOR', 'Only the organizer can confirm payments');
    }
    const row = (await listPayments(trx, ride.id)).find((payment) => payment.passengerId === args.passengerId);
    if (!row) throw new DomainError('NOT_FOUND', 'No payment for that passenger on this ride');
    // The organiser's own share is confirmed by itself and stays so.
    if (row.userId === ride.creatorId) return;
    await updatePayment(
      trx,
      ride.id,
      row.passengerId,
      args.confirmed
        ? { status: 'confirmed', confirmedAt: args.now }
        : { status: row.markedAt ? 'marked-paid' : 'due', confirmedAt: null },
    );
  });
}

/** The organiser's CSV of the table, through the rides export's formula guard (docs/payments.md#csv). */
export async function paymentsCsv(db: Db, rideId: number, userId: number): Promise<string> {
  const table = await readPayments(db, rideId, userId);
  if (!table.isOrganiser) throw new DomainError('NOT_CREATOR', 'Only the organizer can export the payments');
  return toCsv(
    ['Name', 'Seats', 'Amount due (SGD)', 'Status', 'Method', 'Marked paid at', 'Confirmed at'],
    table.payments.map((row) => [
      row.name,
      row.seats,
      row.amountDue.toFixed(2),
      row.status,
      row.method,
      row.markedAt,
      row.confirmedAt,
    ]),
  );
}

/** "2 of 4 paid" on the organiser's locked rides (My Rides). */
export function paymentProgress(db: Db, organiserId: number) {
  return paymentProgressOf(db, organiserId);
}
