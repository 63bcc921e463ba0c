import {
  assertCanEditSequence,
  assertIsCreator,
  findPassengerOfRide,
  moveToSequence,
  renumberSequence,
  sequenceInput,
  type RideEntry,
} from '@rideshare/domain';
import type { Database } from '@rideshare/db';
import type { Transaction } from 'kysely';

import {
  listPassengerEntries,
  updatePassengerSequences,
  type PassengerEntry,
} from '../repositories/passenger-repository';
import { setSequenceLocked } from '../repositories/ride-repository';
import { notFound } from '../trpc/errors';
import { protectedProcedure, router } from '../trpc/init';
import { idInput, lockRideWithEntries, rideIdInput, saveDerivedFields } from './ride-writes';

const setSequenceInput = sequenceInput.extend({ rideId: idInput, passengerId: idInput });

/** Writes only the stop numbers that differ from what is stored. */
async function storeSequences(
  trx: Transaction<Database>,
  rideId: number,
  before: readonly RideEntry[],
  after: readonly RideEntry[],
) {
  const stored = new Map(before.map((entry) => [entry.id, entry.dropoffSequence]));
  const changed = after.filter((entry) => stored.get(entry.id) !== entry.dropoffSequence);
  await updatePassengerSequences(trx, rideId, changed);
}

/** The entries in drop-off order, read inside the transaction that just wrote them. */
async function sortedEntries(trx: Transaction<Database>, rideId: number): Promise<PassengerEntry[]> {
  const entries = await listPassengerEntries(trx, rideId);
  if (!entries) notFound('Ride');
  return entries;
}

/**
 * The drop-off order of FC->SG rides, set by the organiser.
 *
 * "Locked" on the server is the ride's `sequence_locked` flag, set only by `sequence.lock`. The
 * client rule "locked once every passenger has a number" cannot apply here: a single move renumbers
 * every entry 1..n, so after the first move everybody has a number and a second move would be
 * impossible. Clients read `sequenceLocked` from the ride to know whether reordering is still open.
 */
export const sequenceRouter = router({
  /**
   * Moves one passenger to stop `sequence` (1..number of entries) and renumbers every entry of the
   * ride 1..n in the same transaction. Organiser only, FC->SG only, passenger of that ride only,
   * refused once locked. Answers the entries in their new order.
   */
  set: protectedProcedure.input(setSequenceInput).mutation(async ({ ctx, input }): Promise<PassengerEntry[]> => {
    const actorId = ctx.user.id;
    return ctx.db.transaction().execute(async (trx) => {
      const { ride, entries } = await lockRideWithEntries(trx, input.rideId);
      assertIsCreator(ride, actorId, 'change the drop-off sequence');
      assertCanEditSequence({ direction: ride.direction, locked: ride.sequenceLocked, count: entries.length });
      findPassengerOfRide(entries, input.passengerId);
      const moved = moveToSequence(entries, input.passengerId, input.sequence);
      await storeSequences(trx, ride.id, entries, moved);
      // dropoffLocations lists the drop-offs in this order, so it is rebuilt too.
      await saveDerivedFields(trx, ride);
      return sortedEntries(trx, ride.id);
    });
  }),

  /**
   * Locks the drop-off order (organiser only, FC->SG only): entries without a number are numbered
   * after the numbered ones, then no further change is accepted. Locking a locked ride changes
   * nothing and answers the same list.
   */
  lock: protectedProcedure.input(rideIdInput).mutation(async ({ ctx, input }): Promise<PassengerEntry[]> => {
    const actorId = ctx.user.id;
    return ctx.db.transaction().execute(async (trx) => {
      const { ride, entries } = await lockRideWithEntries(trx, input.rideId);
      assertIsCreator(ride, actorId, 'lock the drop-off sequence');
      // `locked: false`: locking again is not a change, so only the direction rule applies here.
      assertCanEditSequence({ direction: ride.direction, locked: false, count: entries.length });
      if (!ride.sequenceLocked) {
        await storeSequences(trx, ride.id, entries, renumberSequence(entries));
        await setSequenceLocked(trx, ride.id, true);
        await saveDerivedFields(trx, ride);
      }
      return sortedEntries(trx, ride.id);
    });
  }),
});
