/**
 * The route order of a ride (docs/product.md#route-order): the drop-offs of FC->SG rides, the
 * pick-ups of SG->FC rides, set by the organiser, each change in one transaction that locks the ride.
 *
 * "Locked" on the server is the ride's `sequence_locked` flag, set only by locking. The client rule
 * "locked once every passenger has a number" cannot apply here: a single move renumbers every
 * entry 1..n, so after the first move everybody has a number and a second move would be
 * impossible. Clients read `sequenceLocked` from the ride to know whether reordering is still open.
 * A locked order still takes the place of a late joiner not placed yet, once
 * (docs/product.md#late-joiners).
 */
import type { Database } from '@rideshare/db';
import {
  assertCanEditSequence,
  assertCanReorder,
  assertIsCreator,
  findPassengerOfRide,
  isUnplaced,
  keepStopsTogether,
  moveToSequence,
  notFound,
  placeInOrder,
} from '@rideshare/domain';
import type { Kysely, Transaction } from 'kysely';

import { publishRideEvent } from '../events/publish';
import { bumpCalendarSequence } from '../repositories/calendar-repository';
import { listPassengerEntries, type PassengerEntry } from '../repositories/passenger-repository';
import { setSequenceLocked } from '../repositories/ride-repository';
import { tellPartyTheOrder } from './order-notices';
import { lockRideWithEntries } from './ride-party';
import { saveDerivedFields, storeChangedSequences } from './ride-writes';

/** The entries in route order, read inside the transaction that just wrote them. */
async function sortedEntries(trx: Transaction<Database>, rideId: number): Promise<PassengerEntry[]> {
  const entries = await listPassengerEntries(trx, rideId);
  if (!entries) throw notFound('ride');
  return entries;
}

/**
 * Moves one passenger to stop `sequence` and renumbers the ride's entries. Organiser only, not on a
 * cancelled ride, passenger of that ride only. Unlocked: any entry, stops 1..n, everyone renumbered.
 * Locked: only an entry not placed yet, to stops 1..(placed + 1), once; the party is told the new
 * order. Answers the entries in their new order.
 */
export async function setPassengerSequence(
  db: Kysely<Database>,
  args: { actorId: number; rideId: number; passengerId: number; sequence: number },
): Promise<PassengerEntry[]> {
  return db.transaction().execute(async (trx) => {
    const { ride, entries } = await lockRideWithEntries(trx, args.rideId);
    assertIsCreator(ride, args.actorId, 'change the order');
    assertCanReorder(ride);
    const unplaced = entries.some((entry) => entry.id === args.passengerId && isUnplaced(ride.sequenceLocked, entry));
    assertCanEditSequence({ locked: ride.sequenceLocked, unplaced, count: entries.length });
    findPassengerOfRide(entries, args.passengerId);
    const next = ride.sequenceLocked
      ? placeInOrder(entries, args.passengerId, args.sequence)
      : moveToSequence(entries, args.passengerId, args.sequence);
    await storeChangedSequences(trx, ride.id, entries, next);
    // dropoffLocations lists the stops in this order, so it is rebuilt too.
    await saveDerivedFields(trx, ride);
    await publishRideEvent(trx, 'sequence.changed', ride.id);
    if (ride.sequenceLocked) {
      await bumpCalendarSequence(trx, ride.id);
      await tellPartyTheOrder(trx, ride, next, args.actorId);
    }
    return sortedEntries(trx, ride.id);
  });
}

/**
 * Locks the route order (organiser only, either direction): entries without a number are numbered
 * after the numbered ones, then no further change is accepted. Locking a locked ride changes
 * nothing and answers the same list.
 */
export async function lockSequence(
  db: Kysely<Database>,
  args: { actorId: number; rideId: number },
): Promise<PassengerEntry[]> {
  return db.transaction().execute(async (trx) => {
    const { ride, entries } = await lockRideWithEntries(trx, args.rideId);
    assertIsCreator(ride, args.actorId, 'lock the order');
    assertCanReorder(ride);
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
