import { sql, type Kysely } from 'kysely';

import { addNotificationKinds, removeNotificationKinds } from './notification-kinds';

const TRIP_KINDS = ['trip_stage', 'trip_late', 'trip_no_show'];

// The day of the trip (docs/trip-day.md):
// - rides.crossing: which bridge the ride crosses by ('second-link' unless the organizer names the
//   Causeway); the stage labels read from it.
// - ride_trip_stages: one row per stage reached, at most one per ride and stage; `posted_at` is when
//   it was posted, `posted_by`/`posted_by_role` who posted it. Undo deletes the newest row.
// - ride_late_notices: a rider's "running late" notice, one per ride and rider (a second replaces it).
// - ride_no_shows: a party (ride_passengers row) marked as not showing up; undoing it deletes the row,
//   so the rows standing are the no-shows that held. `user_id` is the rider of that party.
// - ride_trip_shares: links family can follow; only the SHA-256 of the token is kept. Revoking deletes it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('rides')
    .addColumn('crossing', 'text', (c) =>
      c
        .notNull()
        .defaultTo('second-link')
        .check(sql`crossing in ('second-link', 'causeway')`),
    )
    .execute();
  await db.schema
    .createTable('ride_trip_stages')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('ride_id', 'integer', (c) => c.notNull().references('rides.id').onDelete('cascade'))
    .addColumn('stage', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`stage in ('at-pickup', 'departed', 'at-exit-checkpoint', 'cleared-exit-checkpoint', 'at-entry-checkpoint', 'cleared-entry-checkpoint', 'arrived')`,
        ),
    )
    .addColumn('posted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('posted_by_role', 'text', (c) => c.notNull().check(sql`posted_by_role in ('organizer', 'vendor')`))
    .addColumn('posted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('ride_trip_stages_ride_stage_key', ['ride_id', 'stage'])
    .execute();
  // The rides list shows the newest stage ("On the way · cleared Tuas 10:42"): a stage posted or
  // taken back bumps the ride-list version (0001's trigger function), as ride writes do.
  await sql`create trigger ride_trip_stages_bump_version after insert or update or delete on ride_trip_stages
    for each statement execute function bump_rides_version()`.execute(db);
  await db.schema
    .createTable('ride_late_notices')
    .addColumn('ride_id', 'integer', (c) => c.notNull().references('rides.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('minutes', 'integer', (c) => c.notNull().check(sql`minutes in (5, 10, 15, 30)`))
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('ride_late_notices_pkey', ['ride_id', 'user_id'])
    .execute();
  await sql`create index ride_late_notices_user_idx on ride_late_notices (user_id)`.execute(db);
  await db.schema
    .createTable('ride_no_shows')
    .addColumn('ride_id', 'integer', (c) => c.notNull().references('rides.id').onDelete('cascade'))
    .addColumn('passenger_id', 'integer', (c) => c.notNull().references('ride_passengers.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('marked_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('marked_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('ride_no_shows_pkey', ['ride_id', 'passenger_id'])
    .execute();
  await sql`create index ride_no_shows_user_idx on ride_no_shows (user_id)`.execute(db);
  await sql`create index ride_no_shows_passenger_idx on ride_no_shows (passenger_id)`.execute(db);
  await db.schema
    .createTable('ride_trip_shares')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('ride_id', 'integer', (c) => c.notNull().references('rides.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index ride_trip_shares_ride_user_idx on ride_trip_shares (ride_id, user_id)`.execute(db);
  await sql`create index ride_trip_shares_user_idx on ride_trip_shares (user_id)`.execute(db);
  await addNotificationKinds(db, TRIP_KINDS);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await removeNotificationKinds(db, TRIP_KINDS);
  await db.schema.dropTable('ride_trip_shares').execute();
  await db.schema.dropTable('ride_no_shows').execute();
  await db.schema.dropTable('ride_late_notices').execute();
  await sql`drop trigger if exists ride_trip_stages_bump_version on ride_trip_stages`.execute(db);
  await db.schema.dropTable('ride_trip_stages').execute();
  await db.schema.alterTable('rides').dropColumn('crossing').execute();
}
