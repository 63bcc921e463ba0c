import type { Database, Db } from '@rideshare/db';
import type { Crossing, Direction, DropoffLocation, RideStatus } from '@rideshare/domain';
import type { Transaction } from 'kysely';

/** What the write rules read from a ride they are about to change (locked by src/services/ride-party.ts). */
export interface LockedRide {
  id: number;
  creatorId: number;
  direction: Direction;
  date: Date;
  maxPassengers: number;
  currentPassengers: number;
  status: RideStatus;
  vendorId: number | null;
  sequenceLocked: boolean;
  /** Cancelled late: it stays on the organiser's record (docs/record.md#cancelled-late). */
  cancelledLate: boolean;
  /** When it was completed; null before. */
  completedAt: Date | null;
}

export interface NewRide {
  creatorId: number;
  direction: Direction;
  date: Date;
  maxPassengers: number;
  pickupLocation: string;
  driverContactId: number | null;
  cost: number;
  stopPrice: number;
  /** docs/payments.md#minimum; null: none. */
  minPassengers: number | null;
  /** docs/trip-day.md#crossing. */
  crossing: Crossing;
  /** "Announce on Discord" (docs/announcements.md). */
  announce: boolean;
}

/** Inserts a ride with no passengers yet (its derived fields are set once its entries exist). */
export async function insertRide(trx: Transaction<Database>, ride: NewRide): Promise<number> {
  const row = await trx
    .insertInto('rides')
    .values({ ...ride, currentPassengers: 0, additionalStops: 0, dropoffLocations: '[]' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface RideChanges {
  direction: Direction;
  date: Date;
  maxPassengers: number;
  pickupLocation: string;
  /** undefined leaves the driver contact as it is. */
  driverContactId?: number | null;
  /** undefined leaves the base cost as it is. */
  cost?: number;
  /** undefined leaves the stop price as it is. */
  stopPrice?: number;
  /** undefined leaves the minimum as it is; null clears it (docs/payments.md#minimum). */
  minPassengers?: number | null;
  /** undefined leaves the crossing as it is (docs/trip-day.md#crossing). */
  crossing?: Crossing;
  /** Set when the direction changes: a sequence only means something for FC->SG. */
  sequenceLocked?: boolean;
}

export async function updateRide(trx: Transaction<Database>, id: number, changes: RideChanges): Promise<void> {
  await trx
    .updateTable('rides')
    .set({ ...changes, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();
}

export interface RideDerivedValues {
  currentPassengers: number;
  additionalStops: number;
  dropoffLocations: DropoffLocation[];
}

/** Stores the fields that summarise a ride's entries (computed by the domain from those entries). */
export async function updateRideDerived(
  trx: Transaction<Database>,
  id: number,
  derived: RideDerivedValues,
): Promise<void> {
  await trx
    .updateTable('rides')
    .set({
      currentPassengers: derived.currentPassengers,
      additionalStops: derived.additionalStops,
      dropoffLocations: JSON.stringify(derived.dropoffLocations),
      updatedAt: new Date(),
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteRide(trx: Transaction<Database>, id: number): Promise<void> {
  await trx.deleteFrom('rides').where('id', '=', id).execute();
}

/**
 * open → assigned with the vendor set, and with `cost` (an accepted quote's price) as the new base
 * cost; the caller has locked the row and checked the rules.
 */
export async function assignRideToVendor(
  trx: Transaction<Database>,
  id: number,
  vendorId: number,
  cost?: number,
): Promise<void> {
  await trx
    .updateTable('rides')
    .set({ status: 'assigned', vendorId, ...(cost === undefined ? {} : { cost }), updatedAt: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Any status → cancelled, with the reason and time; the caller has locked the row and checked the rules. */
export async function markRideCancelled(
  trx: Transaction<Database>,
  id: number,
  cancellation: { reason: string; at: Date; late: boolean },
): Promise<void> {
  await trx
    .updateTable('rides')
    .set({
      status: 'cancelled',
      cancelReason: cancellation.reason,
      cancelledAt: cancellation.at,
      cancelledLate: cancellation.late,
      updatedAt: new Date(),
    })
    .where('id', '=', id)
    .execute();
}

/** assigned → open with no vendor; the caller has locked the row and checked the rules. */
export async function unassignRideVendor(trx: Transaction<Database>, id: number): Promise<void> {
  await trx
    .updateTable('rides')
    .set({ status: 'open', vendorId: null, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();
}

/**
 * assigned → completed (the vendor stays), stamped with when (thumbs open for 14 days from then,
 * docs/record.md#thumbs); the caller has locked the row and checked the rules.
 */
export async function markRideCompleted(trx: Transaction<Database>, id: number, at: Date): Promise<void> {
  await trx
    .updateTable('rides')
    .set({ status: 'completed', completedAt: at, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function setSequenceLocked(trx: Transaction<Database>, id: number, locked: boolean): Promise<void> {
  await trx.updateTable('rides').set({ sequenceLocked: locked, updatedAt: new Date() }).where('id', '=', id).execute();
}

export async function driverContactExists(db: Db, id: number): Promise<boolean> {
  const row = await db.selectFrom('driverContacts').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}
