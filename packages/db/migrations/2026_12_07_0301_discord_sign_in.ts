import { sql, type Kysely } from 'kysely';

import {
  addAccountNotificationKinds,
  addNotificationKinds,
  removeAccountNotificationKinds,
  removeNotificationKinds,
} from './notification-kinds';

/**
 * Sign in with Discord (docs/sign-in.md): the Discord account a user is linked to (`discord_id`,
 * unique), the Discord username it last had (`discord_name`), whether the account's username is that
 * verified name (`discord_verified`), and accounts made by Discord hold no password. A claim tells
 * the renamed holder and every administrator (two account notices).
 */
const KINDS = ['discord_name_claimed', 'discord_name_claim'];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('discord_id', 'text')
    .addColumn('discord_name', 'text')
    .addColumn('discord_verified', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
  await db.schema.createIndex('users_discord_id_key').unique().on('users').column('discord_id').execute();
  await sql`alter table users alter column password_hash drop not null`.execute(db);
  // A verified name is always a linked one.
  await sql`alter table users add constraint users_discord_verified_linked check (not discord_verified or discord_id is not null)`.execute(
    db,
  );
  await addNotificationKinds(db, KINDS);
  await addAccountNotificationKinds(db, KINDS);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await removeAccountNotificationKinds(db, KINDS);
  await removeNotificationKinds(db, KINDS);
  await sql`alter table users drop constraint users_discord_verified_linked`.execute(db);
  // Accounts made by Discord have no password to go back to: they are kept with an unusable one.
  await sql`update users set password_hash = '!' where password_hash is null`.execute(db);
  await sql`alter table users alter column password_hash set not null`.execute(db);
  await db.schema.dropIndex('users_discord_id_key').execute();
  await db.schema
    .alterTable('users')
    .dropColumn('discord_verified')
    .dropColumn('discord_name')
    .dropColumn('discord_id')
    .execute();
}
