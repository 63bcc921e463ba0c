import type { Database, Db } from '@rideshare/db';
import type { CalendarRide, Direction } from '@rideshare/domain';
import { sql, type Transaction } from 'kysely';

import { isPassengerOnRide } from './rides/select';

/**
 * A ride as its calendar event needs it, with the reader's own entry location (null if not on it)
 * and their own locked share in cents (null without a row; docs/payments.md#price-story).
 */
export type CalendarRideRow = CalendarRide & { ownLocation: string | null; ownShareCents: number | null };

/** The most rides one personal feed lists (far beyond what a member travels in a month and more). */
const FEED_LIMIT = 500;

function selectCalendarRides(db: Db, viewerId: number | null) {
  return db.selectFrom('rides').select((eb) => [
    'rides.id',
    'rides.direction',
    'rides.date',
    'rides.status',
    'rides.pickupLocation',
    'rides.currentPassengers',
    'rides.maxPassengers',
    'rides.cost',
    'rides.additionalStops',
    'rides.stopPrice',
    'rides.cancelReason',
    'rides.calendarSequence',
    'rides.priceLockedAt',
    eb
      .selectFrom('ridePayments as pay')
      .select(sql<number>`sum(pay.amount_due_cents)::int`.as('share'))
      .whereRef('pay.rideId', '=', 'rides.id')
      .where('pay.leftAt', 'is', null)
      .where((web) => (viewerId === null ? sql<boolean>`false` : web('pay.userId', '=', viewerId)))
      .as('ownShareCents'),
    eb
      .selectFrom('ridePassengers as own')
      .select('own.dropoffLocation')
      .whereRef('own.rideId', '=', 'rides.id')
      .where((web) => (viewerId === null ? sql<boolean>`false` : web('own.userId', '=', viewerId)))
      .orderBy('own.id')
      .limit(1)
      .as('ownLocation'),
  ]);
}

/** One ride for its calendar file, with `viewerId`'s own entry location (one query); null if unknown. */
export async function findCalendarRide(
  db: Db,
  rideId: number,
  viewerId: number | null,
): Promise<CalendarRideRow | null> {
  const row = await selectCalendarRides(db, viewerId).where('rides.id', '=', rideId).executeTakeFirst();
  return row ?? null;
}

/**
 * The rides of a member's personal feed (one query), soonest first: those they organised, joined
 * or (vendors) were assigned, departing at or after `since`, cancelled ones included.
 */
export async function listCalendarRidesOf(db: Db, userId: number, since: Date): Promise<CalendarRideRow[]> {
  return selectCalendarRides(db, userId)
    .where((eb) =>
      eb.or([eb('rides.creatorId', '=', userId), eb('rides.vendorId', '=', userId), isPassengerOnRide(userId)]),
    )
    .where('rides.date', '>=', since)
    .orderBy('rides.date')
    .orderBy('rides.id')
    .limit(FEED_LIMIT)
    .execute();
}

/**
 * Bumps the ride's calendar SEQUENCE (the caller holds the row lock). With `onlyIfChanged`, only
 * when one of what the event shows differs from the stored ride: call it before writing the edit.
 */
export async function bumpCalendarSequence(
  trx: Transaction<Database>,
  rideId: number,
  onlyIfChanged?: { date: Date; direction: Direction; pickupLocation: string },
): Promise<void> {
  let update = trx
    .updateTable('rides')
    .set((eb) => ({ calendarSequence: eb('calendarSequence', '+', 1) }))
    .where('id', '=', rideId);
  if (onlyIfChanged) {
    update = update.where((eb) =>
      eb.or([
        eb('date', '<>', onlyIfChanged.date),
        eb('direction', '<>', onlyIfChanged.direction),
        eb('pickupLocation', '<>', onlyIfChanged.pickupLocation),
      ]),
    );
  }
  await update.execute();
}

/** Whether the user has a feed, and since when (null: none, or no such user). */
export async function findCalendarFeedOf(db: Db, userId: number): Promise<{ createdAt: Date } | null> {
  const row = await db
    .selectFrom('users')
    .select('calendarTokenCreatedAt')
    .where('id', '=', userId)
    .where('calendarTokenHash', 'is not', null)
    .executeTakeFirst();
  return row?.calendarTokenCreatedAt ? { createdAt: row.calendarTokenCreatedAt } : null;
}

/** Stores a new token digest (replacing any old one, whose URL stops working) or, with null, removes it. */
export async function setCalendarTokenHash(
  db: Db,
  userId: number,
  token: { hash: string; createdAt: Date } | null,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ calendarTokenHash: token?.hash ?? null, calendarTokenCreatedAt: token?.createdAt ?? null })
    .where('id', '=', userId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The user whose feed token has this digest (the unique index answers it), or null. */
export async function findUserIdByCalendarTokenHash(db: Db, hash: string): Promise<number | null> {
  const row = await db.selectFrom('users').select('id').where('calendarTokenHash', '=', hash).executeTakeFirst();
  return row?.id ?? null;
}

/** One entry of a ride, as the reader's stop number needs it (docs/product.md#route-order). */
export interface CalendarStopEntry {
  rideId: number;
  id: number;
  userId: number;
  dropoffLocation: string;
  dropoffSequence: number | null;
  latitude: number | null;
  longitude: number | null;
  sequenceLocked: boolean;
}

/** The entries of `rideIds` (one query), to number the reader's stop in each. */
export async function listCalendarStopEntries(db: Db, rideIds: readonly number[]): Promise<CalendarStopEntry[]> {
  if (rideIds.length === 0) return [];
  return db
    .selectFrom('ridePassengers as rp')
    .innerJoin('rides', 'rides.id', 'rp.rideId')
    .select([
      'rp.rideId',
      'rp.id',
      'rp.userId',
      'rp.dropoffLocation',
      'rp.dropoffSequence',
      'rp.latitude',
      'rp.longitude',
      'rides.sequenceLocked',
    ])
    .where('rp.rideId', 'in', [...rideIds])
    .orderBy('rp.id')
    .execute();
}
