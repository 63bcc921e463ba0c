import type { Database, Db } from '@rideshare/db';
import {
  searchWords,
  type Direction,
  type DirectionFilter,
  type RideAudience,
  type RideListFilters,
} from '@rideshare/domain';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type RawBuilder, type SqlBool } from 'kysely';

import { byDeparture, isPassengerOnRide, selectRideSummaries, upcomingFirst } from './select';
import { toRideSummary, type RideSummary } from './wire';

/** `LIKE` treats `%`, `_` and the escape character as patterns: a search means them literally. */
function likeLiteral(word: string): string {
  return word.replace(/[\\%_]/gu, (char) => `\\${char}`);
}

/**
 * A search as one condition on the ride table under `alias` (null when blank; docs/product.md#search):
 * every word must appear in the ride's folded search text for `audience`, the column a trigram
 * index covers (migration 2026_12_07_0601). The word is folded by the same function as the text.
 */
export function searchCondition(q: string, audience: RideAudience, alias: string): RawBuilder<SqlBool> | null {
  const words = searchWords(q);
  if (words.length === 0) return null;
  const column = sql.ref(`${alias}.${audience === 'member' ? 'search_member' : 'search_public'}`);
  return sql<SqlBool>`(${sql.join(
    words.map((word) => sql`${column} like '%' || ride_search_fold(${likeLiteral(word)}) || '%'`),
    sql` and `,
  )})`;
}

/** Every ride matching `q` (all when blank), soonest first, as `audience` sees it (one query). */
export async function listSearchedRides(db: Db, audience: RideAudience, q: string): Promise<RideSummary[]> {
  const search = searchCondition(q, audience, 'rides');
  const rows = await selectRideSummaries(db)
    .$if(search !== null, (query) => query.where(() => search ?? sql<SqlBool>`true`))
    .$call(byDeparture())
    .execute();
  return rows.map((row) => toRideSummary(row, audience));
}

/** Every ride, soonest first, as `audience` sees it: the documented GET /api/rides answer (one query). */
async function listAllRides(db: Db, audience: RideAudience): Promise<RideSummary[]> {
  const rows = await selectRideSummaries(db).$call(byDeparture()).execute();
  return rows.map((row) => toRideSummary(row, audience));
}

/**
 * The ride-list version: database triggers bump `app_state.rides_version` in the same transaction
 * as any write that changes what a ride list shows (rides, passenger entries, organiser names), so
 * an answer built at version v is current for as long as this still reads v, on every instance.
 */
export async function readRidesVersion(db: Db): Promise<number> {
  const row = await db.selectFrom('appState').select('ridesVersion').where('id', '=', 1).executeTakeFirstOrThrow();
  return Number(row.ridesVersion);
}

/**
 * Every ride as `audience` sees it together with the ride-list version they belong to, read in one
 * repeatable-read snapshot so the version names exactly these rows (the ride-list cache's entry).
 */
export async function readRideListSnapshot(
  db: Kysely<Database>,
  audience: RideAudience,
): Promise<{ version: number; rides: RideSummary[] }> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => ({ version: await readRidesVersion(trx), rides: await listAllRides(trx, audience) }));
}

export interface RideListQuery {
  filters: RideListFilters;
  page: number;
  pageSize: number;
  now: Date;
  /** The next-7-days window "this week" means (domain `weekWindow`). */
  week: { start: Date; end: Date };
  audience: RideAudience;
}

export interface RideListPageRows {
  items: RideSummary[];
  total: number;
  /**
   * The earliest departure at or after `now` among the matching rides (null when none): until then
   * no matching ride turns past, so only a write or the end of the week window can change the
   * answer (the ride list cache keeps it until the first of those).
   */
  nextDeparture: Date | null;
  /**
   * 'thisWeek' only: the earliest departure of a ride that matches the direction but lies beyond
   * the window (null when none, and for other filters): the window slides over it 7 days before.
   */
  nextWindowEntry: Date | null;
}

/** The list filters as one WHERE condition on `rides` (shared by the page and its count). */
function listFilterCondition(query: RideListQuery) {
  return (eb: ExpressionBuilder<Database, 'rides'>) => {
    const conditions: Expression<SqlBool>[] = [];
    const direction: DirectionFilter = query.filters.direction;
    if (direction !== 'all') conditions.push(eb('rides.direction', '=', direction));
    if (query.filters.time === 'upcoming') conditions.push(eb('rides.date', '>=', query.now));
    if (query.filters.time === 'thisWeek') {
      conditions.push(eb('rides.date', '>=', query.week.start), eb('rides.date', '<', query.week.end));
    }
    const search = searchCondition(query.filters.q, query.audience, 'rides');
    if (search) conditions.push(search);
    return eb.and(conditions);
  };
}

/**
 * One page of the filtered ride list, ordered as the list shows it: rides still to come before past
 * ones, then by date (ascending or descending) and id. Two queries whatever the number of rides:
 * the page, and the total with the next departure.
 */
export async function listRidesPage(db: Db, query: RideListQuery): Promise<RideListPageRows> {
  const direction = query.filters.sort === 'dateDesc' ? 'desc' : 'asc';
  let page = selectRideSummaries(db).where(listFilterCondition(query));
  // 'upcoming' (the default) holds no past ride, so the "still to come first" key would be the
  // same for every row: leaving it out lets Postgres walk the (date, id) index and stop after one
  // page, instead of sorting every ride ahead (bench: 16 ms → 0.3 ms at 10,000 rides).
  if (query.filters.time !== 'upcoming') page = page.orderBy(sql`(rides.date < ${query.now})`, 'asc');
  // The page and the count are independent reads: run side by side, the answer waits for one
  // round trip instead of two.
  const [rows, count] = await Promise.all([
    page
      .$call(byDeparture(direction))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    db
      .selectFrom('rides')
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn.min<Date | null>('rides.date').filterWhere('rides.date', '>=', query.now).as('nextDeparture'),
        nextWindowEntry(query).as('nextWindowEntry'),
      ])
      .where(listFilterCondition(query))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((row) => toRideSummary(row, query.audience)),
    total: Number(count.total),
    nextDeparture: count.nextDeparture ?? null,
    nextWindowEntry: count.nextWindowEntry ? new Date(count.nextWindowEntry) : null,
  };
}

/**
 * The first ride of the list's direction departing at or after the "this week" window's end, as a
 * subquery of the count (still one statement); always null for the other time filters.
 */
function nextWindowEntry(query: RideListQuery) {
  if (query.filters.time !== 'thisWeek') return sql<Date | null>`null::timestamptz`;
  const direction: DirectionFilter = query.filters.direction;
  const sameDirection = direction === 'all' ? sql`true` : sql`r.direction = ${direction}`;
  const sameSearch = searchCondition(query.filters.q, query.audience, 'r') ?? sql`true`;
  return sql<Date | null>`(select min(r.date) from rides r where r.date >= ${query.week.end} and ${sameDirection} and ${sameSearch})`;
}

/** Rides the user joined as a passenger but did not organise, soonest first, with their trips (one query). */
export async function listRidesJoinedBy(
  db: Db,
  userId: number,
  now: Date,
  audience: RideAudience,
): Promise<RideSummary[]> {
  const rows = await selectRideSummaries(db)
    .where(isPassengerOnRide(userId))
    .where('rides.creatorId', '<>', userId)
    .$call(upcomingFirst(now))
    .execute();
  return rows.map((row) => toRideSummary(row, audience, true));
}

/** Rides the user organised, those still to come first, each part soonest first, with their trips (one query). */
export async function listRidesOrganizedBy(
  db: Db,
  userId: number,
  now: Date,
  audience: RideAudience,
): Promise<RideSummary[]> {
  const rows = await selectRideSummaries(db).where('rides.creatorId', '=', userId).$call(upcomingFirst(now)).execute();
  return rows.map((row) => toRideSummary(row, audience, true));
}

/** Rides assigned to a vendor, soonest first, with their trips (one query). */
export async function listRidesAssignedTo(db: Db, vendorId: number, audience: RideAudience): Promise<RideSummary[]> {
  const rows = await selectRideSummaries(db).where('rides.vendorId', '=', vendorId).$call(byDeparture()).execute();
  return rows.map((row) => toRideSummary(row, audience, true));
}

/** Open rides that have not departed yet, soonest first: what a vendor may take (one query). */
export async function listOpenFutureRides(
  db: Db,
  now: Date,
  audience: RideAudience,
  directions?: readonly Direction[],
): Promise<RideSummary[]> {
  if (directions?.length === 0) return [];
  const rows = await selectRideSummaries(db)
    .where('rides.status', '=', 'open')
    .where('rides.date', '>=', now)
    .$if(directions !== undefined, (query) => query.where('rides.direction', 'in', [...(directions ?? [])]))
    .$call(byDeparture())
    .execute();
  return rows.map((row) => toRideSummary(row, audience));
}

/** Open rides not yet departed in each of `directions` (zero counts included; one query). */
export async function countOpenFutureRides(
  db: Db,
  now: Date,
  directions: readonly Direction[],
): Promise<{ direction: Direction; count: number }[]> {
  if (directions.length === 0) return [];
  const rows = await db
    .selectFrom('rides')
    .select((eb) => ['rides.direction', eb.fn.countAll<number>().as('count')])
    .where('rides.status', '=', 'open')
    .where('rides.date', '>=', now)
    .where('rides.direction', 'in', [...directions])
    .groupBy('rides.direction')
    .execute();
  return directions.map((direction) => ({
    direction,
    count: Number(rows.find((row) => row.direction === direction)?.count ?? 0),
  }));
}

/** The two home-page counters in one query. */
export async function readStats(db: Db): Promise<{ totalRides: number; totalUsers: number }> {
  const row = await db
    .selectNoFrom([
      (eb) => eb.selectFrom('rides').select(eb.fn.countAll<number>().as('n')).as('totalRides'),
      (eb) => eb.selectFrom('users').select(eb.fn.countAll<number>().as('n')).as('totalUsers'),
    ])
    .executeTakeFirstOrThrow();
  return { totalRides: Number(row.totalRides), totalUsers: Number(row.totalUsers) };
}
