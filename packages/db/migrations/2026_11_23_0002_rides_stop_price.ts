import { sql, type Kysely } from 'kysely';

// The organiser sets the price of one additional stop (docs/decisions.md#decisions). Existing rides get the
// spec's SGD 5, so their totals (cost + additionalStops × stopPrice) stay what they were; the base
// cost an organiser may set is SGD 1..1000 from now on, which the input schemas enforce (older rows
// keep the existing `cost >= 0` check).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('rides')
    .addColumn('stop_price', 'integer', (c) => c.notNull().defaultTo(5))
    .execute();
  await db.schema
    .alterTable('rides')
    .addCheckConstraint('rides_stop_price_check', sql`stop_price >= 0 and stop_price <= 100`)
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('rides').dropColumn('stop_price').execute();
}
