/**
 * What joining a locked ride would cost a group, for the join screen (docs/payments.md#join-price):
 * the ride's total with the group on board (one stop more when their place is new, by the same
 * same-stop rule the join counts stops with) and the share the join's split would then give them.
 * A read: nothing is locked or written.
 */
import type { Database } from '@rideshare/db';
import { deriveRideFields, notFound, toCents, totalCost, type JoinPriceInput, type RideEntry } from '@rideshare/domain';
import type { Kysely } from 'kysely';

import { listRideEntries } from '../repositories/passenger-repository';
import { findPaymentRide } from '../repositories/payment-repository';
import { joinShareOf } from './payment-split';
import type { z } from 'zod';
import type { joinPriceOutput } from '../routers/payment.outputs';

export type JoinPrice = z.output<typeof joinPriceOutput>;

export async function joinPriceOf(db: Kysely<Database>, input: JoinPriceInput & { now: Date }): Promise<JoinPrice> {
  return db.transaction().execute(async (trx) => {
    const ride = await findPaymentRide(trx, input.rideId);
    if (!ride) throw notFound('ride');
    const entries = await listRideEntries(trx, ride.id);
    const place = input.dropoffLocation.trim();
    // The join recounts the stops from the entries with the newcomer's added; so does this.
    const stopsOf = (list: RideEntry[]) => deriveRideFields(ride.direction, ride.creatorId, list).additionalStops;
    const stopsNow = stopsOf(entries);
    const newcomer: RideEntry = {
      id: -1,
      userId: -1,
      dropoffLocation: place,
      dropoffSequence: null,
      passengerCount: input.passengerCount,
      latitude: input.latitude ?? null,
      longitude: input.longitude ?? null,
    };
    const stopsAfter = place === '' ? stopsNow : stopsOf([...entries, newcomer]);
    const totalCents = toCents(totalCost({ ...ride, additionalStops: stopsAfter }));
    const locked = ride.priceLockedAt !== null;
    const seatsLeft = ride.currentPassengers + input.passengerCount <= ride.maxPassengers;
    // Nobody joins a ride that was cancelled, completed or has left (the join refuses them too).
    const open = ride.status !== 'cancelled' && ride.status !== 'completed' && ride.date > input.now;
    const priced = locked && open && seatsLeft;
    const cents = priced ? await joinShareOf(trx, ride, { seats: input.passengerCount, totalCents }, input.now) : null;
    return {
      rideId: ride.id,
      locked,
      amount: cents === null ? null : cents / 100,
      addsStop: stopsAfter > stopsNow,
      total: totalCents / 100,
    };
  });
}
