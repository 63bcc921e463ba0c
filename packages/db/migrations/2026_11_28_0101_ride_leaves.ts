import { sql, type Kysely } from 'kysely';

// Leaves of a ride by its passengers themselves (docs/product.md#leaving): the last one of a ride
// holds its rejoin back for an hour, and those of the last 24 hours count against the daily leave
// limit. Rows older than a day are dropped by the periodic sweep.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ride_leaves')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('ride_id', 'integer', (c) => c.notNull().references('rides.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('left_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('ride_leaves_user_idx').on('ride_leaves').columns(['user_id', 'left_at']).execute();
  await db.schema.createIndex('ride_leaves_ride_idx').on('ride_leaves').column('ride_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ride_leaves').execute();
}
