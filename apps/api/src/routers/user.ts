import { notFound, updateProfileInput } from '@rideshare/domain';

import { calendarFeedStatus, disableCalendarFeed, rotateCalendarFeed } from '../services/calendar-service';
import { updateOwnProfile } from '../services/user-service';
import { protectedProcedure, router } from '../trpc/init';
import {
  calendarFeedOffOutput,
  calendarFeedStateOutput,
  calendarFeedUrlOutput,
  publicUserOutput,
} from './user.outputs';

export const userRouter = router({
  /**
   * Updates your own profile. Blank clears a field (null), a missing key leaves it unchanged, and
   * any other key (isVendor, discordUsername, password) is dropped by the input schema, never applied.
   * Vendors may also change companyName and driverDetails (required once given); members get a 400.
   */
  update: protectedProcedure
    .input(updateProfileInput)
    .output(publicUserOutput)
    .mutation(async ({ ctx, input }) => {
      const user = await updateOwnProfile(ctx.db, { actorId: ctx.user.id, actorIsVendor: ctx.user.isVendor, input });
      if (!user) throw notFound('user');
      return user;
    }),

  /** Whether you have a personal calendar feed, and since when: `{active, createdAt}` (never the URL). */
  calendarFeed: protectedProcedure
    .output(calendarFeedStateOutput)
    .query(({ ctx }) => calendarFeedStatus(ctx.db, ctx.user.id)),

  /**
   * A new personal calendar feed URL (`{url, createdAt}`), replacing any old one, which stops
   * working at once. The only time the URL is shown: only the token's SHA-256 is kept.
   */
  rotateCalendarFeed: protectedProcedure
    .output(calendarFeedUrlOutput)
    .mutation(({ ctx }) => rotateCalendarFeed(ctx.db, { userId: ctx.user.id, origin: ctx.origin, now: ctx.now() })),

  /** Turns your personal calendar feed off: its URL answers 404 from now on. */
  disableCalendarFeed: protectedProcedure
    .output(calendarFeedOffOutput)
    .mutation(({ ctx }) => disableCalendarFeed(ctx.db, ctx.user.id)),
});
