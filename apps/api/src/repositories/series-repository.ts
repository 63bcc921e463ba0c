/** Every statement about weekly series (docs/series.md): the series row and its rides. */
import type { Database, Db } from '@rideshare/db';
import type { RideAudience } from '@rideshare/domain';
import { sql, type Transaction } from 'kysely';

import { byDeparture, selectRideSummaries } from './rides/select';
import { toRideSummary } from './rides/wire';
import type { z } from 'zod';
import type { seriesOutput } from '../routers/series.outputs';

/** A series as its answer shows it; dates are 'YYYY-MM-DD', the time 'HH:mm' (Singapore). */
export interface SeriesRow {
  id: number;
  creatorId: number;
  weekdays: number[];
  time: string;
  fromDate: string;
  untilDate: string;
}

export type SeriesAnswer = z.output<typeof seriesOutput>;

/** A ride of a series as a "this and following" change walks them. */
export interface SeriesRideRow {
  id: number;
  date: Date;
  status: string;
}

function selectSeries(db: Db) {
  return db
    .selectFrom('rideSeries')
    .select([
      'id',
      'creatorId',
      'weekdays',
      'time',
      sql<string>`to_char(from_date, 'YYYY-MM-DD')`.as('fromDate'),
      sql<string>`to_char(until_date, 'YYYY-MM-DD')`.as('untilDate'),
    ]);
}

function toSeriesRow(row: SeriesRow): SeriesRow {
  return { ...row, weekdays: row.weekdays.map(Number) };
}

export async function insertSeries(trx: Transaction<Database>, series: Omit<SeriesRow, 'id'>): Promise<number> {
  const row = await trx.insertInto('rideSeries').values(series).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Points the rides at their series (one statement). */
export async function linkRidesToSeries(
  trx: Transaction<Database>,
  seriesId: number,
  rideIds: number[],
): Promise<void> {
  if (rideIds.length === 0) return;
  await trx.updateTable('rides').set({ seriesId }).where('id', 'in', rideIds).execute();
}

/** The series, or null; `forUpdate` locks its row so changes to one series take turns. */
export async function findSeries(db: Db, id: number, options: { forUpdate?: boolean } = {}): Promise<SeriesRow | null> {
  const query = selectSeries(db).where('id', '=', id);
  const row = await (options.forUpdate ? query.forUpdate() : query).executeTakeFirst();
  return row ? toSeriesRow(row) : null;
}

/** The series' rides, soonest first (by the series index). */
export async function listSeriesRideRows(db: Db, seriesId: number): Promise<SeriesRideRow[]> {
  return db
    .selectFrom('rides')
    .select(['id', 'date', 'status'])
    .where('seriesId', '=', seriesId)
    .orderBy('date')
    .orderBy('id')
    .execute();
}

/** What a "this and following" edit keeps of a ride when a field is left out (the organiser's entry aside). */
export async function readRideEditBase(trx: Transaction<Database>, rideId: number) {
  return trx
    .selectFrom('rides')
    .select(['direction', 'date', 'maxPassengers', 'pickupLocation', 'driverContactId', 'cost', 'stopPrice'])
    .where('id', '=', rideId)
    .executeTakeFirstOrThrow();
}

/** The series with its rides, soonest first, as `audience` sees them. */
export async function readSeriesAnswer(db: Db, id: number, audience: RideAudience): Promise<SeriesAnswer | null> {
  const series = await findSeries(db, id);
  if (!series) return null;
  const rows = await selectRideSummaries(db).where('rides.seriesId', '=', id).$call(byDeparture()).execute();
  return { ...series, rides: rows.map((row) => toRideSummary(row, audience)) };
}

/** Orders concurrent series creations by one member (any API instance) for the live-series count. */
export async function lockMemberSeries(trx: Transaction<Database>, creatorId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('series-create'), ${creatorId}::integer)`.execute(trx);
}

/** The member's live series: those with a ride still ahead that is not cancelled (docs/series.md#rate-limit). */
export async function countLiveSeries(db: Db, creatorId: number, now: Date): Promise<number> {
  const row = await db
    .selectFrom('rides')
    .select(sql<number>`count(distinct rides.series_id)::int`.as('live'))
    .where('rides.creatorId', '=', creatorId)
    .where('rides.seriesId', 'is not', null)
    .where('rides.status', '<>', 'cancelled')
    .where('rides.date', '>', now)
    .executeTakeFirstOrThrow();
  return row.live;
}
