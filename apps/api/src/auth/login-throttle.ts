import type { Database } from '@rideshare/db';
import { sql, type Kysely } from 'kysely';

export interface ThrottleLimits {
  maxPerAccount: number;
  maxPerAddress: number;
  windowMinutes: number;
}

const accountKey = (username: string) => `account:${username.toLowerCase()}`;
const addressKey = (ip: string) => `ip:${ip}`;

/**
 * Failed logins are counted in Postgres (not in process memory) so the limit holds across every API
 * instance. An account is locked after `maxPerAccount` failures in the window, an address after
 * `maxPerAddress` (which also catches one address trying many usernames).
 */
export async function isLoginThrottled(db: Kysely<Database>, username: string, ip: string, limits: ThrottleLimits): Promise<boolean> {
  const since = sql<Date>`now() - make_interval(mins => ${limits.windowMinutes})`;
  const row = await db
    .selectFrom('loginFailures')
    .select([
      sql<number>`count(*) filter (where key = ${accountKey(username)})`.as('account'),
      sql<number>`count(*) filter (where key = ${addressKey(ip)})`.as('address'),
    ])
    .where('key', 'in', [accountKey(username), addressKey(ip)])
    .where('createdAt', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.account) >= limits.maxPerAccount || Number(row.address) >= limits.maxPerAddress;
}

export async function recordLoginFailure(db: Kysely<Database>, username: string, ip: string, limits: ThrottleLimits): Promise<void> {
  await db
    .insertInto('loginFailures')
    .values([{ key: accountKey(username) }, { key: addressKey(ip) }])
    .execute();
  // Keep the table small: anything older than the window no longer counts.
  await db
    .deleteFrom('loginFailures')
    .where('createdAt', '<', sql<Date>`now() - make_interval(mins => ${limits.windowMinutes})`)
    .execute();
}

/** A successful login clears the account's failures (the address keeps its count). */
export async function clearAccountFailures(db: Kysely<Database>, username: string): Promise<void> {
  await db.deleteFrom('loginFailures').where('key', '=', accountKey(username)).execute();
}
