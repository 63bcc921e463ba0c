import { sql, type Kysely } from 'kysely';

// What one more seat would owe on joining a locked ride now (docs/payments.md#join-price), kept by
// every split of the ride's shares so a list of rides can say it without reading any payment row.
// Null before the lock; a ride that locked before this column existed gets it at its next split.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('rides')
    .addColumn('join_price_cents', 'integer', (c) => c.check(sql`join_price_cents >= 0`))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('rides').dropColumn('join_price_cents').execute();
}
