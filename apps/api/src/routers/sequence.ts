import { z } from 'zod';
import { idInput, rideIdInput, sequenceInput } from '@rideshare/domain';

import type { PassengerEntry } from '../repositories/passenger-repository';
import { lockSequence, setPassengerSequence } from '../services/sequence-service';
import { mergeStops } from '../services/stop-merge-service';
import { protectedProcedure, rateLimited, router } from '../trpc/init';
import { passengerEntryOutput } from './passenger.outputs';

const setSequenceInput = sequenceInput.extend({ rideId: idInput, passengerId: idInput });
const mergeStopsInput = z.object({ rideId: idInput, passengerId: idInput, intoPassengerId: idInput });

/** Changing the route order has a per-hour limit (RATE_LIMIT_SEQUENCE_PER_HOUR). */
const sequenceProcedure = protectedProcedure.use(rateLimited('sequence'));

/** The route order of a ride, drop-offs or pick-ups, set by the organiser (sequence-service). */
export const sequenceRouter = router({
  /** Moves one passenger to stop `sequence` and renumbers the rest; answers the entries in their new order. */
  set: sequenceProcedure
    .input(setSequenceInput)
    .output(z.array(passengerEntryOutput))
    .mutation(({ ctx, input }): Promise<PassengerEntry[]> =>
      setPassengerSequence(ctx.db, { actorId: ctx.user.id, ...input }),
    ),

  /**
   * Merges the stop of `passengerId` into the stop of `intoPassengerId` (docs/product.md#same-stop);
   * answers the entries in route order.
   */
  mergeStops: sequenceProcedure
    .input(mergeStopsInput)
    .output(z.array(passengerEntryOutput))
    .mutation(({ ctx, input }): Promise<PassengerEntry[]> =>
      mergeStops(ctx.db, { actorId: ctx.user.id, ...input, now: ctx.now() }),
    ),

  /** Locks the route order; answers the entries in order. Locking a locked ride changes nothing. */
  lock: sequenceProcedure
    .input(rideIdInput)
    .output(z.array(passengerEntryOutput))
    .mutation(({ ctx, input }): Promise<PassengerEntry[]> => lockSequence(ctx.db, { actorId: ctx.user.id, ...input })),
});
