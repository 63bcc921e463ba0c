import { once } from 'node:events';
import { PassThrough } from 'node:stream';

import { liveEventId, type LiveEvent } from '@rideshare/domain';
import { isTrackedEnvelope, TRPCError } from '@trpc/server';
import type { RouteHandlerMethod } from 'fastify';

import { LIVE_HEARTBEAT_MS, LIVE_RETRY_MS } from '../events/constants';
import { createCaller } from '../routers/app-router';
import { createContextFromRequest } from '../trpc/context';
import { isInternalError } from '../trpc/errors';
import { restErrorFromTRPC } from './adapter';
import { route, type RouteDeps } from './table';

export interface EventRouteOptions {
  /** Interval of the keep-alive comment on an idle stream (tests shorten it). */
  heartbeatMs?: number;
}

/** Like tRPC's stream: no caching, no transforming (compressing proxies), no proxy buffering. */
const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
} as const;

/** One SSE message: the event's id (`liveEventId`) is what a reconnecting client sends back. */
export function sseFrame(event: LiveEvent): string {
  const body = { type: event.type, rideId: event.rideId, version: event.version };
  return `id: ${liveEventId(event)}\ndata: ${JSON.stringify(body)}\n\n`;
}

/**
 * GET /api/events: the REST mirror of tRPC `live.events`, as `text/event-stream` (`id: <version>`,
 * `data: {"type","rideId","version"}`). The session decides the audience (a signed-in member also
 * gets their own `notifications.changed`). `Last-Event-ID` (what EventSource sends on reconnect) or
 * `?lastEventId=` resumes after that event; 400 when it is not an event id (`42`, `u7`). A comment
 * line every 25 s keeps the stream alive through proxies. The stream ends when the subscription
 * does (its lifetime, its session ended, shutdown) and EventSource reconnects with Last-Event-ID;
 * the stream limits are checked before this runs (plugins/live-events.ts).
 */
function eventStream({ http: deps, heartbeatMs = LIVE_HEARTBEAT_MS }: RouteDeps): RouteHandlerMethod {
  return async (request, reply) => {
    const header = request.headers['last-event-id'];
    const query = request.query as Record<string, unknown>;
    const lastEventId = (Array.isArray(header) ? header[0] : header) ?? query.lastEventId;

    // Ends the subscription when the client goes away (or the server ends the response).
    const abort = new AbortController();
    reply.raw.once('close', () => {
      abort.abort();
    });

    let events: AsyncIterable<unknown>;
    try {
      const ctx = await createContextFromRequest(deps, { req: request, stream: true });
      events = await createCaller(ctx, { signal: abort.signal }).live.events({ lastEventId });
    } catch (error) {
      abort.abort();
      if (!(error instanceof TRPCError)) throw error;
      const { status, body } = restErrorFromTRPC(error);
      return reply.code(status).send(body);
    }

    const stream = new PassThrough();
    const heartbeat = setInterval(() => {
      stream.write(': keep-alive\n\n');
    }, heartbeatMs);
    stream.write(`retry: ${String(LIVE_RETRY_MS)}\n\n`);

    void (async () => {
      try {
        for await (const item of events) {
          const event = (isTrackedEnvelope(item) ? item[1] : item) as LiveEvent;
          // A client that stops reading holds the loop here; the hub then drops it once its queue
          // is full, instead of buffering without end.
          if (!stream.write(sseFrame(event))) await once(stream, 'drain', { signal: abort.signal });
        }
      } catch (error) {
        // The client left, or a server-side end (shutdown, too slow: a 503-coded LIVE_STREAM_ENDED
        // the client answers by reconnecting). Anything else is worth a log line.
        const expected = abort.signal.aborted || (error instanceof TRPCError && !isInternalError(error));
        if (!expected)
          request.log.error(
            { err: error instanceof TRPCError ? (error.cause ?? error) : error },
            'live event stream failed',
          );
      } finally {
        clearInterval(heartbeat);
        stream.end();
      }
    })();

    return reply.code(200).headers(SSE_HEADERS).send(stream);
  };
}

export const eventRoutes = [
  route({
    method: 'GET',
    path: '/api/events',
    procedure: 'live.events',
    summary: 'Live ride events (Server-Sent Events)',
    produces: 'text/event-stream',
    headers: [{ name: 'Last-Event-ID', description: 'Resume after this event (what EventSource sends on reconnect).' }],
    responses: { 503: 'Too many live streams open (per address, per member or in all); try again later.' },
    handle: eventStream,
  }),
];
