/**
 * Merging two stops into one (docs/product.md#same-stop): the organiser says two places are one,
 * and every entry at the first place takes the second's place (its text and pin). The stops are
 * counted again, so `additionalStops` and the total drop by a stop, and a locked price is split
 * again through the payments' own recalculation; a locked order keeps the place's riders together
 * and tells the party their stop numbers.
 */
import type { Database } from '@rideshare/db';
import {
  assertCanReorder,
  assertIsCreator,
  DomainError,
  findPassengerOfRide,
  keepStopsTogether,
  samePlace,
  type RideEntry,
  type StopPlace,
  coordinatesOf,
} from '@rideshare/domain';
import type { Kysely, Transaction } from 'kysely';

import { publishRideEvent } from '../events/publish';
import { bumpCalendarSequence } from '../repositories/calendar-repository';
import { listPassengerEntries, listRideEntries, type PassengerEntry } from '../repositories/passenger-repository';
import { tellPartyTheOrder } from './order-notices';
import { splitLockedRide } from './payment-split';
import { lockRide, lockRideWithEntries } from './ride-party';
import { saveDerivedFields, storeChangedSequences } from './ride-writes';

const placeOf = (entry: RideEntry): StopPlace => ({
  location: entry.dropoffLocation,
  coordinates: coordinatesOf(entry),
});

/** Writes the place of `into` onto each of `entries` (one statement per entry; a stop has few). */
async function movePlaces(trx: Transaction<Database>, entries: readonly RideEntry[], into: RideEntry): Promise<void> {
  for (const entry of entries) {
    await trx
      .updateTable('ridePassengers')
      .set({
        dropoffLocation: into.dropoffLocation,
        latitude: into.latitude ?? null,
        longitude: into.longitude ?? null,
      })
      .where('id', '=', entry.id)
      .execute();
  }
}

/**
 * Merges the stop of entry `passengerId` into the stop of entry `intoPassengerId` (organiser only,
 * not on a cancelled or past ride's order). Two entries already at one stop are refused
 * (STOPS_ALREADY_ONE). Answers the entries in route order.
 */
export async function mergeStops(
  db: Kysely<Database>,
  args: { actorId: number; rideId: number; passengerId: number; intoPassengerId: number; now: Date },
): Promise<PassengerEntry[]> {
  return db.transaction().execute(async (trx) => {
    const { ride, entries } = await lockRideWithEntries(trx, args.rideId);
    assertIsCreator(ride, args.actorId, 'merge stops');
    assertCanReorder(ride);
    const from = findPassengerOfRide(entries, args.passengerId);
    const into = findPassengerOfRide(entries, args.intoPassengerId);
    if (from.id === into.id || samePlace(placeOf(from), placeOf(into))) {
      throw new DomainError('STOPS_ALREADY_ONE', 'These riders are already at one stop');
    }
    const moving = entries.filter((entry) => samePlace(placeOf(entry), placeOf(from)));
    await movePlaces(trx, moving, into);
    const merged = await listRideEntries(trx, ride.id);
    if (merged.some((entry) => entry.dropoffSequence !== null)) {
      // Numbered riders of one place stay one stop (docs/product.md#same-stop); the unplaced stay so.
      const numbered = merged.filter((entry) => entry.dropoffSequence !== null);
      await storeChangedSequences(trx, ride.id, numbered, keepStopsTogether(numbered));
    }
    await saveDerivedFields(trx, ride);
    const paymentRide = await lockRide(trx, ride.id);
    if (paymentRide && paymentRide.priceLockedAt !== null) {
      // The total dropped by a stop: the ledger splits it again and nobody's share rises (docs/payments.md#ledger).
      await splitLockedRide(trx, paymentRide, { kind: 'settle' }, args.now, 'Two stops merged into one');
    }
    await publishRideEvent(trx, 'sequence.changed', ride.id);
    await publishRideEvent(trx, 'seats.changed', ride.id);
    if (ride.sequenceLocked) {
      await bumpCalendarSequence(trx, ride.id);
      await tellPartyTheOrder(trx, ride, await listRideEntries(trx, ride.id), args.actorId);
    }
    const answer = await listPassengerEntries(trx, ride.id);
    return answer ?? [];
  });
}
