/**
 * The step every seat, entry, sequence or assignment change shares, after it locked the ride and
 * read its entries (`lockRideWithEntries`, src/services/ride-party.ts): store what follows from the
 * entries. Services
 * call these with their `trx`, never with the pool (the embedded engine serialises transactions,
 * so a query outside the transaction would wait for it forever).
 */
import type { Database } from '@rideshare/db';
import {
  coordinatesOf,
  deriveRideFields,
  type Direction,
  notFound,
  type RideEntry,
  type RideState,
  type SequencedEntry,
  sequenceForNewcomer,
} from '@rideshare/domain';
import type { Transaction } from 'kysely';

import { publishRideEvent } from '../events/publish';
import {
  findPassengerEntry,
  insertPassenger,
  listRideEntries,
  updatePassengerSequences,
  type PassengerEntry,
} from '../repositories/passenger-repository';
import { updateRideDerived, type LockedRide } from '../repositories/ride-repository';
import { askOrganiserToPlace } from './order-notices';
import { splitAfterLateJoin } from './payment-split';
import { partyChanged } from './travel-service';

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

/** Writes only the stop numbers of `after` that differ from `before` (the entries as stored). */
export async function storeChangedSequences(
  trx: Transaction<Database>,
  rideId: number,
  before: readonly SequencedEntry[],
  after: readonly SequencedEntry[],
): Promise<void> {
  const stored = new Map(before.map((entry) => [entry.id, entry.dropoffSequence]));
  const changed = after.filter((entry) => stored.get(entry.id) !== entry.dropoffSequence);
  await updatePassengerSequences(trx, rideId, changed);
}

/**
 * Puts a member on the locked ride as a join does (a direct join, or an accepted waitlist offer):
 * when the stops are already numbered, numbered right after an entry at the same place (one
 * stop, docs/product.md#same-stop) or else next (in a locked order: not placed yet, and the organiser
 * asked to place them); derived fields recomputed, 'seats.changed'
 * announced, and on a locked ride the total split again at once (docs/payments.md#after-the-lock).
 * The caller has checked the rules. Answers the new entry's id.
 */
export async function addRideEntry(
  trx: Transaction<Database>,
  ride: LockedRide,
  entries: readonly RideEntry[],
  entry: {
    userId: number;
    dropoffLocation: string;
    passengerCount: number;
    latitude?: number | null;
    longitude?: number | null;
  },
  now: Date,
): Promise<number> {
  const place = { location: entry.dropoffLocation, coordinates: coordinatesOf(entry) };
  const { sequence, moved } = sequenceForNewcomer(entries, place, { locked: ride.sequenceLocked });
  await storeChangedSequences(trx, ride.id, entries, moved);
  const id = await insertPassenger(trx, {
    rideId: ride.id,
    userId: entry.userId,
    dropoffLocation: entry.dropoffLocation,
    passengerCount: entry.passengerCount,
    dropoffSequence: sequence,
    latitude: entry.latitude ?? null,
    longitude: entry.longitude ?? null,
  });
  await saveDerivedFields(trx, ride);
  await publishRideEvent(trx, 'seats.changed', ride.id);
  await partyChanged(trx, ride, [...entries.map((other) => other.userId), entry.userId]);
  await splitAfterLateJoin(trx, ride.id, now);
  // A new place in a locked order waits for the organiser (docs/product.md#late-joiners).
  if (ride.sequenceLocked && sequence === null) await askOrganiserToPlace(trx, ride, entry.userId);
  return id;
}

/** The entry a write just added, as its answer: read in the write's own transaction. */
export async function readAddedEntry(trx: Transaction<Database>, entryId: number): Promise<PassengerEntry> {
  const entry = await findPassengerEntry(trx, entryId);
  if (!entry) throw notFound('passenger');
  return entry;
}
