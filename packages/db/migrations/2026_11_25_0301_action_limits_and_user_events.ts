import { sql, type Kysely } from 'kysely';

// - action_limits counts the per-hour write limits (register, create, join, assign, edits, drop-off
//   order, cancel, mark-read) in the database, so they hold exactly across API instances: one row
//   per limit and key ('user:12', 'ip:…'), a fixed window that starts at the first call after the
//   previous window ended. One atomic upsert per call counts and decides.
// - live_user_events_seq numbers the inbox events (notifications.changed) apart from the public
//   ride events, so gaps in the public ids say nothing about anyone's inbox.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('action_limits')
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('action_limits_pkey', ['bucket', 'key'])
    .execute();
  // The sweep drops windows that have ended.
  await db.schema.createIndex('action_limits_window_start_idx').on('action_limits').column('window_start').execute();
  await sql`create sequence live_user_events_seq`.execute(db);
  // The sweep keeps each inbox to its newest rows and drops old read ones.
  await sql`create index notifications_read_at_idx on notifications (read_at) where read_at is not null`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists notifications_read_at_idx`.execute(db);
  await sql`drop sequence live_user_events_seq`.execute(db);
  await db.schema.dropTable('action_limits').execute();
}
