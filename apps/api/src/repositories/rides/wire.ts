import type { RideRow } from '@rideshare/db';
import {
  visibleCreatorName,
  visibleDropoffLocations,
  visibleRouteStops,
  type RideAudience,
  type TripStage,
} from '@rideshare/domain';

import type { z } from 'zod';

import type { rideDetailOutput, rideSummaryOutput } from '../../routers/ride.outputs';
import type { RouteEntryRow } from './select';

/** A ride as every list and detail answer shows it (its schema in routers/ride.outputs.ts says what each field holds). */
export type RideSummary = z.output<typeof rideSummaryOutput>;

/** One ride with its organiser, driver card and waitlist: the ride detail answer. */
export type RideDetail = z.output<typeof rideDetailOutput>;

/** The organiser as a ride's detail shows them; username and numbers are null for the public. */
export type RideCreator = NonNullable<RideDetail['creator']>;

/** A ride's waitlist as a ride detail shows it. */
export type RideWaitlist = RideDetail['waitlist'];

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
