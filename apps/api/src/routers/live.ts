import { isDomainError, liveEventId, liveEventsInput, type LiveEvent } from '@rideshare/domain';
import { tracked, TRPCError } from '@trpc/server';

import { toTRPCError } from '../trpc/errors';
import { publicProcedure, router } from '../trpc/init';

export const liveRouter = router({
  /**
   * The live event stream over Server-Sent Events (docs/architecture.md#live-events): `{type, rideId, version}` for every
   * public ride event, plus the caller's own `notifications.changed`. Each event is `tracked` by its
   * id (`liveEventId`), so a reconnecting client's `lastEventId` (or the `Last-Event-ID` header)
   * replays what it missed, or yields one `resync`. A server-side end (shutdown, too slow, the
   * stream's time limit, the session ended) is a 503-coded error the client's link answers by
   * reconnecting. How many streams may be open is decided before this runs (plugins/live-events.ts).
   */
  events: publicProcedure.input(liveEventsInput).subscription(async function* ({ ctx, input, signal }) {
    const hub = ctx.liveEvents;
    if (!hub) throw new TRPCError({ code: 'METHOD_NOT_SUPPORTED', message: 'Live events need an HTTP server' });
    const events = hub.subscribe({
      userId: ctx.user?.id ?? null,
      lastEventId: input.lastEventId,
      signal,
      sessionTag: ctx.streamSession?.tag ?? null,
      sessionIdleInMs: ctx.streamSession?.idleInMs ?? null,
    });
    try {
      for await (const event of events) yield tracked<LiveEvent>(liveEventId(event), event);
    } catch (error) {
      throw isDomainError(error) ? toTRPCError(error) : error;
    }
  }),
});
