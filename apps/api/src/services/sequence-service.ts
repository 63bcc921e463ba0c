/**
 * The drop-off order of FC->SG rides, set by the organiser, each change in one transaction that
 * locks the ride.
 *
 * "Locked" on the server is the ride's `sequence_locked` flag, set only by locking. The client rule
 * "locked once every passenger has a number" cannot apply here: a single move renumbers every
 * entry 1..n, so after the first move everybody has a number and a second move would be
 * impossible. Clients read `sequenceLocked` from the ride to know whether reordering is still open.
 */
import type { Database } from '@rideshare/db';
import {
  assertCanEditSequence,
  assertCanReorder,
  assertIsCreator,
  findPassengerOfRide,
  keepStopsTogether,
  moveToSequence,
  notFound,
} from '@rideshare/domain';
import type { Kysely, Transaction } from 'kysely';

import { publishRideEvent } from '../events/publish';
import { listPassengerEntries, type PassengerEntry } from '../repositories/passenger-repository';
import { setSequenceLocked } from '../repositories/ride-repository';
import { lockRideWithEntries, saveDerivedFields, storeChangedSequences } from './ride-writes';

/** The entries in drop-off order, read inside the transaction that just wrote them. */
async function sortedEntries(trx: Transaction<Database>, rideId: number): Promise<PassengerEntry[]> {
  const entries = await listPassengerEntries(trx, rideId);
  if (!entries) throw notFound('ride');
  return entries;
}

/**
 * Moves one passenger to stop `sequence` (1..number of entries) and renumbers every entry of the
 * ride 1..n. Organiser only, not on a cancelled ride, FC->SG only, passenger of that ride only,
 * refused once locked.
 * Answers the entries in their new order.
 */
export async function setPassengerSequence(
  db: Kysely<Database>,
  args: { actorId: number; rideId: number; passengerId: number; sequence: number },
): Promise<PassengerEntry[]> {
  return db.transaction().execute(async (trx) => {
    const { ride, entries } = await lockRideWithEntries(trx, args.rideId);
    assertIsCreator(ride, args.actorId, 'change the drop-off sequence');
    assertCanReorder(ride);
    assertCanEditSequence({ direction: ride.direction, locked: ride.sequenceLocked, count: entries.length });
    findPassengerOfRide(entries, args.passengerId);
    await storeChangedSequences(trx, ride.id, entries, moveToSequence(entries, args.passengerId, args.sequence));
    // dropoffLocations lists the drop-offs in this order, so it is rebuilt too.
    await saveDerivedFields(trx, ride);
    await publishRideEvent(trx, 'sequence.changed', ride.id);
    return sortedEntries(trx, ride.id);
  });
}

/**
 * Locks the drop-off order (organiser only, FC->SG only): entries without a number are numbered
 * after the numbered ones, then no further change is accepted. Locking a locked ride changes
 * nothing and answers the same list.
 */
export async function lockSequence(
  db: Kysely<Database>,
  args: { actorId: number; rideId: number },
): Promise<PassengerEntry[]> {
  return db.transaction().execute(async (trx) => {
    const { ride, entries } = await lockRideWithEntries(trx, args.rideId);
    assertIsCreator(ride, args.actorId, 'lock the drop-off sequence');
    assertCanReorder(ride);
    // `locked: false`: locking again is not a change, so only the direction rule applies here.
    assertCanEditSequence({ direction: ride.direction, locked: false, count: entries.length });
    if (!ride.sequenceLocked) {
      // One place, one stop: its entries are locked together (docs/product.md#same-stop).
      await storeChangedSequences(trx, ride.id, entries, keepStopsTogether(entries));
      await setSequenceLocked(trx, ride.id, true);
      await saveDerivedFields(trx, ride);
      await publishRideEvent(trx, 'sequence.changed', ride.id);
    }
    return sortedEntries(trx, ride.id);
  });
}
