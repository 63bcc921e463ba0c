import { sql, type Kysely } from 'kysely';

const RIDE_KINDS = `'ride_edited', 'ride_cancelled', 'passenger_removed', 'vendor_assigned', 'vendor_released', 'waitlist_offer'`;
const QUOTE_KINDS = `'quote_received', 'quote_accepted', 'quote_declined', 'ride_price_changed', 'passenger_joined', 'passenger_left'`;
const BORDER_KINDS = `'border_window_open', 'border_evening_before', 'group_qr_outdated'`;
const ACCOUNT_KINDS = `'vendor_approved', 'vendor_rejected', 'vendor_suspended', 'sign_in_guessing'`;
const ALERT_KINDS = `'ride_alert_match'`;

// Ride alerts (docs/alerts.md):
// - ride_alerts: what a member wants to hear of, dates and times in Singapore (times as minutes
//   after midnight, weekdays ISO 1..7, null for any). The index leads with the direction and the
//   window's end, so the one matching statement reads only live alerts of the ride's direction.
// - ride_alert_matches: the member already told of a ride (the alert that matched first), one row
//   per ride and member, so a ride is announced once however often it is edited, and two writes
//   racing on any instances cannot both tell them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ride_alerts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('direction', 'text', (c) => c.notNull().check(sql`direction in ('SG->FC', 'FC->SG')`))
    .addColumn('from_date', 'date', (c) => c.notNull())
    .addColumn('to_date', 'date', (c) => c.notNull())
    .addColumn('weekdays', sql`smallint[]`)
    .addColumn('earliest_minute', 'smallint', (c) => c.check(sql`earliest_minute between 0 and 1439`))
    .addColumn('latest_minute', 'smallint', (c) => c.check(sql`latest_minute between 0 and 1439`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('ride_alerts_window_check', sql`to_date >= from_date`)
    .execute();
  await sql`create index ride_alerts_match_idx on ride_alerts (direction, to_date, from_date)`.execute(db);
  await sql`create index ride_alerts_user_idx on ride_alerts (user_id, to_date)`.execute(db);
  await db.schema
    .createTable('ride_alert_matches')
    .addColumn('ride_id', 'integer', (c) => c.notNull().references('rides.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('alert_id', 'integer', (c) => c.references('ride_alerts.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('ride_alert_matches_pkey', ['ride_id', 'user_id'])
    .execute();
  await sql`create index ride_alert_matches_alert_idx on ride_alert_matches (alert_id)`.execute(db);
  await sql`alter table notifications drop constraint notifications_kind_check`.execute(db);
  await sql
    .raw(
      `alter table notifications add constraint notifications_kind_check
    check (kind in (${RIDE_KINDS}, ${QUOTE_KINDS}, ${BORDER_KINDS}, ${ACCOUNT_KINDS}, ${ALERT_KINDS}))`,
    )
    .execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(`delete from notifications where kind in (${ALERT_KINDS})`).execute(db);
  await sql`alter table notifications drop constraint notifications_kind_check`.execute(db);
  await sql
    .raw(
      `alter table notifications add constraint notifications_kind_check
    check (kind in (${RIDE_KINDS}, ${QUOTE_KINDS}, ${BORDER_KINDS}, ${ACCOUNT_KINDS}))`,
    )
    .execute(db);
  await db.schema.dropTable('ride_alert_matches').execute();
  await db.schema.dropTable('ride_alerts').execute();
}
