import { sql, type Kysely } from 'kysely';

import { addNotificationKinds, removeNotificationKinds } from './notification-kinds';

const MESSAGE_KINDS = ['ride_message'];

// The ride chat (docs/messages.md):
// - ride_messages: one row per message, oldest first by id; a deleted one keeps its row (the thread
//   shows "message deleted") but loses its body. `author_role` is what the author was to the ride
//   when they wrote it. The index answers a page of one ride's thread and its unread counts.
// - ride_message_reads: per ride and member, the newest message they have seen and when their phone
//   was last told of new ones (at most once per 10 minutes).
// - ride_message_reports: a member's report of a message, for the administrator; `dismissed_at` set
//   when the administrator leaves the message as it is.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ride_messages')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('ride_id', 'integer', (c) => c.notNull().references('rides.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('author_role', 'text', (c) =>
      c.notNull().check(sql`author_role in ('organizer', 'passenger', 'vendor')`),
    )
    .addColumn('body', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('deleted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addCheckConstraint('ride_messages_body_check', sql`(deleted_at is null) = (body is not null)`)
    .execute();
  await sql`create index ride_messages_ride_idx on ride_messages (ride_id, id)`.execute(db);
  await sql`create index ride_messages_author_idx on ride_messages (author_id)`.execute(db);
  await db.schema
    .createTable('ride_message_reads')
    .addColumn('ride_id', 'integer', (c) => c.notNull().references('rides.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('last_read_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pushed_at', 'timestamptz')
    .addPrimaryKeyConstraint('ride_message_reads_pkey', ['ride_id', 'user_id'])
    .execute();
  await sql`create index ride_message_reads_user_idx on ride_message_reads (user_id)`.execute(db);
  await db.schema
    .createTable('ride_message_reports')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('message_id', 'integer', (c) => c.notNull().references('ride_messages.id').onDelete('cascade'))
    .addColumn('reporter_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('dismissed_at', 'timestamptz')
    .execute();
  await sql`create index ride_message_reports_message_idx on ride_message_reports (message_id)`.execute(db);
  await sql`create index ride_message_reports_open_idx on ride_message_reports (id) where dismissed_at is null`.execute(
    db,
  );
  await addNotificationKinds(db, MESSAGE_KINDS);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await removeNotificationKinds(db, MESSAGE_KINDS);
  await db.schema.dropTable('ride_message_reports').execute();
  await db.schema.dropTable('ride_message_reads').execute();
  await db.schema.dropTable('ride_messages').execute();
}
