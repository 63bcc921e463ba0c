import type { RideRow } from '@rideshare/db';
import {
  visibleCreatorName,
  visibleDropoffLocations,
  visibleRouteStops,
  type Crossing,
  type Direction,
  type DriverCard,
  type DropoffLocation,
  type RideAudience,
  type RideStatus,
  type RouteStop,
  type TripStage,
} from '@rideshare/domain';

import type { RouteEntryRow } from './select';

/**
 * A ride as every list and detail answer shows it; dates are ISO strings on the wire. What it
 * holds depends on the audience (domain `visibility`): members get the organiser's Discord
 * username as `creatorName` when no name was given, every passenger's location in
 * `dropoffLocations` and the stops in route order in `routeStops`; the public gets none of them.
 */
export interface RideSummary {
  id: number;
  creatorId: number;
  /** The organiser's name (members: else their Discord username); null when there is none to show. */
  creatorName: string | null;
  /** The shown organiser name is a Discord name proven by signing in with Discord (docs/sign-in.md#verified). */
  creatorVerified: boolean;
  direction: Direction;
  date: string;
  maxPassengers: number;
  currentPassengers: number;
  pickupLocation: string;
  /** Every passenger group's location, the organiser's first (the edit form reads it there). */
  dropoffLocations: DropoffLocation[];
  /**
   * The stops in Singapore in route order (docs/product.md#route-order): by stop number, unnumbered
   * entries last in joining order, one place one stop with its groups added up. Members only; null
   * for the public.
   */
  routeStops: RouteStop[] | null;
  status: RideStatus;
  vendorId: number | null;
  driverContactId: number | null;
  cost: number;
  additionalStops: number;
  /** Price of one additional stop, SGD; total = cost + additionalStops × stopPrice. */
  stopPrice: number;
  sequenceLocked: boolean;
  /** Why the organiser cancelled the ride; null unless `status` is 'cancelled'. */
  cancelReason: string | null;
  /** When the ride was cancelled (ISO); null unless `status` is 'cancelled'. */
  cancelledAt: string | null;
  /** The weekly series the ride belongs to (docs/series.md); null for a ride made on its own. */
  seriesId: number | null;
  /**
   * Seats held by waitlist offers (docs/features.md#waitlist): a newcomer counts them as taken, so a ride
   * whose free seats are all held reads Full. In lists, every offer not yet passed on (a lapsed one
   * until the sweep or the ride's next action passes it on, at most `WAITLIST_SWEEP_SECONDS`); in a
   * ride detail, live offers only, as `waitlist.heldSeats`.
   */
  heldSeats: number;
  /** At least this many on board for the ride to go; null: no minimum (docs/payments.md#minimum). */
  minPassengers: number | null;
  /** When the price locked (ISO); null before (docs/payments.md#price-lock). */
  priceLockedAt: string | null;
  /**
   * After the lock: what one more seat at a stop the ride makes would owe on joining now, SGD, by the
   * split a join makes (docs/payments.md#join-price); null before the lock.
   */
  joinPrice: number | null;
  /** The bridge the ride crosses by (docs/trip-day.md#crossing). */
  crossing: Crossing;
  /**
   * The newest stage of the trip day and when it was posted (ISO); null before any, and always
   * null but for the ride's party in the caller's own lists and ride detail (docs/trip-day.md#list).
   */
  tripLatest: { stage: TripStage; at: string } | null;
}

/** The organiser as a ride's detail shows them; username and numbers are null for the public. */
export interface RideCreator {
  id: number;
  name: string | null;
  discordUsername: string | null;
  /** The username is the organiser's verified Discord name (docs/sign-in.md#verified). */
  discordVerified: boolean;
  whatsappNumber: string | null;
  malaysianNumber: string | null;
}

/**
 * A ride's waitlist as a ride detail shows it: how many groups wait and the seats live offers hold
 * (for everyone; no one's identity), and the viewer's own place in line (null when not waiting,
 * and always for signed-out visitors). Lapsed offers have left the line.
 */
export interface RideWaitlist {
  count: number;
  /** Seats held by live offers: a newcomer counts them as taken. */
  heldSeats: number;
  mine: { position: number; passengerCount: number; offerExpiresAt: string | null } | null;
}

/**
 * One ride with its organiser (docs/product.md#data `creator`; null if the user no longer exists), its
 * driver card (`driver`: null unless a vendor is assigned and the caller is of the ride's party)
 * and its waitlist.
 */
export type RideDetail = RideSummary & {
  creator: RideCreator | null;
  driver: DriverCard | null;
  waitlist: RideWaitlist;
};

/** The viewer's waitlist row as the detail query reads it (jsonb). */
export interface WaitlistMineRow {
  position: number;
  passengerCount: number;
  offerExpiresAt: string | null;
}

export function toRideWaitlist(count: number, held: number, mine: WaitlistMineRow | null): RideWaitlist {
  return {
    count: Number(count),
    heldSeats: Number(held),
    mine: mine
      ? {
          position: Number(mine.position),
          passengerCount: Number(mine.passengerCount),
          offerExpiresAt: mine.offerExpiresAt === null ? null : new Date(mine.offerExpiresAt).toISOString(),
        }
      : null,
  };
}

type RideWithCreator = Pick<
  RideRow,
  | 'id'
  | 'creatorId'
  | 'direction'
  | 'date'
  | 'maxPassengers'
  | 'currentPassengers'
  | 'pickupLocation'
  | 'dropoffLocations'
  | 'status'
  | 'vendorId'
  | 'driverContactId'
  | 'cost'
  | 'additionalStops'
  | 'stopPrice'
  | 'sequenceLocked'
  | 'cancelReason'
  | 'cancelledAt'
  | 'seriesId'
  | 'minPassengers'
  | 'priceLockedAt'
  | 'joinPriceCents'
  | 'crossing'
> & {
  tripLatest: { stage: TripStage; at: string | Date } | null;
  routeEntries: RouteEntryRow[];
  creatorOwnName: string | null;
  creatorDiscordUsername: string | null;
  creatorDiscordVerified: boolean | null;
  heldSeats: number;
};

/**
 * A ride row as `audience` may see it (the domain's visibility rules decide what is left out).
 * `seesTrip`: the caller is of the ride's party (organiser, rider, assigned vendor), so the trip's
 * newest stage is theirs to see; nobody else learns when a ride set off (docs/trip-day.md#list).
 */
export function toRideSummary(row: RideWithCreator, audience: RideAudience, seesTrip = false): RideSummary {
  const creatorName = visibleCreatorName(
    { name: row.creatorOwnName, discordUsername: row.creatorDiscordUsername },
    audience,
  );
  return {
    id: row.id,
    creatorId: row.creatorId,
    creatorName,
    creatorVerified: creatorName !== null && row.creatorDiscordVerified === true,
    direction: row.direction,
    date: row.date.toISOString(),
    maxPassengers: row.maxPassengers,
    currentPassengers: row.currentPassengers,
    pickupLocation: row.pickupLocation,
    dropoffLocations: visibleDropoffLocations(row, audience),
    routeStops: visibleRouteStops(row.routeEntries, audience),
    status: row.status,
    vendorId: row.vendorId,
    driverContactId: row.driverContactId,
    cost: row.cost,
    additionalStops: row.additionalStops,
    stopPrice: row.stopPrice,
    sequenceLocked: row.sequenceLocked,
    cancelReason: row.cancelReason,
    cancelledAt: row.cancelledAt ? row.cancelledAt.toISOString() : null,
    seriesId: row.seriesId,
    heldSeats: Number(row.heldSeats),
    minPassengers: row.minPassengers,
    priceLockedAt: row.priceLockedAt ? row.priceLockedAt.toISOString() : null,
    joinPrice: row.priceLockedAt && row.joinPriceCents !== null ? row.joinPriceCents / 100 : null,
    crossing: row.crossing,
    tripLatest:
      seesTrip && row.tripLatest
        ? { stage: row.tripLatest.stage, at: new Date(row.tripLatest.at).toISOString() }
        : null,
  };
}
