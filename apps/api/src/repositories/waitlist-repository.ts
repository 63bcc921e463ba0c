import type { Database, Db } from '@rideshare/db';
import type { WaitlistEntry } from '@rideshare/domain';
import type { Transaction } from 'kysely';

/** A waiting group as the write steps read it (under the ride's lock). */
export interface WaitlistRow extends WaitlistEntry {
  dropoffLocation: string;
  latitude: number | null;
  longitude: number | null;
}

/** A ride's waitlist in queue order; call after locking the ride. */
export async function listWaitlist(trx: Transaction<Database>, rideId: number): Promise<WaitlistRow[]> {
  return trx
    .selectFrom('rideWaitlist')
    .select(['id', 'userId', 'dropoffLocation', 'passengerCount', 'offerExpiresAt', 'latitude', 'longitude'])
    .where('rideId', '=', rideId)
    .orderBy('id', 'asc')
    .execute();
}

export interface NewWaitlistEntry {
  rideId: number;
  userId: number;
  dropoffLocation: string;
  passengerCount: number;
  latitude: number | null;
  longitude: number | null;
}

export async function insertWaitlistEntry(trx: Transaction<Database>, entry: NewWaitlistEntry): Promise<number> {
  const row = await trx.insertInto('rideWaitlist').values(entry).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteWaitlistEntries(trx: Transaction<Database>, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await trx.deleteFrom('rideWaitlist').where('id', 'in', ids).execute();
}

/** Gives these waiting groups an offer lapsing at `expiresAt` (one statement). */
export async function setWaitlistOffers(
  trx: Transaction<Database>,
  ids: readonly number[],
  expiresAt: Date,
): Promise<void> {
  if (ids.length === 0) return;
  await trx.updateTable('rideWaitlist').set({ offerExpiresAt: expiresAt }).where('id', 'in', ids).execute();
}

/** The rides holding an offer that has lapsed by `now`, in id order (the sweep's work list). */
export async function listRidesWithLapsedOffers(db: Db, now: Date): Promise<number[]> {
  const rows = await db
    .selectFrom('rideWaitlist')
    .select('rideId')
    .distinct()
    .where('offerExpiresAt', '<=', now)
    .orderBy('rideId', 'asc')
    .execute();
  return rows.map((row) => row.rideId);
}
