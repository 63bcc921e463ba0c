import { sql, type Kysely } from 'kysely';

// Live updates and the inbox (docs/architecture.md#live-events).
// - live_events_seq numbers every event across all API instances (the SSE id / Last-Event-ID).
// - notifications are rows written in the same transaction as the change that causes them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create sequence live_events_seq`.execute(db);
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`kind in ('ride_edited', 'ride_cancelled', 'passenger_removed', 'vendor_assigned', 'vendor_released', 'waitlist_offer')`,
        ),
    )
    // The ride it is about; kept when the ride goes (deleting is only possible while the organiser
    // is alone, but an old notification must never block it).
    .addColumn('ride_id', 'integer', (c) => c.references('rides.id').onDelete('set null'))
    // The ride's direction and departure when the notification was written, so the text stays true
    // to what happened even after later edits or a deletion.
    .addColumn('ride_direction', 'text', (c) => c.notNull())
    .addColumn('ride_date', 'timestamptz', (c) => c.notNull())
    // Kind-specific words: the cancellation reason, the previous departure of an edit (ISO), etc.
    .addColumn('detail', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('read_at', 'timestamptz')
    .execute();
  // The inbox page (newest first) and the unread count, per user.
  await db.schema
    .createIndex('notifications_user_id_idx')
    .on('notifications')
    .columns(['user_id', 'id desc'])
    .execute();
  await sql`create index notifications_unread_idx on notifications (user_id) where read_at is null`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notifications').execute();
  await sql`drop sequence live_events_seq`.execute(db);
}
