import { sql, type Kysely } from 'kysely';

// docs/security.md#security (authentication part):
// - `users.is_admin`: the administrator is whoever an operator granted it to (`admin:grant`), not
//   whoever registered first under a configured name. Nobody is admin after this migration.
// - `login_throttle` replaces `login_failures`: one counter row per key (account + address, or
//   address), updated under a per-key advisory lock before the password is checked, so concurrent
//   guesses cannot all slip past the limit.
// - `sessions.last_seen_at`: when a session was last used, for the idle timeout.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('is_admin', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  await db.schema
    .createTable('login_throttle')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_failure_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('login_throttle_failures_check', sql`failures >= 0`)
    .execute();
  await db.schema
    .createIndex('login_throttle_last_failure_idx')
    .on('login_throttle')
    .column('last_failure_at')
    .execute();
  await db.schema.dropTable('login_failures').ifExists().execute();

  await db.schema
    .alterTable('sessions')
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('last_seen_at').execute();

  await db.schema
    .createTable('login_failures')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('login_failures_key_created_idx')
    .on('login_failures')
    .columns(['key', 'created_at'])
    .execute();
  await db.schema.dropTable('login_throttle').ifExists().execute();

  await db.schema.alterTable('users').dropColumn('is_admin').execute();
}
