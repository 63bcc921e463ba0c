import { sql, type Kysely } from 'kysely';

const RIDE_KINDS = `'ride_edited', 'ride_cancelled', 'passenger_removed', 'vendor_assigned', 'vendor_released', 'waitlist_offer'`;
/** What this migration adds: quotes, price changes and the organiser's joins and leaves, all about a ride. */
const NEW_RIDE_KINDS = `'quote_received', 'quote_accepted', 'quote_declined', 'ride_price_changed', 'passenger_joined', 'passenger_left'`;
const ACCOUNT_KINDS = `'vendor_approved', 'vendor_rejected', 'vendor_suspended', 'sign_in_guessing'`;

// Vendors' quotes on rides (docs/vendors.md#quotes). A quote stays as a row after it stops being
// live, so accepting an old id is answered with what became of it. At most one live quote per
// vendor and ride: the partial unique index holds that even if two writes slipped past the ride's
// row lock. Whole SGD within a ride's base-cost bounds, as the accepted price becomes `rides.cost`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ride_quotes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('ride_id', 'integer', (c) => c.notNull().references('rides.id').onDelete('cascade'))
    .addColumn('vendor_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('live'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('ride_quotes_price_check', sql`price between 1 and 1000`)
    .addCheckConstraint('ride_quotes_note_length_check', sql`note is null or length(note) <= 300`)
    .addCheckConstraint(
      'ride_quotes_status_check',
      sql`status in ('live', 'replaced', 'withdrawn', 'declined', 'accepted')`,
    )
    .execute();
  await sql`create unique index ride_quotes_one_live_idx on ride_quotes (ride_id, vendor_id) where status = 'live'`.execute(
    db,
  );
  // A vendor's live quotes (its dashboard), and the cascade from users.
  await db.schema.createIndex('ride_quotes_vendor_idx').on('ride_quotes').columns(['vendor_id', 'status']).execute();

  await sql`alter table notifications drop constraint notifications_kind_check`.execute(db);
  await sql
    .raw(
      `alter table notifications add constraint notifications_kind_check
    check (kind in (${RIDE_KINDS}, ${NEW_RIDE_KINDS}, ${ACCOUNT_KINDS}))`,
    )
    .execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(`delete from notifications where kind in (${NEW_RIDE_KINDS})`).execute(db);
  await sql`alter table notifications drop constraint notifications_kind_check`.execute(db);
  await sql
    .raw(
      `alter table notifications add constraint notifications_kind_check
    check (kind in (${RIDE_KINDS}, ${ACCOUNT_KINDS}))`,
    )
    .execute(db);
  await db.schema.dropTable('ride_quotes').execute();
}
