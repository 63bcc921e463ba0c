import type { Database } from '@rideshare/db';
import type { AttemptCounter } from '@rideshare/domain';
import { sql, type Kysely, type Transaction } from 'kysely';

import { lockKeysForTransaction } from './postgres';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Advisory-lock namespace of the sign-in counters (the two-integer lock space, so no clash with
 * the migrator's single-bigint lock).
 */
const THROTTLE_LOCK_NAMESPACE = 0x5349; // 'SI'

/**
 * Takes a transaction-scoped advisory lock per key, in a fixed order (so two attempts locking the
 * same keys cannot deadlock): until the transaction ends, nobody else reads or writes these
 * counters, on this instance or any other.
 */
export async function lockThrottleKeys(trx: Transaction<Database>, keys: readonly string[]): Promise<void> {
  await lockKeysForTransaction(trx, THROTTLE_LOCK_NAMESPACE, keys);
}

/** The stored counters of these keys (missing keys have none). */
export async function findThrottleCounters(db: Db, keys: readonly string[]): Promise<Map<string, AttemptCounter>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .selectFrom('loginThrottle')
    .select(['key', 'failures', 'lastFailureAt'])
    .where('key', 'in', [...keys])
    .execute();
  return new Map(rows.map((row) => [row.key, { failures: row.failures, lastFailureAt: row.lastFailureAt }]));
}

export async function saveThrottleCounters(
  db: Db,
  counters: readonly { key: string; counter: AttemptCounter }[],
): Promise<void> {
  if (counters.length === 0) return;
  await db
    .insertInto('loginThrottle')
    .values(
      counters.map(({ key, counter }) => ({ key, failures: counter.failures, lastFailureAt: counter.lastFailureAt })),
    )
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        failures: eb.ref('excluded.failures'),
        lastFailureAt: eb.ref('excluded.lastFailureAt'),
      })),
    )
    .execute();
}

/** Forgets a key's counter entirely (a successful sign-in clears its account-from-address count). */
export async function deleteThrottleCounter(db: Db, key: string): Promise<void> {
  await db.deleteFrom('loginThrottle').where('key', '=', key).execute();
}

/** Takes one counted attempt back (a successful sign-in is not held against its address). */
export async function refundThrottleAttempt(db: Db, key: string): Promise<void> {
  await db
    .updateTable('loginThrottle')
    .set((eb) => ({ failures: sql<number>`greatest(${eb.ref('failures')} - 1, 0)` }))
    .where('key', '=', key)
    .execute();
}

/** Drops counters whose last attempt is older than `before` (they no longer count for anything). */
export async function deleteThrottleCountersBefore(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('loginThrottle').where('lastFailureAt', '<', before).execute();
}
