/**
 * Who paid, as read (docs/payments.md#status): the payment table as its reader may see it, the CSV
 * export, the "2 of 3 paid" counts and the reader's own shares. The writes are in
 * payment-actions.ts.
 */
import type { Db } from '@rideshare/db';
import {
  DomainError,
  notFound,
  parsePaynowProxy,
  paynowExpiryOf,
  paynowPayload,
  revolutLink,
  stillOwedOn,
  toSingaporeIso,
} from '@rideshare/domain';

import { toCsv } from '../http/csv';
import {
  findPayee,
  findPaymentRide,
  listOwnShares,
  listPayments,
  paymentProgressOf,
  type PaymentRide,
  type PaymentRow,
} from '../repositories/payment-repository';
import { amountChangesOf, totalCentsOf } from './payment-split';
import { isRiderOn } from './ride-party';
import type { z } from 'zod';
import type { paymentSharesOutput, pricePreviewOutput, ridePaymentsOutput } from '../routers/payment.outputs';

/** One row on the wire; amounts in SGD with two decimals. */
export type Payment = RidePayments['payments'][number];

/** A ride's payments as the reader sees them: every row for the organiser, one's own for a rider. */
export type RidePayments = z.output<typeof ridePaymentsOutput>;

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
    refundDue: row.refundDueCents / 100,
    topUpDue: row.topUpDueCents / 100,
    paid: row.paidCents / 100,
    absorbed: row.absorbedCents / 100,
    left: row.leftAt !== null,
    ...extras,
  };
}

/** What the rider's own row still asks them to pay: a top-up after a payment, else the share until confirmed. */
function amountToPay(row: PaymentRow): number {
  if (row.status !== 'due' && row.topUpDueCents > 0) return row.topUpDueCents;
  return row.status === 'confirmed' ? 0 : row.amountDueCents;
}

/**
 * How the rider can pay their own row (a PayNow code and a Revolut link, when the organiser has
 * them), for the amount still to pay: the share, or a top-up.
 */
async function payWays(
  db: Db,
  ride: PaymentRide,
  row: PaymentRow,
): Promise<Pick<Payment, 'paynowPayload' | 'revolutLink'>> {
  const none = { paynowPayload: null, revolutLink: null };
  const amountCents = amountToPay(row);
  if (row.userId === ride.creatorId || amountCents <= 0) return none;
  const payee = await findPayee(db, ride.creatorId);
  const proxy = payee?.paynowProxy ? parsePaynowProxy(payee.paynowProxy) : null;
  return {
    paynowPayload:
      payee && proxy
        ? paynowPayload({
            proxy,
            amountCents,
            reference: `RIDE ${String(ride.id)}`,
            merchantName: payee.name,
            expiresOn: paynowExpiryOf(ride.date),
          })
        : null,
    revolutLink: payee?.revolutUsername ? revolutLink(payee.revolutUsername, amountCents) : null,
  };
}

/** Refuses callers who are neither the ride's organiser nor of its party (nor owed a row). */
async function assertReader(db: Db, ride: PaymentRide, userId: number): Promise<void> {
  if (ride.creatorId === userId) return;
  if ((await isRiderOn(db, ride.id, userId)) || (await listPayments(db, ride.id, userId)).length > 0) return;
  throw new DomainError('NOT_IN_PARTY', "Only the ride's organizer and passengers see its payments");
}

/** The ride's payments; NOT_FOUND for an unknown ride. */
export async function readPayments(db: Db, rideId: number, userId: number): Promise<RidePayments> {
  const ride = await findPaymentRide(db, rideId);
  if (!ride) throw notFound('ride');
  return paymentsTable(db, ride, userId);
}

/**
 * The payment table of a ride already read, as `userId` may see it: a write passes the ride it
 * locked and its transaction, so its answer is read in the same transaction as the change.
 */
export async function paymentsTable(db: Db, ride: PaymentRide, userId: number): Promise<RidePayments> {
  const rideId = ride.id;
  await assertReader(db, ride, userId);
  const isOrganiser = ride.creatorId === userId;
  const rows = await listPayments(db, rideId, isOrganiser ? undefined : userId);
  // A rider who left and joined again reads their current row first (docs/payments.md#leavers).
  if (!isOrganiser) rows.sort((a, b) => Number(a.leftAt !== null) - Number(b.leftAt !== null));
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

/** The organiser's CSV of the table, through the rides export's formula guard (docs/payments.md#csv). */
export async function paymentsCsv(db: Db, rideId: number, userId: number): Promise<string> {
  const table = await readPayments(db, rideId, userId);
  if (!table.isOrganiser) throw new DomainError('NOT_CREATOR', 'Only the organizer can export the payments');
  // Times in Singapore time with the offset, whatever the spreadsheet's zone (docs/payments.md#csv).
  const sgt = (iso: string | null) => (iso === null ? null : toSingaporeIso(iso));
  return toCsv(
    [
      'Name',
      'Seats',
      'Amount due (SGD)',
      'Status',
      'Method',
      'Marked paid at',
      'Confirmed at',
      'Refund due (SGD)',
      'Top-up due (SGD)',
      'Left the ride',
    ],
    table.payments.map((row) => [
      row.name,
      row.seats,
      row.amountDue.toFixed(2),
      row.status,
      row.method,
      sgt(row.markedAt),
      sgt(row.confirmedAt),
      row.refundDue.toFixed(2),
      row.topUpDue.toFixed(2),
      row.left ? 'yes' : 'no',
    ]),
  );
}

/** "2 of 3 paid" on the organiser's locked rides (My Rides): the riders only, not the organiser. */
export function paymentProgress(db: Db, organiserId: number) {
  return paymentProgressOf(db, organiserId);
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** One of the reader's own locked shares, in SGD. */
export type OwnShare = z.output<typeof paymentSharesOutput>[number];

/**
 * The reader's own locked shares, in SGD, for the cards' "Your share" (docs/payments.md#price-story),
 * with rows kept after leaving marked `left` (docs/payments.md#leavers) and, for My Rides' "Still
 * owed" line, what is still owed to whom (docs/payments.md#still-owed).
 */
export async function ownShares(db: Db, userId: number, now: Date): Promise<OwnShare[]> {
  const rows = await listOwnShares(db, userId, new Date(now.getTime() - WEEK_MS));
  return rows.map((row) => {
    const amountDue = row.amountDueCents / 100;
    return {
      rideId: row.rideId,
      amountDue,
      left: row.left,
      stillOwed: stillOwedOn({
        amountDue,
        status: row.status,
        paid: row.paidCents / 100,
        topUpDue: row.topUpDueCents / 100,
      }),
      owedTo: row.organiserName,
      direction: row.direction,
      date: row.date.toISOString(),
    };
  });
}

/** The organiser's preview of a price change (docs/payments.md#price-changes). */
export type PricePreview = z.output<typeof pricePreviewOutput>;

/**
 * What a new cost or stop price would do to each rider's share, for the organiser to confirm before
 * accepting a quote or saving the edit. The organiser only (403 for anyone else).
 */
export async function previewPriceChange(
  db: Db,
  args: { actorId: number; rideId: number; cost?: number | undefined; stopPrice?: number | undefined; now: Date },
): Promise<PricePreview> {
  const ride = await findPaymentRide(db, args.rideId);
  if (!ride) throw notFound('ride');
  if (ride.creatorId !== args.actorId) {
    throw new DomainError('NOT_CREATOR', 'Only the organizer can preview a price change');
  }
  const next = { cost: args.cost ?? ride.cost, stopPrice: args.stopPrice ?? ride.stopPrice };
  return {
    rideId: ride.id,
    locked: ride.priceLockedAt !== null,
    totalBefore: totalCentsOf(ride) / 100,
    totalAfter: totalCentsOf({ ...ride, ...next }) / 100,
    changes: await amountChangesOf(db, ride, next, args.now),
  };
}
