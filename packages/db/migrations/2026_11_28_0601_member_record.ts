import { sql, type Kysely } from 'kysely';

import { addNotificationKinds, removeNotificationKinds } from './notification-kinds';

const RECORD_KINDS = ['thumb_received'];

// A member's record (docs/record.md):
// - rides.completed_at: when the ride was completed (thumbs are open for 14 days from then). Rides
//   completed before this column existed take their last change as that time.
// - rides.cancelled_late: the organiser cancelled within 24 hours of departure with other riders on
//   it, decided when cancelling (riders may leave a cancelled ride afterwards). Rides cancelled before
//   this column existed are judged by the riders still on them.
// - ride_leaves.late: the leave came within 24 hours of departure. Late leaves stay for the record;
//   the periodic sweep still drops the others after a day.
// - ride_ratings: one thumb per ride, rater and subject, changed in place; `removed_at` set when an
//   administrator removes it (its note goes with it, and it counts no more).
// - thumb_notices: when each member was last told of a new thumb (at most once a day).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('rides').addColumn('completed_at', 'timestamptz').execute();
  await sql`update rides set completed_at = updated_at where status = 'completed'`.execute(db);
  await db.schema
    .alterTable('rides')
    .addColumn('cancelled_late', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`
    update rides r set cancelled_late = true
    where r.status = 'cancelled' and r.cancelled_at > r.date - interval '24 hours'
      and exists (select 1 from ride_passengers p where p.ride_id = r.id and p.user_id <> r.creator_id)`.execute(db);
  await sql`create index rides_cancelled_late_idx on rides (creator_id) where cancelled_late`.execute(db);
  await db.schema
    .alterTable('ride_leaves')
    .addColumn('late', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`create index ride_leaves_late_idx on ride_leaves (user_id) where late`.execute(db);
  await db.schema
    .createTable('ride_ratings')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('ride_id', 'integer', (c) => c.notNull().references('rides.id').onDelete('cascade'))
    .addColumn('rater_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subject_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('value', 'text', (c) => c.notNull().check(sql`value in ('up', 'down')`))
    .addColumn('note', 'text', (c) => c.check(sql`char_length(note) <= 280`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('removed_at', 'timestamptz')
    .addColumn('removed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addCheckConstraint('ride_ratings_not_self', sql`rater_id <> subject_id`)
    .addCheckConstraint('ride_ratings_removed_note', sql`removed_at is null or note is null`)
    .addUniqueConstraint('ride_ratings_one_per_subject', ['ride_id', 'rater_id', 'subject_id'])
    .execute();
  await sql`create index ride_ratings_subject_idx on ride_ratings (subject_id) where removed_at is null`.execute(db);
  await sql`create index ride_ratings_rater_idx on ride_ratings (rater_id)`.execute(db);
  await db.schema
    .createTable('thumb_notices')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('told_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await addNotificationKinds(db, RECORD_KINDS);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await removeNotificationKinds(db, RECORD_KINDS);
  await db.schema.dropTable('thumb_notices').execute();
  await db.schema.dropTable('ride_ratings').execute();
  await db.schema.alterTable('ride_leaves').dropColumn('late').execute();
  await db.schema.alterTable('rides').dropColumn('cancelled_late').execute();
  await db.schema.alterTable('rides').dropColumn('completed_at').execute();
}
