import { sql, type Kysely } from 'kysely';

import { addNotificationKinds, removeNotificationKinds } from './notification-kinds';

/** The notification kinds this migration adds (docs/payments.md). */
const PAYMENT_KINDS = [
  'min_passengers_reached',
  'price_locked',
  'payment_marked',
  'payment_amount_changed',
  'payment_reminder',
];

// Money that settles (docs/payments.md):
// - rides.min_passengers, rides.price_locked_at (null until the price locks) and
//   rides.min_reached_notified_at (the organiser was told the minimum was reached);
// - users.paynow_proxy: an SG mobile or UEN in normal form, private to its owner;
// - ride_payments: one row per passenger entry once the price locked, keyed by ride and entry so a
//   second lock cannot add a second set. passenger_id has no foreign key on purpose: a party that
//   leaves after the lock keeps its row until the organiser recalculates.
// The kind check keeps the kinds other migrations added (notification-kinds.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('rides')
    .addColumn('min_passengers', 'integer', (c) => c.check(sql`min_passengers >= 1`))
    .addColumn('price_locked_at', 'timestamptz')
    .addColumn('min_reached_notified_at', 'timestamptz')
    .execute();
  await db.schema.alterTable('users').addColumn('paynow_proxy', 'text').execute();
  await db.schema
    .createTable('ride_payments')
    .addColumn('ride_id', 'integer', (c) => c.notNull().references('rides.id').onDelete('cascade'))
    .addColumn('passenger_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('seats', 'integer', (c) => c.notNull().check(sql`seats >= 1`))
    .addColumn('amount_due_cents', 'integer', (c) => c.notNull().check(sql`amount_due_cents >= 0`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('due', 'marked-paid', 'confirmed')`))
    .addColumn('method', 'text', (c) =>
      c.check(sql`method in ('paynow', 'revolut', 'duitnow', 'tng', 'cash', 'other')`),
    )
    .addColumn('marked_at', 'timestamptz')
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('reminded_at', 'timestamptz')
    .addPrimaryKeyConstraint('ride_payments_pkey', ['ride_id', 'passenger_id'])
    .execute();
  await db.schema.createIndex('ride_payments_user').on('ride_payments').column('user_id').execute();
  await addNotificationKinds(db, PAYMENT_KINDS);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await removeNotificationKinds(db, PAYMENT_KINDS);
  await db.schema.dropTable('ride_payments').execute();
  await db.schema.alterTable('users').dropColumn('paynow_proxy').execute();
  await db.schema
    .alterTable('rides')
    .dropColumn('min_passengers')
    .dropColumn('price_locked_at')
    .dropColumn('min_reached_notified_at')
    .execute();
}
