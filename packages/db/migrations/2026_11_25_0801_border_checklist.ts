import { sql, type Kysely } from 'kysely';

const RIDE_KINDS = `'ride_edited', 'ride_cancelled', 'passenger_removed', 'vendor_assigned', 'vendor_released', 'waitlist_offer'`;
// The kinds the quotes migration (2026_11_25_0601) added; this constraint keeps them.
const QUOTE_KINDS = `'quote_received', 'quote_accepted', 'quote_declined', 'ride_price_changed', 'passenger_joined', 'passenger_left'`;
const BORDER_KINDS = `'border_window_open', 'border_evening_before', 'group_qr_outdated'`;
const ACCOUNT_KINDS = `'vendor_approved', 'vendor_rejected', 'vendor_suspended', 'sign_in_guessing'`;

// The border checklist (docs/border.md):
// - travel_profiles: each member's document category and passport expiry, in a table of its own so
//   no query of users can carry it into another answer by accident;
// - checklist_ticks: the self-declared items a rider ticked for a ride;
// - border_reminders_sent: the reminders already sent, one row per rider, ride and kind, so the
//   sweep sends each once even when it runs twice.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('travel_profiles')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('document_category', 'text', (c) =>
      c.notNull().check(sql`document_category in ('sg-citizen', 'sg-resident', 'my-citizen', 'other')`),
    )
    .addColumn('passport_expires_on', 'date')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('checklist_ticks')
    .addColumn('ride_id', 'integer', (c) => c.notNull().references('rides.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('item', 'text', (c) => c.notNull().check(sql`item in ('mdac', 'sg-arrival-card', 'group-qr')`))
    .addColumn('ticked_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('checklist_ticks_pkey', ['ride_id', 'user_id', 'item'])
    .execute();
  await db.schema
    .createTable('border_reminders_sent')
    .addColumn('ride_id', 'integer', (c) => c.notNull().references('rides.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('window-open', 'evening-before')`))
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('border_reminders_sent_pkey', ['ride_id', 'user_id', 'kind'])
    .execute();
  await sql`alter table notifications drop constraint notifications_kind_check`.execute(db);
  await sql
    .raw(
      `alter table notifications add constraint notifications_kind_check
    check (kind in (${RIDE_KINDS}, ${QUOTE_KINDS}, ${BORDER_KINDS}, ${ACCOUNT_KINDS}))`,
    )
    .execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(`delete from notifications where kind in (${BORDER_KINDS})`).execute(db);
  await sql`alter table notifications drop constraint notifications_kind_check`.execute(db);
  await sql
    .raw(
      `alter table notifications add constraint notifications_kind_check check (kind in (${RIDE_KINDS}, ${QUOTE_KINDS}, ${ACCOUNT_KINDS}))`,
    )
    .execute(db);
  await db.schema.dropTable('border_reminders_sent').execute();
  await db.schema.dropTable('checklist_ticks').execute();
  await db.schema.dropTable('travel_profiles').execute();
}
