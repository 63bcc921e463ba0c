import { sql, type Kysely } from 'kysely';

const RIDE_KINDS = `'ride_edited', 'ride_cancelled', 'passenger_removed', 'vendor_assigned', 'vendor_released', 'waitlist_offer'`;
/** Kinds about an account, not a ride: a vendor decision (0101) and sign-in guessing (this one). */
const ACCOUNT_KINDS = `'vendor_approved', 'vendor_rejected', 'vendor_suspended', 'sign_in_guessing'`;

// Notifications about the account rather than a ride: 'sign_in_guessing' tells a member that wrong
// passwords for their account from many addresses reached the ceiling across addresses. The ride's
// direction and departure are already nullable (vendor decisions, 0101); this one adds the kind and
// makes every ride kind carry its ride's fields.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table notifications drop constraint notifications_kind_check`.execute(db);
  await sql
    .raw(
      `alter table notifications add constraint notifications_kind_check
    check (kind in (${RIDE_KINDS}, ${ACCOUNT_KINDS}))`,
    )
    .execute(db);
  await sql`alter table notifications alter column ride_direction drop not null`.execute(db);
  await sql`alter table notifications alter column ride_date drop not null`.execute(db);
  await sql
    .raw(
      `alter table notifications add constraint notifications_ride_kind_has_ride
    check (kind in (${ACCOUNT_KINDS}) or (ride_direction is not null and ride_date is not null))`,
    )
    .execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from notifications where kind = 'sign_in_guessing'`.execute(db);
  await sql`alter table notifications drop constraint notifications_ride_kind_has_ride`.execute(db);
  await sql`alter table notifications drop constraint notifications_kind_check`.execute(db);
  await sql
    .raw(
      `alter table notifications add constraint notifications_kind_check
    check (kind in (${RIDE_KINDS}, 'vendor_approved', 'vendor_rejected', 'vendor_suspended'))`,
    )
    .execute(db);
}
