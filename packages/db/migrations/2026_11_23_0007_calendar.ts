import { sql, type Kysely } from 'kysely';

// Calendar files (GET /api/rides/:id/calendar.ics) and the personal feed (GET /api/calendar/:token.ics).
// - rides.calendar_sequence: the event's SEQUENCE (RFC 5545), bumped in the same transaction as every
//   edit that changes what the event shows (date, direction, pick-up point, cancellation).
// - users.calendar_token_hash: the SHA-256 (hex) of the user's feed token; the token itself is shown
//   once and never stored. Null: no feed. Unique, and the index is the feed's lookup.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('rides')
    .addColumn('calendar_sequence', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`calendar_sequence >= 0`),
    )
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('calendar_token_hash', 'text', (c) => c.unique())
    .addColumn('calendar_token_created_at', 'timestamptz')
    .execute();
  // A token and its creation time come and go together.
  await sql`alter table users add constraint users_calendar_token_created_check
    check ((calendar_token_hash is null) = (calendar_token_created_at is null))`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table users drop constraint users_calendar_token_created_check`.execute(db);
  await db.schema
    .alterTable('users')
    .dropColumn('calendar_token_hash')
    .dropColumn('calendar_token_created_at')
    .execute();
  await db.schema.alterTable('rides').dropColumn('calendar_sequence').execute();
}
