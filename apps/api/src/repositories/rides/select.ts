import type { Db } from '@rideshare/db';
import type { TripStage } from '@rideshare/domain';
import { sql, type OrderByDirection, type RawBuilder, type SqlBool } from 'kysely';

/** A passenger entry as every ride read carries it (json), for the stops in route order. */
export interface RouteEntryRow {
  id: number;
  dropoffSequence: number | null;
  dropoffLocation: string;
  passengerCount: number;
  latitude: number | null;
  longitude: number | null;
}

/**
 * The select every ride read shares: ride columns plus the organiser's name and username (one
 * join), the seats held by waitlist offers not yet passed on (a subquery on the line's index:
 * still one statement), and the ride's passenger entries (a subquery on the entries' ride index).
 * Not compared with a clock, so a cached list stays right until a write bumps the ride-list
 * version (offers and entries are written under triggers that bump it).
 */
export function selectRideSummaries(db: Db) {
  return db
    .selectFrom('rides')
    .leftJoin('users as creator', 'creator.id', 'rides.creatorId')
    .select([
      'rides.id',
      'rides.creatorId',
      'rides.direction',
      'rides.date',
      'rides.maxPassengers',
      'rides.currentPassengers',
      'rides.pickupLocation',
      'rides.dropoffLocations',
      'rides.status',
      'rides.vendorId',
      'rides.driverContactId',
      'rides.cost',
      'rides.additionalStops',
      'rides.stopPrice',
      'rides.sequenceLocked',
      'rides.cancelReason',
      'rides.cancelledAt',
      'rides.seriesId',
      'rides.minPassengers',
      'rides.priceLockedAt',
      'rides.joinPriceCents',
      'rides.crossing',
      // The newest stage of the trip day (docs/trip-day.md#list): the rides list says how far it got.
      sql<{ stage: TripStage; at: string } | null>`(select json_build_object('stage', s.stage, 'at', s.posted_at)
        from ride_trip_stages s where s.ride_id = rides.id order by s.id desc limit 1)`.as('tripLatest'),
      // Every passenger entry, for the stops in route order (domain `visibleRouteStops`): still one statement.
      sql<RouteEntryRow[]>`(select coalesce(json_agg(json_build_object('id', p.id,
          'dropoffSequence', p.dropoff_sequence, 'dropoffLocation', p.dropoff_location,
          'passengerCount', p.passenger_count, 'latitude', p.latitude, 'longitude', p.longitude) order by p.id), '[]'::json)
        from ride_passengers p where p.ride_id = rides.id)`.as('routeEntries'),
      'creator.name as creatorOwnName',
      'creator.discordUsername as creatorDiscordUsername',
      'creator.discordVerified as creatorDiscordVerified',
      sql<number>`(select coalesce(sum(w.passenger_count), 0)::int from ride_waitlist w
        where w.ride_id = rides.id and w.offer_expires_at is not null)`.as('heldSeats'),
    ]);
}

type RideSummaryQuery = ReturnType<typeof selectRideSummaries>;

/** The order of every ride list: by departure, then by id, so rides leaving together keep one order. */
export function byDeparture(order: OrderByDirection = 'asc') {
  return (query: RideSummaryQuery): RideSummaryQuery => query.orderBy('rides.date', order).orderBy('rides.id', order);
}

/** Rides still to come first, each part soonest first: the order of the My Rides lists (docs/product.md#list-order). */
export function upcomingFirst(now: Date) {
  return (query: RideSummaryQuery): RideSummaryQuery =>
    query.orderBy(sql`(rides.date < ${now})`, 'asc').$call(byDeparture());
}

/**
 * "`userId` has an entry on this ride" as a condition on the `rides` row of the surrounding query
 * (always false without a user): the one form every ride read uses.
 */
export function isPassengerOnRide(userId: number | null): RawBuilder<SqlBool> {
  if (userId === null) return sql<SqlBool>`false`;
  return sql<SqlBool>`exists (select 1 from ride_passengers rp where rp.ride_id = rides.id and rp.user_id = ${userId})`;
}
