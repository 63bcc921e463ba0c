/**
 * Postgres-level helpers that belong to no one table: advisory locks (one instance at a time, or
 * one request at a time per key, across every API instance) and recognising a unique violation.
 */
import type { Database } from '@rideshare/db';
import { sql, type Kysely, type Transaction } from 'kysely';

/** True for Postgres' unique-violation error (optionally on one named constraint). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; constraint?: unknown };
  return e.code === '23505' && (constraint === undefined || e.constraint === constraint);
}

/**
 * Takes a session-level advisory lock without waiting, on the one connection `conn` is bound to
 * (`db.connection()`): true when that session now holds it, false when another session holds it.
 * It outlives transactions on that connection; release it with {@link releaseAdvisoryLock}.
 */
export async function tryAdvisoryLock(conn: Kysely<Database>, key: number): Promise<boolean> {
  const result = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${key}::bigint) as locked`.execute(conn);
  return result.rows[0]?.locked === true;
}

/** Releases a session-level advisory lock {@link tryAdvisoryLock} took on the same connection. */
export async function releaseAdvisoryLock(conn: Kysely<Database>, key: number): Promise<void> {
  await sql`select pg_advisory_unlock(${key}::bigint)`.execute(conn);
}

/**
 * Takes transaction-scoped advisory locks on text keys within a namespace (the two-integer lock
 * space, so no clash with single-bigint locks), in a fixed order so two callers locking the same
 * keys cannot deadlock. They are held until the transaction ends.
 */
export async function lockKeysForTransaction(
  trx: Transaction<Database>,
  namespace: number,
  keys: readonly string[],
): Promise<void> {
  const sorted = [...new Set(keys)].sort();
  // One statement for any number of keys, none included (a fold may lock one per member told, and
  // a write costs the same statements however many it tells), taken in the inner query's order.
  await sql`select pg_advisory_xact_lock(${namespace}, hashtext(k.key))
    from (select key from unnest(${sorted}::text[]) with ordinality as u(key, place) order by place) k`.execute(trx);
}
