import type { Kysely } from 'kysely';

// The organiser's notice of a rider's payment marks (docs/payments.md#mark-notices): per ride and
// rider, the one notice that stands for their marks (gone when the notice goes) and when a mark last
// reached the organiser's phone, so marks fold into one unread notice and push at most once per
// 10 minutes, whatever the method.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('payment_mark_notices')
    .addColumn('ride_id', 'integer', (c) => c.notNull().references('rides.id').onDelete('cascade'))
    .addColumn('rider_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('notification_id', 'integer', (c) => c.references('notifications.id').onDelete('set null'))
    .addColumn('pushed_at', 'timestamptz')
    .addPrimaryKeyConstraint('payment_mark_notices_pkey', ['ride_id', 'rider_id'])
    .execute();
  await db.schema
    .createIndex('payment_mark_notices_notification_idx')
    .on('payment_mark_notices')
    .column('notification_id')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payment_mark_notices').execute();
}
