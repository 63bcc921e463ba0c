/**
 * What the load scenarios check in the database afterwards: no ride holds more seats than its
 * maximum or disagrees with its entries, and the seats the join-contention rounds left on the hot rides.
 */
import type { Database } from '@rideshare/db';
import { sql, type Kysely } from 'kysely';

/** Rides whose seats taken exceed their maximum, or disagree with their entries (expected: none). */
export async function findOverbookedRides(
  db: Kysely<Database>,
): Promise<{ id: number; currentPassengers: number; maxPassengers: number; entrySeats: number }[]> {
  const result = await sql<{ id: number; currentPassengers: number; maxPassengers: number; entrySeats: number }>`
    select r.id, r.current_passengers as "currentPassengers", r.max_passengers as "maxPassengers",
           coalesce(sum(rp.passenger_count), 0)::int as "entrySeats"
    from rides r left join ride_passengers rp on rp.ride_id = r.id
    group by r.id
    having r.current_passengers > r.max_passengers
        or coalesce(sum(rp.passenger_count), 0) > r.max_passengers
        or coalesce(sum(rp.passenger_count), 0) <> r.current_passengers`.execute(db);
  return result.rows;
}

/** Seats taken on the hot rides after the contention rounds, read from the database. */
export async function hotRideSeats(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<{ id: number; currentPassengers: number; maxPassengers: number; entries: number }[]> {
  if (ids.length === 0) return [];
  const result = await sql<{ id: number; currentPassengers: number; maxPassengers: number; entries: number }>`
    select r.id, r.current_passengers as "currentPassengers", r.max_passengers as "maxPassengers",
           count(rp.id)::int as entries
    from rides r left join ride_passengers rp on rp.ride_id = r.id
    where r.id in (${sql.join(ids)})
    group by r.id
    order by r.id`.execute(db);
  return result.rows;
}
