import { audienceOf, cancelRideInput, idInput, rideListFiltersInput, ridePayloadInput } from '@rideshare/domain';
import { z } from 'zod';

import type { RideListPage } from '../cache/ride-list-cache';
import { listRidesJoinedBy, listRidesOrganizedBy, listViewerStandings } from '../repositories/ride-repository';
import { readManifest } from '../services/manifest-service';
import { readRideDetail, type AnswerFor } from '../services/ride-detail-service';
import { cancelRide, createRide, editRide, removeRide } from '../services/ride-service';
import type { ContextInner } from '../trpc/context';
import { protectedProcedure, publicProcedure, rateLimited, router } from '../trpc/init';
import {
  rideListPageOutput,
  rideManifestOutput,
  rideStandingOutput,
  rideSummaryOutput,
  rideWithReadinessOutput,
} from './ride.outputs';
import { removedOutput } from './shared.outputs';

/** The ride list's filters (domain defaults) plus paging; every field may be left out. */
export const rideListInput = rideListFiltersInput
  .unwrap()
  .extend({
    page: z.number({ error: 'Page must be a whole number of at least 1' }).int().min(1).default(1),
    pageSize: z.number({ error: 'Page size must be a whole number from 1 to 100' }).int().min(1).max(100).default(20),
  })
  .prefault({});

const byIdInput = z.object({ id: idInput });
/** The ride payload with the ride's id (REST: the path id wins over any id in the body). */
const updateRideInput = ridePayloadInput.safeExtend({
  id: idInput,
  /** After the lock, a price rise for riders needs this (docs/payments.md#price-changes). */
  confirmAmounts: z.boolean({ error: 'confirmAmounts must be true or false' }).optional(),
});

/** Whom a ride answer is for: the caller, with the price-lock window (ride-detail-service). */
function answerFor(ctx: ContextInner): AnswerFor {
  return { viewer: ctx.user, lockHours: ctx.env.PRICE_LOCK_HOURS };
}

/** Creating rides has its own, tighter rate limit (RATE_LIMIT_RIDE_CREATE_PER_HOUR). */
const createProcedure = protectedProcedure.use(rateLimited('rideCreate'));

/** Edits and cancellations each have a per-hour limit too (RATE_LIMIT_RIDE_EDIT_PER_HOUR, RATE_LIMIT_CANCEL_PER_HOUR). */
const editProcedure = protectedProcedure.use(rateLimited('rideEdit'));
const cancelProcedure = protectedProcedure.use(rateLimited('cancel'));

export const rideRouter = router({
  /**
   * The home page list: filtered (time, direction), sorted (rides still to come before past ones,
   * then by date) and paged in SQL; `total` counts every matching ride. As the caller's audience
   * sees it; first pages come from the ride list cache (the full list, GET /api/rides, too).
   */
  list: publicProcedure
    .input(rideListInput)
    .output(rideListPageOutput)
    .query(({ ctx, input }): Promise<RideListPage> => {
      const { page, pageSize, ...filters } = input;
      return ctx.rideListCache.page(ctx.db, { filters, page, pageSize, audience: audienceOf(ctx.user) }, ctx.now());
    }),

  /** One ride with its organiser as `creator` (username and numbers for signed-in callers only). */
  byId: publicProcedure
    .input(byIdInput)
    .output(rideWithReadinessOutput)
    .query(({ ctx, input }) => readRideDetail(ctx.db, input.id, { ...answerFor(ctx), now: ctx.now() })),

  /** Creates a ride with the organiser as its first entry (ride-service `createRide`); answers the ride. */
  create: createProcedure
    .input(ridePayloadInput)
    .output(rideWithReadinessOutput)
    .mutation(({ ctx, input }) =>
      createRide(ctx.db, {
        creator: ctx.user,
        input,
        now: ctx.now(),
        ridesPerDay: ctx.env.RATE_LIMIT_RIDES_PER_DAY,
        answer: answerFor(ctx),
      }),
    ),

  /** Edits a ride, its organiser only (ride-service `editRide`); answers the ride. */
  update: editProcedure
    .input(updateRideInput)
    .output(rideWithReadinessOutput)
    .mutation(({ ctx, input }) => {
      const { id, confirmAmounts, ...payload } = input;
      return editRide(ctx.db, {
        actorId: ctx.user.id,
        rideId: id,
        input: payload,
        confirmAmounts,
        now: ctx.now(),
        answer: answerFor(ctx),
      });
    }),

  /**
   * Deletes a ride, its organiser only (ride-service `removeRide`), while it is nobody's concern but
   * theirs (domain `deleteRefusal`, docs/record.md#deleting): a ride others joined is refused with
   * RIDE_HAS_PASSENGERS (the organiser removes them first); one with a driver, people waiting or
   * anything on someone's record with RIDE_KEPT or RIDE_CANCELLED (it is cancelled instead).
   */
  delete: protectedProcedure
    .input(byIdInput)
    .output(removedOutput)
    .mutation(async ({ ctx, input }) => {
      await removeRide(ctx.db, { actorId: ctx.user.id, rideId: input.id });
      return { id: input.id, message: 'Ride deleted successfully' };
    }),

  /**
   * Cancels a ride with a reason (1..300 characters), its organiser only, a future ride not already
   * cancelled (ride-service `cancelRide`). The ride keeps its entries; answers the ride, now
   * `status: 'cancelled'` with `cancelReason` and `cancelledAt`.
   */
  cancel: cancelProcedure
    .input(cancelRideInput)
    .output(rideWithReadinessOutput)
    .mutation(({ ctx, input }) =>
      cancelRide(ctx.db, {
        actorId: ctx.user.id,
        rideId: input.id,
        reason: input.reason,
        now: ctx.now(),
        answer: answerFor(ctx),
      }),
    ),

  /** Rides the caller joined as a passenger but did not organise (one query). */
  joined: protectedProcedure
    .output(z.array(rideSummaryOutput))
    .query(({ ctx }) => listRidesJoinedBy(ctx.db, ctx.user.id, ctx.now(), audienceOf(ctx.user))),

  /**
   * Where the caller stands on each of their rides, one entry per ride: organising, riding (stop,
   * amount due), waitlisted or offered a seat, or driving it (docs/product.md#at-a-glance).
   */
  standing: protectedProcedure
    .output(rideStandingOutput)
    .query(({ ctx }) => listViewerStandings(ctx.db, ctx.user.id, ctx.now())),

  /**
   * The driver's manifest (manifest-service `readManifest`): the organiser and the approved
   * assigned vendor only; passengers' numbers inside the contacts window (docs/vendors.md#manifest).
   */
  manifest: protectedProcedure
    .input(byIdInput)
    .output(rideManifestOutput)
    .query(({ ctx, input }) =>
      readManifest(ctx.db, input.id, {
        ...ctx.user,
        now: ctx.now(),
        contactsHoursBefore: ctx.env.VENDOR_CONTACTS_HOURS_BEFORE,
        riderContactsHoursBefore: ctx.env.RIDER_CONTACTS_HOURS_BEFORE,
      }),
    ),

  /** Rides the caller organised (one query). */
  organized: protectedProcedure
    .output(z.array(rideSummaryOutput))
    .query(({ ctx }) => listRidesOrganizedBy(ctx.db, ctx.user.id, ctx.now(), audienceOf(ctx.user))),
});
