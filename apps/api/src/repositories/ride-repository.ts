import type { Database, DropoffLocationEntry, RideRow } from '@rideshare/db';
import { sql, type Kysely, type Transaction } from 'kysely';

export type Db = Kysely<Database> | Transaction<Database>;

/** A ride as every list and detail answer shows it; dates are ISO strings on the wire. */
export interface RideSummary {
  id: number;
  creatorId: number;
  /** The organiser's name, or their Discord username when they gave none; null if unknown. */
  creatorName: string | null;
  direction: string;
  date: string;
  maxPassengers: number;
  currentPassengers: number;
  pickupLocation: string;
  dropoffLocations: DropoffLocationEntry[];
  status: string;
  vendorId: number | null;
  driverContactId: number | null;
  cost: number;
  additionalStops: number;
  sequenceLocked: boolean;
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
  | 'sequenceLocked'
> & { creatorName: string | null };

export function toRideSummary(row: RideWithCreator): RideSummary {
  return {
    id: row.id,
    creatorId: row.creatorId,
    creatorName: row.creatorName,
    direction: row.direction,
    date: row.date.toISOString(),
    maxPassengers: row.maxPassengers,
    currentPassengers: row.currentPassengers,
    pickupLocation: row.pickupLocation,
    dropoffLocations: row.dropoffLocations,
    status: row.status,
    vendorId: row.vendorId,
    driverContactId: row.driverContactId,
    cost: row.cost,
    additionalStops: row.additionalStops,
    sequenceLocked: row.sequenceLocked,
  };
}

/** The select every ride read shares: ride columns plus the organiser's display name (one join). */
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
      'rides.sequenceLocked',
      sql<string | null>`coalesce(nullif(btrim(creator.name), ''), creator.discord_username)`.as('creatorName'),
    ]);
}

/** Every ride, soonest first: the documented GET /api/rides answer (one query). */
export async function listAllRides(db: Db): Promise<RideSummary[]> {
  const rows = await selectRideSummaries(db).orderBy('rides.date', 'asc').orderBy('rides.id', 'asc').execute();
  return rows.map(toRideSummary);
}
