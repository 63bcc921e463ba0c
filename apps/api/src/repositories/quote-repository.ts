import type { Database, Db } from '@rideshare/db';
import type { QuoteStatus } from '@rideshare/domain';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { quoteOutput } from '../routers/quote.outputs';

/** A quote as its readers get it: the price, the note and who offers it (dates as ISO strings). */
export type QuoteAnswer = z.output<typeof quoteOutput>;

function selectQuotes(db: Db) {
  return db
    .selectFrom('rideQuotes')
    .innerJoin('users', 'users.id', 'rideQuotes.vendorId')
    .select([
      'rideQuotes.id',
      'rideQuotes.rideId',
      'rideQuotes.price',
      'rideQuotes.note',
      'rideQuotes.status',
      'rideQuotes.createdAt',
      'rideQuotes.vendorId',
      'users.companyName',
      'users.vehicleSeats',
      'users.permitCountry',
    ]);
}

type QuoteRow = Awaited<ReturnType<ReturnType<typeof selectQuotes>['execute']>>[number];

function toQuoteAnswer(row: QuoteRow): QuoteAnswer {
  return {
    id: row.id,
    rideId: row.rideId,
    price: row.price,
    note: row.note,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    vendor: {
      id: row.vendorId,
      companyName: row.companyName,
      vehicleSeats: row.vehicleSeats,
      permitCountry: row.permitCountry,
    },
  };
}

/**
 * Live quotes that can still be accepted as far as the ride goes: on an open ride that has not
 * departed by `now`. A ride cancelled or past keeps its quotes `live` in the table (nothing retires
 * them), so every reader filters here.
 */
function liveOnOpenRides(db: Db, now: Date) {
  return selectQuotes(db)
    .innerJoin('rides', 'rides.id', 'rideQuotes.rideId')
    .where('rideQuotes.status', '=', 'live')
    .where('rides.status', '=', 'open')
    .where('rides.date', '>=', now);
}

/**
 * The live quotes of a ride, cheapest first (then the earliest), all of them or only one vendor's;
 * none once the ride is cancelled or past. Quotes of vendors that are not approved now (suspended
 * since) are left out: they cannot be accepted. One statement.
 */
export async function listLiveQuotes(db: Db, rideId: number, now: Date, onlyVendorId?: number): Promise<QuoteAnswer[]> {
  let query = liveOnOpenRides(db, now)
    .where('rideQuotes.rideId', '=', rideId)
    .where('users.vendorStatus', '=', 'approved');
  if (onlyVendorId !== undefined) query = query.where('rideQuotes.vendorId', '=', onlyVendorId);
  const rows = await query.orderBy('rideQuotes.price', 'asc').orderBy('rideQuotes.id', 'asc').execute();
  return rows.map(toQuoteAnswer);
}

/** Who organises a ride (the quote readers' only question of it); null when the id is unknown. */
export async function findRideCreatorId(db: Db, rideId: number): Promise<number | null> {
  const row = await db.selectFrom('rides').select('creatorId').where('id', '=', rideId).executeTakeFirst();
  return row?.creatorId ?? null;
}

/** A vendor's live quotes on every open ride ahead (its dashboard), newest first. One statement. */
export async function listLiveQuotesOfVendor(db: Db, vendorId: number, now: Date): Promise<QuoteAnswer[]> {
  const rows = await liveOnOpenRides(db, now)
    .where('rideQuotes.vendorId', '=', vendorId)
    .orderBy('rideQuotes.id', 'desc')
    .execute();
  return rows.map(toQuoteAnswer);
}

/** One quote as readers get it, whatever its status; null when unknown. */
export async function findQuote(db: Db, quoteId: number): Promise<QuoteAnswer | null> {
  const row = await selectQuotes(db).where('rideQuotes.id', '=', quoteId).executeTakeFirst();
  return row ? toQuoteAnswer(row) : null;
}

/** What the write rules read of a quote they are about to change. */
export interface LockedQuote {
  id: number;
  rideId: number;
  vendorId: number;
  price: number;
  status: QuoteStatus;
}

/**
 * Locks a quote of this ride for a change; null when the id is unknown or names another ride's
 * quote. The caller holds the ride's lock already, so this only guards the row itself.
 */
export async function lockQuoteForUpdate(
  trx: Transaction<Database>,
  rideId: number,
  quoteId: number,
): Promise<LockedQuote | null> {
  const row = await trx
    .selectFrom('rideQuotes')
    .select(['id', 'rideId', 'vendorId', 'price', 'status'])
    .where('id', '=', quoteId)
    .where('rideId', '=', rideId)
    .forUpdate()
    .executeTakeFirst();
  return row ?? null;
}

/** Stores a new live quote; the caller has retired the vendor's previous live one. Answers its id. */
export async function insertQuote(
  trx: Transaction<Database>,
  quote: { rideId: number; vendorId: number; price: number; note: string | null },
): Promise<number> {
  const row = await trx.insertInto('rideQuotes').values(quote).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Moves one quote to `status`. */
export async function setQuoteStatus(trx: Transaction<Database>, quoteId: number, status: QuoteStatus): Promise<void> {
  await trx.updateTable('rideQuotes').set({ status, updatedAt: new Date() }).where('id', '=', quoteId).execute();
}

/**
 * Moves the ride's live quotes (only one vendor's, with `vendorId`) to `status`; answers the
 * vendors whose quotes moved.
 */
export async function retireLiveQuotes(
  trx: Transaction<Database>,
  rideId: number,
  status: Exclude<QuoteStatus, 'live' | 'accepted'>,
  vendorId?: number,
): Promise<number[]> {
  let query = trx
    .updateTable('rideQuotes')
    .set({ status, updatedAt: new Date() })
    .where('rideId', '=', rideId)
    .where('status', '=', 'live');
  if (vendorId !== undefined) query = query.where('vendorId', '=', vendorId);
  const rows = await query.returning('vendorId').execute();
  return rows.map((row) => row.vendorId);
}

/** The ride's prices and stop count (the locked ride row holds neither). */
export async function readRidePrices(
  trx: Transaction<Database>,
  rideId: number,
): Promise<{ cost: number; stopPrice: number; additionalStops: number }> {
  return trx
    .selectFrom('rides')
    .select(['cost', 'stopPrice', 'additionalStops'])
    .where('id', '=', rideId)
    .executeTakeFirstOrThrow();
}
