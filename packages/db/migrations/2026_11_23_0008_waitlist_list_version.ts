import { sql, type Kysely } from 'kysely';

// Ride lists show the seats waitlist offers hold (a ride whose free seats are all held reads Full),
// so an offer made, declined, accepted or passed on changes what a list shows: bump the ride-list
// version (app_state.rides_version, see 0001) in the same transaction, as writes to rides and
// ride_passengers already do. Joining the line (an insert, never with an offer) holds nothing.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create trigger ride_waitlist_bump_version after update or delete on ride_waitlist
    for each statement execute function bump_rides_version()`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists ride_waitlist_bump_version on ride_waitlist`.execute(db);
}
