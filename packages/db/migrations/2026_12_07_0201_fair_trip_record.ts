import { type Kysely } from 'kysely';

// A record nobody can bend (docs/record.md, docs/trip-day.md):
// - ride_removals: the organiser taking a rider off a ride, with whether it came within 24 hours of
//   departure (`late`), which counts in the organiser's record beside late cancellations.
// - trip_pushes: when each rider last had a phone notification of one trip kind (a stage, or a
//   no-show) about one ride, so a burst of taps and undos reaches the phone at most once in ten
//   minutes. The notice itself may be replaced or deleted; this row stays for the window.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ride_removals')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('ride_id', 'integer', (c) => c.notNull().references('rides.id').onDelete('cascade'))
    .addColumn('organizer_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('removed_at', 'timestamptz', (c) => c.notNull())
    .addColumn('late', 'boolean', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ride_removals_organizer_idx').on('ride_removals').columns(['organizer_id']).execute();
  await db.schema.createIndex('ride_removals_ride_idx').on('ride_removals').columns(['ride_id']).execute();
  await db.schema
    .createTable('trip_pushes')
    .addColumn('ride_id', 'integer', (c) => c.notNull().references('rides.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('pushed_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('trip_pushes_pkey', ['ride_id', 'user_id', 'kind'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('trip_pushes').execute();
  await db.schema.dropTable('ride_removals').execute();
}
