import { sql, type Kysely } from 'kysely';

// The waitlist of a full ride: members waiting for seats with their location and group size, in
// queue order (the id, taken under the ride's row lock, so it is the order people joined in). A
// row with `offer_expires_at` holds its group's seats until then; a lapsed offer's row is dropped
// when the ride is next acted on or by the periodic sweep (docs/architecture.md#live-events).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ride_waitlist')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('ride_id', 'integer', (c) => c.notNull().references('rides.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // Same shape as ride_passengers.dropoff_location: it becomes the entry's location on accept.
    .addColumn('dropoff_location', 'text', (c) => c.notNull())
    .addColumn('passenger_count', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('offer_expires_at', 'timestamptz')
    .addUniqueConstraint('ride_waitlist_ride_user_key', ['ride_id', 'user_id'])
    .addCheckConstraint('ride_waitlist_count_check', sql`passenger_count between 1 and 10`)
    .addCheckConstraint('ride_waitlist_location_not_blank', sql`length(btrim(dropoff_location)) > 0`)
    .execute();
  // A ride's queue in order; the unique key above serves "is this member waiting".
  await db.schema.createIndex('ride_waitlist_queue_idx').on('ride_waitlist').columns(['ride_id', 'id']).execute();
  // The sweep looks only for offers, which are few.
  await sql`create index ride_waitlist_offer_expires_idx on ride_waitlist (offer_expires_at) where offer_expires_at is not null`.execute(
    db,
  );
  await db.schema.createIndex('ride_waitlist_user_id_idx').on('ride_waitlist').column('user_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ride_waitlist').execute();
}
