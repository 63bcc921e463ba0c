/**
 * The Discord link on a user row (docs/sign-in.md#accounts): `discord_id` (unique), the Discord
 * username it last had, and whether the account's username is that verified name.
 */
import type { Db, Database } from '@rideshare/db';
import { sql, type Transaction } from 'kysely';

/** A user row as the Discord rules read it. */
export interface DiscordAccountRow {
  id: number;
  discordUsername: string;
  discordId: string | null;
  discordName: string | null;
  discordVerified: boolean;
  hasPassword: boolean;
}

const accountColumns = [
  'id',
  'discordUsername',
  'discordId',
  'discordName',
  'discordVerified',
  sql<boolean>`password_hash is not null`.as('hasPassword'),
] as const;

/**
 * Serialises every sign-in and link of one Discord account until the transaction ends, so two
 * callbacks for the same member at once cannot both make an account.
 */
export async function lockDiscordId(trx: Transaction<Database>, discordId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('discord-account'), hashtext(${discordId}))`.execute(trx);
}

export async function findAccountByDiscordId(trx: Db, discordId: string): Promise<DiscordAccountRow | null> {
  const row = await trx
    .selectFrom('users')
    .select(accountColumns)
    .where('discordId', '=', discordId)
    .forUpdate()
    .executeTakeFirst();
  return row ?? null;
}

/** The user holding a username (any letter case), locked until the transaction ends. */
export async function findAccountByUsernameForUpdate(trx: Db, username: string): Promise<DiscordAccountRow | null> {
  const row = await trx
    .selectFrom('users')
    .select(accountColumns)
    .where(sql<string>`lower(discord_username)`, '=', username.toLowerCase())
    .forUpdate()
    .executeTakeFirst();
  return row ?? null;
}

export async function findAccountByIdForUpdate(trx: Db, id: number): Promise<DiscordAccountRow | null> {
  const row = await trx.selectFrom('users').select(accountColumns).where('id', '=', id).forUpdate().executeTakeFirst();
  return row ?? null;
}

/**
 * A new account made by a Discord sign-in (no password); null when the username is taken (any
 * case), so the caller can try a stand-in name.
 */
export async function insertDiscordAccount(
  trx: Db,
  account: { discordUsername: string; name: string | null; discordId: string; discordName: string; verified: boolean },
): Promise<number | null> {
  const row = await trx
    .insertInto('users')
    .values({
      discordUsername: account.discordUsername,
      passwordHash: null,
      name: account.name,
      whatsappNumber: null,
      malaysianNumber: null,
      revolutUsername: null,
      companyName: null,
      driverDetails: null,
      discordId: account.discordId,
      discordName: account.discordName,
      discordVerified: account.verified,
    })
    .onConflict((oc) => oc.expression(sql`lower(discord_username)`).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Sets a user's Discord link (and, when given, their username). */
export async function updateDiscordLink(
  trx: Db,
  id: number,
  link: { discordId: string | null; discordName: string | null; discordVerified: boolean; discordUsername?: string },
): Promise<void> {
  await trx
    .updateTable('users')
    .set({ ...link, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Every username, for the look-alike check at sign-up. */
export async function listUsernames(trx: Db): Promise<string[]> {
  const rows = await trx.selectFrom('users').select('discordUsername').execute();
  return rows.map((row) => row.discordUsername);
}
