import { sql, type Kysely } from 'kysely';

// The ledger of a locked ride (docs/payments.md#ledger):
// - ride_payments.paid_cents: what the party has paid, net of refunds given back (0 while due);
// - ride_payments.top_up_due_cents: still owed on top of a payment after the share rose;
// - ride_payments.absorbed_cents: on the organiser's row, what it carries beyond its fair share
//   (a waived leaver's share, a rider's share that may not rise).
// Rows already paid record their share plus any refund still owed as paid.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('ride_payments')
    .addColumn('paid_cents', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`paid_cents >= 0`),
    )
    .addColumn('top_up_due_cents', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`top_up_due_cents >= 0`),
    )
    .addColumn('absorbed_cents', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`absorbed_cents >= 0`),
    )
    .execute();
  await sql`update ride_payments set paid_cents = amount_due_cents + refund_due_cents where status <> 'due'`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('ride_payments')
    .dropColumn('paid_cents')
    .dropColumn('top_up_due_cents')
    .dropColumn('absorbed_cents')
    .execute();
}
