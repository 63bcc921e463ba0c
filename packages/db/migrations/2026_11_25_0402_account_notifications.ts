import { sql, type Kysely } from 'kysely';

const RIDE_KINDS = `'ride_edited', 'ride_cancelled', 'passenger_removed', 'vendor_assigned', 'vendor_released', 'waitlist_offer'`;

// Notifications about the account rather than a ride: 'sign_in_guessing' tells a member that wrong
// passwords for their account from many addresses reached the ceiling across addresses. Such a row
// has no ride, so the ride's direction and departure may be null (ride kinds always carry them).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table notifications drop constraint notifications_kind_check`.execute(db);
  await sql
    .raw(
      `alter table notifications add constraint notifications_kind_check
    check (kind in (${RIDE_KINDS}, 'sign_in_guessing'))`,
    )
    .execute(db);
  await sql`alter table notifications alter column ride_direction drop not null`.execute(db);
  await sql`alter table notifications alter column ride_date drop not null`.execute(db);
  await sql`alter table notifications add constraint notifications_ride_kind_has_ride
    check (kind = 'sign_in_guessing' or (ride_direction is not null and ride_date is not null))`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from notifications where kind = 'sign_in_guessing'`.execute(db);
  await sql`alter table notifications drop constraint notifications_ride_kind_has_ride`.execute(db);
  await sql`alter table notifications alter column ride_direction set not null`.execute(db);
  await sql`alter table notifications alter column ride_date set not null`.execute(db);
  await sql`alter table notifications drop constraint notifications_kind_check`.execute(db);
  await sql
    .raw(`alter table notifications add constraint notifications_kind_check check (kind in (${RIDE_KINDS}))`)
    .execute(db);
}
