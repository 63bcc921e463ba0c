import { calendarFeedInput, idInput } from '@rideshare/domain';
import { z } from 'zod';

import { personalFeedFile, rideCalendarFile } from '../services/calendar-service';
import { publicProcedure, router } from '../trpc/init';
import { calendarFileOutput } from './calendar.outputs';

/**
 * Calendar files (text/calendar bodies; REST `GET /api/rides/:id/calendar.ics` and
 * `GET /api/calendar/:token.ics` send them as files). Managing one's feed is under `user`.
 */
export const calendarRouter = router({
  /** One ride's event, for anyone (rides are public); what it shows follows the caller (a passenger's own pick-up). */
  ride: publicProcedure
    .input(z.object({ id: idInput }))
    .output(calendarFileOutput)
    .query(({ ctx, input }) =>
      rideCalendarFile(ctx.db, {
        rideId: input.id,
        viewerId: ctx.user?.id ?? null,
        origin: ctx.origin,
        now: ctx.now(),
      }),
    ),

  /** A member's personal feed by its secret token (no session: calendar apps send no cookies). */
  feed: publicProcedure
    .input(calendarFeedInput)
    .output(calendarFileOutput)
    .query(({ ctx, input }) => personalFeedFile(ctx.db, { token: input.token, origin: ctx.origin, now: ctx.now() })),
});
