import { sql, type Kysely } from 'kysely';

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
// The kind check is rebuilt from the kinds it holds now plus these, so migrations that add kinds
// independently do not undo each other.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function currentKinds(db: Kysely<any>): Promise<string[]> {
  const { rows } = await sql<{ def: string }>`
    select pg_get_constraintdef(oid) as def from pg_constraint
    where conname = 'notifications_kind_check' and conrelid = 'notifications'::regclass`.execute(db);
  const def = rows[0]?.def ?? '';
  return [...def.matchAll(/'([a-z_]+)'/g)].map((match) => match[1] ?? '');
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function setKinds(db: Kysely<any>, kinds: readonly string[]): Promise<void> {
  const list = [...new Set(kinds)].map((kind) => `'${kind}'`).join(', ');
  await sql`alter table notifications drop constraint notifications_kind_check`.execute(db);
  await sql
    .raw(`alter table notifications add constraint notifications_kind_check check (kind in (${list}))`)
    .execute(db);
}

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
  await setKinds(db, [...(await currentKinds(db)), ...PAYMENT_KINDS]);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  const mine = PAYMENT_KINDS.map((kind) => `'${kind}'`).join(', ');
  await sql.raw(`delete from notifications where kind in (${mine})`).execute(db);
  await setKinds(
    db,
    (await currentKinds(db)).filter((kind) => !PAYMENT_KINDS.includes(kind)),
  );
  await db.schema.dropTable('ride_payments').execute();
  await db.schema.alterTable('users').dropColumn('paynow_proxy').execute();
  await db.schema
    .alterTable('rides')
    .dropColumn('min_passengers')
    .dropColumn('price_locked_at')
    .dropColumn('min_reached_notified_at')
    .execute();
}
