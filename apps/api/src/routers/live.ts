import { isDomainError, liveEventsInput, type LiveEvent } from '@rideshare/domain';
import { tracked, TRPCError } from '@trpc/server';

import { toTRPCError } from '../trpc/errors';
import { publicProcedure, router } from '../trpc/init';

export const liveRouter = router({
  /**
   * The live event stream over Server-Sent Events (DESIGN §11): `{type, rideId, version}` for every
   * public ride event, plus the caller's own `notifications.changed`. Each event is `tracked` by its
   * version, so a reconnecting client's `lastEventId` (or the `Last-Event-ID` header) replays what
   * it missed, or yields one `resync`. A server-side end (shutdown, too slow) is a 503-coded error
   * the client's link answers by reconnecting.
   */
  events: publicProcedure.input(liveEventsInput).subscription(async function* ({ ctx, input, signal }) {
    const hub = ctx.liveEvents;
    if (!hub) throw new TRPCError({ code: 'METHOD_NOT_SUPPORTED', message: 'Live events need an HTTP server' });
    const events = hub.subscribe({ userId: ctx.user?.id ?? null, lastEventId: input.lastEventId, signal });
    try {
      for await (const event of events) yield tracked<LiveEvent>(String(event.version), event);
    } catch (error) {
      throw isDomainError(error) ? toTRPCError(error) : error;
    }
  }),
});
