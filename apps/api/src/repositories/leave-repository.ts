/**
 * Passengers' own leaves of rides (docs/product.md#leaving): the rejoin wait and the daily leave
 * count read them, and the record counts the late ones (docs/record.md#left-late).
 */
import type { Database, Db } from '@rideshare/db';
import { LEAVE_WINDOW_MS } from '@rideshare/domain';
import { sql, type Transaction } from 'kysely';

/** When `userId` last left `rideId` of their own accord, or null. */
export async function lastLeftAt(db: Db, rideId: number, userId: number): Promise<Date | null> {
  const row = await db
    .selectFrom('rideLeaves')
    .select((eb) => eb.fn.max('leftAt').as('leftAt'))
    .where('rideId', '=', rideId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row?.leftAt ? new Date(row.leftAt) : null;
}

/**
 * The member's leaves of the last 24 hours, oldest first, read under a per-member transaction lock
 * so two leaves at once (from any number of API instances) are counted one after the other.
 */
export async function lockRecentLeaves(trx: Transaction<Database>, userId: number, now: Date): Promise<Date[]> {
  await sql`select pg_advisory_xact_lock(hashtext('ride-leaves'), ${userId}::integer)`.execute(trx);
  const rows = await trx
    .selectFrom('rideLeaves')
    .select('leftAt')
    .where('userId', '=', userId)
    .where('leftAt', '>', new Date(now.getTime() - LEAVE_WINDOW_MS))
    .orderBy('leftAt', 'asc')
    .execute();
  return rows.map((row) => row.leftAt);
}

export async function insertLeave(
  trx: Transaction<Database>,
  leave: { rideId: number; userId: number; leftAt: Date; late: boolean },
): Promise<void> {
  await trx.insertInto('rideLeaves').values(leave).execute();
}

/**
 * Drops the leaves that no longer count for anything (older than the 24-hour window); late leaves
 * stay, for the record (docs/record.md#left-late).
 */
export async function deleteOldLeaves(db: Db, now: Date): Promise<void> {
  await db
    .deleteFrom('rideLeaves')
    .where('late', '=', false)
    .where('leftAt', '<=', new Date(now.getTime() - LEAVE_WINDOW_MS))
    .execute();
}

/** How many late leaves a ride has: each keeps it from being deleted (docs/record.md#deleting). */
export async function countLateLeaves(db: Db, rideId: number): Promise<number> {
  const row = await db
    .selectFrom('rideLeaves')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('rideId', '=', rideId)
    .where('late', '=', true)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * Records the organiser taking a rider off a ride; `late` within 24 hours of departure, which
 * counts in the organiser's record (docs/record.md#removed-late).
 */
export async function insertRemoval(
  db: Db,
  row: { rideId: number; organizerId: number; userId: number; removedAt: Date; late: boolean },
): Promise<void> {
  await db.insertInto('rideRemovals').values(row).execute();
}

/** How many riders the organiser took off the ride late (docs/record.md#deleting). */
export async function countLateRemovals(db: Db, rideId: number): Promise<number> {
  const row = await db
    .selectFrom('rideRemovals')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('rideId', '=', rideId)
    .where('late', '=', true)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
