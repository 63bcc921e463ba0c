import { sql, type Kysely } from 'kysely';

// Money for late changes (docs/payments.md#after-the-lock):
// - ride_payments.refund_due_cents: what the organiser owes back on a row that was paid before its
//   amount went down (0 when nothing; `refunded` sets it back to 0);
// - ride_payments.left_at: the party left after the lock and still owes the row until the organiser
//   waives it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('ride_payments')
    .addColumn('refund_due_cents', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`refund_due_cents >= 0`),
    )
    .addColumn('left_at', 'timestamptz')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('ride_payments').dropColumn('refund_due_cents').dropColumn('left_at').execute();
}
