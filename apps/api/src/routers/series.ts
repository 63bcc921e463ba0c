import {
  audienceOf,
  cancelSeriesInput,
  createSeriesInput,
  editSeriesInput,
  idInput,
  notFound,
} from '@rideshare/domain';
import { z } from 'zod';

import { readSeriesAnswer, type SeriesAnswer } from '../repositories/series-repository';
import { cancelSeries, createSeries, editSeries } from '../services/series-service';
import type { ContextInner } from '../trpc/context';
import { protectedProcedure, publicProcedure, rateLimited, router } from '../trpc/init';
import { seriesOutput } from './series.outputs';

async function loadSeries(ctx: ContextInner, id: number): Promise<SeriesAnswer> {
  const series = await readSeriesAnswer(ctx.db, id, audienceOf(ctx.user));
  if (!series) throw notFound('series');
  return series;
}

/**
 * Weekly series (docs/series.md). A series counts once against the hourly ride-create, ride-edit or
 * cancel write limit, and each of its rides against the daily ride cap; a member runs at most two
 * live series (docs/series.md#rate-limit).
 */
export const seriesRouter = router({
  /** Creates the series and every ride of it in one transaction; answers the series. */
  create: protectedProcedure
    .use(rateLimited('rideCreate'))
    .input(createSeriesInput)
    .output(seriesOutput)
    .mutation(({ ctx, input }) =>
      createSeries(ctx.db, { creator: ctx.user, input, now: ctx.now(), ridesPerDay: ctx.env.RATE_LIMIT_RIDES_PER_DAY }),
    ),

  /** The series with its rides, soonest first, as the caller's audience sees them. */
  byId: publicProcedure
    .input(z.object({ id: idInput }))
    .output(seriesOutput)
    .query(({ ctx, input }) => loadSeries(ctx, input.id)),

  /** Edits `fromRideId` and every later ride of the series, its organiser only; answers the series. */
  update: protectedProcedure
    .use(rateLimited('rideEdit'))
    .input(editSeriesInput)
    .output(seriesOutput)
    .mutation(({ ctx, input }) => editSeries(ctx.db, { actorId: ctx.user.id, input, now: ctx.now() })),

  /** Cancels `fromRideId` and every later ride of the series, its organiser only; answers the series. */
  cancel: protectedProcedure
    .use(rateLimited('cancel'))
    .input(cancelSeriesInput)
    .output(seriesOutput)
    .mutation(({ ctx, input }) => {
      const { id, fromRideId, reason } = input;
      return cancelSeries(ctx.db, { actorId: ctx.user.id, seriesId: id, fromRideId, reason, now: ctx.now() });
    }),
});
