/**
 * The price lock and what rides along with it (docs/payments.md): the organiser told once the
 * minimum is reached, every party's amount fixed PRICE_LOCK_HOURS before departure, the reminder
 * the day before, and the organiser's recalculation. Each ride is settled in one transaction that
 * first locks its row, so two instances (or a write and the sweep) settle it once
 * (docs/payments.md#races). Only the sweep and writes settle: a read answers what is stored.
 */
import type { Database } from '@rideshare/db';
import {
  DomainError,
  formatCents,
  isPaymentReminderDue,
  isPriceLockDue,
  notFound,
  passengersStillNeeded,
  PAYMENT_REMINDER_HOURS,
} from '@rideshare/domain';
import type { Kysely, Transaction } from 'kysely';

import { publishRideEvent } from '../events/publish';
import {
  deletePayments,
  listPayments,
  listRidesWithPaymentWork,
  markMinReachedNotified,
  markPriceLocked,
  updatePayment,
  type PaymentRide,
} from '../repositories/payment-repository';
import { tellRiderAboutMoney } from './payment-notices';
import { paymentsTable, type RidePayments } from './payment-service';
import { splitLockedRide } from './payment-split';
import { notifyAboutRide } from './ride-notifications';
import { lockRide, partyRiders } from './ride-party';

const HOUR_MS = 60 * 60 * 1000;

export interface LockSettings {
  now: Date;
  /** PRICE_LOCK_HOURS. */
  lockHours: number;
}

/**
 * Fixes every party's amount (the ledger's split over nobody paid yet) and tells each rider theirs;
 * a ride already locked is left alone.
 */
async function lockPrice(trx: Transaction<Database>, ride: PaymentRide, now: Date): Promise<boolean> {
  if (!(await markPriceLocked(trx, ride.id, now))) return false;
  await splitLockedRide(trx, { ...ride, priceLockedAt: now }, { kind: 'settle' }, now);
  return true;
}

/** The day-before reminder to riders still due, once each (docs/payments.md#reminder). */
async function remindDue(trx: Transaction<Database>, ride: PaymentRide, now: Date): Promise<void> {
  for (const row of await listPayments(trx, ride.id)) {
    if (row.status !== 'due' || row.remindedAt !== null || row.userId === ride.creatorId) continue;
    if (row.leftAt !== null) continue;
    await updatePayment(trx, ride.id, row.passengerId, { remindedAt: now });
    const detail = formatCents(row.amountDueCents);
    await tellRiderAboutMoney(trx, row.userId, ride, { kind: 'payment_reminder', detail, now });
  }
}

function needsMinNotice(ride: PaymentRide): boolean {
  return ride.minPassengers !== null && ride.minReachedNotifiedAt === null && passengersStillNeeded(ride) === 0;
}

/**
 * Settles a ride whose row this transaction locked: minimum notice, lock, reminder. Answers the
 * ride as it now is and whether its price locked now.
 */
async function settleRow(
  trx: Transaction<Database>,
  locked: PaymentRide,
  settings: LockSettings,
): Promise<{ ride: PaymentRide; lockedNow: boolean }> {
  let ride = locked;
  const { now } = settings;
  if (ride.status === 'cancelled' || ride.date.getTime() <= now.getTime()) return { ride, lockedNow: false };
  if (needsMinNotice(ride)) {
    await markMinReachedNotified(trx, ride.id, now);
    await notifyAboutRide(trx, [ride.creatorId], ride, 'min_passengers_reached', String(ride.minPassengers));
    ride = { ...ride, minReachedNotifiedAt: now };
  }
  let lockedNow = false;
  if (ride.priceLockedAt === null && isPriceLockDue(ride.date, settings.lockHours, now)) {
    lockedNow = await lockPrice(trx, ride, now);
    if (lockedNow) ride = { ...ride, priceLockedAt: now };
  }
  if (ride.priceLockedAt !== null && isPaymentReminderDue(ride.date, now)) await remindDue(trx, ride, now);
  return { ride, lockedNow };
}

/** Settles one ride under its row lock; answers whether it locked now. */
async function settleLocked(trx: Transaction<Database>, rideId: number, settings: LockSettings): Promise<boolean> {
  const ride = await lockRide(trx, rideId);
  return ride ? (await settleRow(trx, ride, settings)).lockedNow : false;
}

/**
 * For a write on a ride's payments, inside its transaction: locks the ride row, settles what is due
 * on it (as the sweep would) and answers the ride as it now is. NOT_FOUND for an unknown ride.
 */
export async function lockAndSettle(
  trx: Transaction<Database>,
  rideId: number,
  settings: LockSettings,
): Promise<PaymentRide> {
  const ride = await lockRide(trx, rideId);
  if (!ride) throw notFound('ride');
  return (await settleRow(trx, ride, settings)).ride;
}

/**
 * Whether a write's answer must settle the ride first: its price is due to lock. Only writes (and
 * the sweep) settle; a read never does (docs/payments.md#price-lock).
 */
export function priceLockDue(
  ride: { status: string; date: string; priceLockedAt: string | null },
  settings: LockSettings,
): boolean {
  if (ride.priceLockedAt !== null || ride.status === 'cancelled') return false;
  return isPriceLockDue(new Date(ride.date), settings.lockHours, settings.now);
}

/** Settles one ride inside the caller's write transaction, under its row lock. */
export async function settleInTransaction(
  trx: Transaction<Database>,
  rideId: number,
  settings: LockSettings,
): Promise<void> {
  await settleLocked(trx, rideId, settings);
}

/** Where the sweep reports a ride it could not settle. */
export interface PaymentSweepLog {
  error(details: { err: unknown; rideId: number }, message: string): void;
}

/**
 * The sweep's part (run under its advisory lock, on its one connection): every ride with payment
 * work is settled in its own transaction; a ride that fails is rolled back alone and tried again at
 * the next sweep. Answers how many rides locked.
 */
export async function sweepPayments(
  db: Kysely<Database>,
  settings: LockSettings,
  log: PaymentSweepLog,
): Promise<number> {
  const { now, lockHours } = settings;
  const lockBefore = new Date(now.getTime() + lockHours * HOUR_MS);
  const remindBefore = new Date(now.getTime() + PAYMENT_REMINDER_HOURS * HOUR_MS);
  let locked = 0;
  for (const rideId of await listRidesWithPaymentWork(db, now, lockBefore, remindBefore)) {
    try {
      if (await db.transaction().execute((trx) => settleLocked(trx, rideId, settings))) locked += 1;
    } catch (error) {
      log.error({ err: error, rideId }, 'payments could not be settled for a ride; tried again at the next sweep');
    }
  }
  return locked;
}

/**
 * The organiser splits the total again over the party as it now is (docs/payments.md#price-lock):
 * newcomers get a row, and everyone whose amount changed is told. It only ever lowers a rider's
 * share (a paid row that went down owes a refund); the organiser's row takes what is left. Leavers
 * keep their rows until waived.
 */
export async function recalculatePayments(
  db: Kysely<Database>,
  args: { actorId: number; rideId: number; now: Date },
): Promise<RidePayments> {
  return db.transaction().execute(async (trx) => {
    const ride = await lockRide(trx, args.rideId);
    if (!ride) throw notFound('ride');
    if (ride.creatorId !== args.actorId) {
      throw new DomainError('NOT_CREATOR', 'Only the organizer can recalculate the amounts');
    }
    if (ride.priceLockedAt === null) throw new DomainError('PRICE_NOT_LOCKED', 'The price is not locked yet');
    // Rows of entries gone without a `left` mark (from before leavers kept theirs) and never paid go.
    const party = new Set((await partyRiders(trx, ride)).map((entry) => entry.passengerId));
    const stale = (await listPayments(trx, ride.id)).filter(
      (row) => !party.has(row.passengerId) && row.leftAt === null && row.status === 'due',
    );
    await deletePayments(
      trx,
      ride.id,
      stale.map((row) => row.passengerId),
    );
    const changed = await splitLockedRide(trx, ride, { kind: 'settle' }, args.now);
    if (stale.length > 0 && !changed) await publishRideEvent(trx, 'payments.changed', ride.id);
    return paymentsTable(trx, ride, args.actorId);
  });
}
