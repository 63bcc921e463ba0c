import { sql, type Kysely } from 'kysely';

// Ride announcements in a Discord channel (docs/announcements.md):
// - rides.announce: the organiser's "Announce on Discord" (default on).
// - rides.discord_message_id: the id of the ride's message, once posted.
// - ride_announcements: the outbox, one row per announced ride (no foreign key: a deleted ride's
//   row stays until its message is marked over). `version` counts changes, `sent_version` the one
//   the channel shows; a row with version > sent_version is waiting to be sent at `due_at` (null:
//   not yet scheduled, the sender schedules it). `lease_until` holds a claimed row for one sender.
// - discord_webhooks: per configured webhook, when the next call may go (the rate every instance
//   shares, and a 429's retry_after) and whether it answered 401/404 and is disabled.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('rides')
    .addColumn('announce', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('discord_message_id', 'text')
    .execute();
  await db.schema
    .createTable('ride_announcements')
    .addColumn('ride_id', 'integer', (c) => c.primaryKey())
    .addColumn('webhook', 'text')
    .addColumn('message_id', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sent_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('due_at', 'timestamptz')
    .addColumn('lease_until', 'timestamptz')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('over', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('title', 'text')
    .addColumn('content_hash', 'text')
    .execute();
  await sql`create index ride_announcements_pending_idx on ride_announcements (due_at) where version > sent_version`.execute(
    db,
  );
  await db.schema
    .createTable('discord_webhooks')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('url_hash', 'text', (c) => c.notNull())
    .addColumn('next_send_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`'-infinity'`))
    .addColumn('disabled_at', 'timestamptz')
    .addColumn('disabled_status', 'integer')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('discord_webhooks').execute();
  await db.schema.dropTable('ride_announcements').execute();
  await db.schema.alterTable('rides').dropColumn('discord_message_id').dropColumn('announce').execute();
}
