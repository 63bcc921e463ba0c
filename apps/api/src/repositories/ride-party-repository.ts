/**
 * The ride row lock and who is in a ride's party, as statements (docs/architecture.md#ride-party).
 * The service side (src/services/ride-party.ts) decides; this only queries.
 */
import type { Database, Db } from '@rideshare/db';
import { sql, type Transaction } from 'kysely';

import type { ChatRide } from './message-repository';
import type { PaymentRide } from './payment-repository';
import type { LockedRide } from './rides/writes';

/**
 * The ride as every write reads it under its lock: what the seat, entry, sequence and assignment
 * rules read, what the payment rules read and what the chat and trip rules read, in one row.
 */
export interface PartyRide extends LockedRide, PaymentRide, Omit<ChatRide, 'status'> {}

const PARTY_RIDE_COLUMNS = [
  'id',
  'creatorId',
  'direction',
  'date',
  'maxPassengers',
  'currentPassengers',
  'status',
  'vendorId',
  'sequenceLocked',
  'cancelledLate',
  'completedAt',
  'cost',
  'additionalStops',
  'stopPrice',
  'minPassengers',
  'priceLockedAt',
  'minReachedNotifiedAt',
  'cancelledAt',
  'crossing',
] as const;

/**
 * Locks the ride row until the transaction ends with `SELECT … FOR UPDATE` (why this mode:
 * docs/architecture.md#ride-party), answering the ride; null when there is none.
 */
export async function lockRideRow(trx: Transaction<Database>, rideId: number): Promise<PartyRide | null> {
  const row = await trx
    .selectFrom('rides')
    .select(PARTY_RIDE_COLUMNS)
    .where('id', '=', rideId)
    .forUpdate()
    .executeTakeFirst();
  return row ?? null;
}

/** The same ride row without a lock (a read's view of it); null when there is none. */
export async function findPartyRide(db: Db, rideId: number): Promise<PartyRide | null> {
  const row = await db.selectFrom('rides').select(PARTY_RIDE_COLUMNS).where('id', '=', rideId).executeTakeFirst();
  return row ?? null;
}

/** A rider on the ride (one passenger entry): the organiser's first, then in the order they joined. */
export interface PartyRider {
  passengerId: number;
  userId: number;
  seats: number;
}

/** The ride's passenger entries, the organiser's first, then in the order they joined. */
export async function listPartyRiders(db: Db, ride: { id: number; creatorId: number }): Promise<PartyRider[]> {
  return db
    .selectFrom('ridePassengers')
    .select(['id as passengerId', 'userId', 'passengerCount as seats'])
    .where('rideId', '=', ride.id)
    .orderBy(sql`(user_id = ${ride.creatorId})`, 'desc')
    .orderBy('id')
    .execute();
}

/** Whether the member has an entry (is a rider) on the ride. */
export async function hasEntryOn(db: Db, rideId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('ridePassengers')
    .select('id')
    .where('rideId', '=', rideId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the member is a vendor whose account is approved now. */
export async function isApprovedVendor(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('isVendor', '=', true)
    .where('vendorStatus', '=', 'approved')
    .executeTakeFirst();
  return row !== undefined;
}
