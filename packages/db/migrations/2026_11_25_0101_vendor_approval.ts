import { sql, type Kysely } from 'kysely';

// Vendor accounts are applications an administrator decides (docs/vendors.md).
// - vendor_status: null for members; pending, approved, rejected or suspended for vendors. Every
//   existing vendor starts pending: nobody approved them.
// - Who changed the status last and when, and the reason given with a rejection or suspension.
// - The licence an application carries: the cross-border permit (country, number, expiry) and the
//   vehicle's passenger seats.
// - Notifications about an account (not about a ride) carry no ride direction or departure.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('vendor_status', 'text', (c) =>
      c.check(sql`vendor_status in ('pending', 'approved', 'rejected', 'suspended')`),
    )
    .addColumn('vendor_status_reason', 'text')
    .addColumn('vendor_status_changed_at', 'timestamptz')
    .addColumn('vendor_status_changed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('permit_country', 'text', (c) => c.check(sql`permit_country in ('SG', 'MY')`))
    .addColumn('permit_number', 'text')
    .addColumn('permit_expires_on', 'date')
    .addColumn('vehicle_seats', 'integer', (c) => c.check(sql`vehicle_seats between 1 and 13`))
    .execute();
  await sql`update users set vendor_status = 'pending', vendor_status_changed_at = now() where is_vendor`.execute(db);
  await sql`alter table users add constraint users_vendor_status_role check
    ((is_vendor and vendor_status is not null) or (not is_vendor and vendor_status is null))`.execute(db);
  // A permit is all three parts or none.
  await sql`alter table users add constraint users_permit_complete check
    ((permit_country is null) = (permit_number is null) and (permit_number is null) = (permit_expires_on is null))`.execute(
    db,
  );
  // The applications list: one status, oldest change first.
  await sql`create index users_vendor_status_idx on users (vendor_status, vendor_status_changed_at, id)
    where vendor_status is not null`.execute(db);

  await sql`alter table notifications alter column ride_direction drop not null`.execute(db);
  await sql`alter table notifications alter column ride_date drop not null`.execute(db);
  await sql`alter table notifications drop constraint notifications_kind_check`.execute(db);
  await sql`alter table notifications add constraint notifications_kind_check check (kind in (
    'ride_edited', 'ride_cancelled', 'passenger_removed', 'vendor_assigned', 'vendor_released', 'waitlist_offer',
    'vendor_approved', 'vendor_rejected', 'vendor_suspended'))`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from notifications where ride_direction is null or ride_date is null
    or kind in ('vendor_approved', 'vendor_rejected', 'vendor_suspended')`.execute(db);
  await sql`alter table notifications drop constraint notifications_kind_check`.execute(db);
  await sql`alter table notifications add constraint notifications_kind_check check (kind in (
    'ride_edited', 'ride_cancelled', 'passenger_removed', 'vendor_assigned', 'vendor_released', 'waitlist_offer'))`.execute(
    db,
  );
  await sql`alter table notifications alter column ride_date set not null`.execute(db);
  await sql`alter table notifications alter column ride_direction set not null`.execute(db);
  await sql`drop index if exists users_vendor_status_idx`.execute(db);
  await sql`alter table users drop constraint users_permit_complete`.execute(db);
  await sql`alter table users drop constraint users_vendor_status_role`.execute(db);
  await db.schema
    .alterTable('users')
    .dropColumn('vehicle_seats')
    .dropColumn('permit_expires_on')
    .dropColumn('permit_number')
    .dropColumn('permit_country')
    .dropColumn('vendor_status_changed_by')
    .dropColumn('vendor_status_changed_at')
    .dropColumn('vendor_status_reason')
    .dropColumn('vendor_status')
    .execute();
}
