/**
 * What every seat, entry, sequence or assignment change shares: find-and-lock the ride inside the
 * caller's transaction, read its entries, and store the derived fields recomputed from them.
 * Procedures call these with their `trx`, never with `ctx.db` (the embedded engine serialises
 * transactions, so a query outside the transaction would wait for it forever).
 */
import type { Database } from '@rideshare/db';
import { deriveRideFields, MAX_ID, type Direction, type RideEntry, type RideState } from '@rideshare/domain';
import type { Transaction } from 'kysely';
import { z } from 'zod';

import { listRideEntries } from '../repositories/passenger-repository';
import { lockRideForUpdate, updateRideDerived, type LockedRide } from '../repositories/ride-repository';
import { notFound } from '../trpc/errors';

/** A row id in a procedure input: a positive whole number that fits a Postgres integer. */
export const idInput = z
  .number({ error: 'Invalid id' })
  .int({ error: 'Invalid id' })
  .positive({ error: 'Invalid id' })
  .max(MAX_ID, { error: 'Invalid id' });

export const rideIdInput = z.object({ rideId: idInput });

/** Locks the ride and reads its entries; an unknown ride is NOT_FOUND 'Ride not found'. */
export async function lockRideWithEntries(
  trx: Transaction<Database>,
  rideId: number,
): Promise<{ ride: LockedRide; entries: RideEntry[] }> {
  const ride = await lockRideForUpdate(trx, rideId);
  if (!ride) notFound('Ride');
  const entries = await listRideEntries(trx, rideId);
  return { ride, entries };
}

/** The ride as the state rules see it, with the seats counted from its entries (the source of truth). */
export function rideStateOf(ride: LockedRide, entries: readonly RideEntry[]): RideState & { direction: Direction } {
  return {
    creatorId: ride.creatorId,
    date: ride.date,
    maxPassengers: ride.maxPassengers,
    currentPassengers: entries.reduce((sum, entry) => sum + entry.passengerCount, 0),
    status: ride.status,
    direction: ride.direction,
  };
}

/** Recomputes currentPassengers, additionalStops and dropoffLocations from the ride's entries now. */
export async function saveDerivedFields(
  trx: Transaction<Database>,
  ride: Pick<LockedRide, 'id' | 'creatorId' | 'direction'>,
): Promise<void> {
  const entries = await listRideEntries(trx, ride.id);
  await updateRideDerived(trx, ride.id, deriveRideFields(ride.direction, ride.creatorId, entries));
}
