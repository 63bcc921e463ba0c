/**
 * The live channel's lifecycle in one instance (docs/architecture.md#live-events). Registers, in order: the listener
 * (the database handle's `listen` on `rideshare_events`, feeding the hub, telling the ride-list
 * version watch each new version, and ending the streams of sessions that ended on any instance;
 * a reconnect after a lost
 * connection makes the hub tell every client to resync, and the watch read the version again), `app.liveEvents` (the hub, and `ready`:
 * the LISTEN is in place), a hook that lets an event stream open only within the stream limits
 * (events/stream-limits.ts: per address, per member, per process; refused 429 or 503 with
 * Retry-After, before tRPC or the REST route answer 200) and notes the open streams, and the
 * shutdown steps: before the
 * server closes, every stream is ended and its connection closed once the end is written, so the
 * graceful drain is not held up by streams that would otherwise never finish; after it, the
 * listener closes.
 */
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

import type { DbHandle } from '@rideshare/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

import { isLiveStreamPath } from '../events/constants';
import { parseSessionsEnded, type LiveEventHub } from '../events/hub';
import { isRefusal, StreamLimiter, type StreamLimits } from '../events/stream-limits';
import { clientAddressKey } from '../http/client-address';
import { parseRidesVersion, type RidesVersionWatch } from '../cache/rides-version';
import { EVENTS_CHANNEL } from '../events/publish';

export interface LiveEventsPluginOptions {
  hub: LiveEventHub;
  /** The database handle's `listen`; without it (tests of other areas) the hub hears nothing. */
  listen?: DbHandle['listen'] | undefined;
  /** How many event streams may be open (EVENTS_MAX_STREAMS_*). */
  limits: StreamLimits;
  /** The ride-list cache's version, kept current by the notifications (cache/rides-version.ts). */
  ridesVersion?: RidesVersionWatch;
}

export interface LiveEventsDecoration {
  hub: LiveEventHub;
  /** Resolves once the instance LISTENs (immediately when it has no listener). */
  ready: Promise<void>;
  /** The listening connection's backend pid (server engine), null otherwise. */
  readonly listenerPid: number | null;
  /** The event streams open in this instance, by address and member. */
  limiter: StreamLimiter;
}

/** How long a stream may take to write its end on shutdown before its connection is cut. */
const STREAM_END_GRACE_MS = 2_000;

/** An open event stream: its response, and its connection (a finished response lets go of it). */
interface OpenStream {
  response: ServerResponse;
  socket: Socket | null;
}

/** Resolves once the stream's response has finished (or closed), having closed its connection. */
function closeStreamConnection({ response, socket }: OpenStream): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      // Keep-alive would otherwise leave the connection open (idle) until its timeout, holding
      // server.close() for up to 72 s.
      socket?.destroySoon();
      resolve();
    };
    const timer = setTimeout(() => {
      socket?.destroy();
      resolve();
    }, STREAM_END_GRACE_MS);
    if (response.writableFinished || response.destroyed) done();
    else {
      response.once('finish', done);
      response.once('close', done);
    }
  });
}

export const liveEventsPlugin = fp(
  async (app: FastifyInstance, opts: LiveEventsPluginOptions) => {
    const { hub, ridesVersion } = opts;
    const listener = opts.listen?.(EVENTS_CHANNEL, {
      onPayload: (payload) => {
        const version = parseRidesVersion(payload);
        if (version !== null) {
          ridesVersion?.learn(version);
          return;
        }
        const sessionsEnded = parseSessionsEnded(payload);
        if (sessionsEnded) hub.endSessions(sessionsEnded);
        else if (!hub.receive(payload)) app.log.warn('live events: dropped a malformed notification');
      },
      onReconnect: () => {
        app.log.warn('live events: listener reconnected; every client is told to re-fetch');
        ridesVersion?.distrust();
        hub.resync();
      },
      onError: (error) => {
        app.log.warn({ err: error }, 'live events: listener connection failed; retrying');
      },
    });
    if (listener && ridesVersion) {
      ridesVersion.follow(listener);
      // Whoever changes the list here reads it back here at once, without waiting for the
      // notification: versions are read while a request that may write runs, and once after.
      app.addHook('onRequest', async (request, reply) => {
        if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
        ridesVersion.writeStarted();
        reply.raw.once('close', () => {
          ridesVersion.writeEnded();
        });
      });
    }
    const limiter = new StreamLimiter(opts.limits);
    const decoration: LiveEventsDecoration = {
      hub,
      limiter,
      ready: listener?.ready ?? Promise.resolve(),
      get listenerPid() {
        return listener?.backendPid ?? null;
      },
    };
    app.decorate('liveEvents', decoration);

    const streams = new Set<OpenStream>();
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' || !isLiveStreamPath(request.url)) return undefined;
      // The session (loaded by its own onRequest hook, registered earlier) names the member.
      const userId = request.session.get('userId');
      const place = limiter.acquire(clientAddressKey(request.ip), typeof userId === 'number' ? userId : null);
      if (isRefusal(place)) {
        return reply
          .code(place.status)
          .header('retry-after', String(place.retryAfterSeconds))
          .send({ error: place.message });
      }
      const stream: OpenStream = { response: reply.raw, socket: request.raw.socket };
      streams.add(stream);
      reply.raw.once('close', () => {
        streams.delete(stream);
        place.release();
      });
      return undefined;
    });

    app.addHook('preClose', async () => {
      hub.close();
      await Promise.all([...streams].map(closeStreamConnection));
    });
    app.addHook('onClose', async () => {
      await listener?.close();
    });
  },
  { name: 'live-events' },
);

declare module 'fastify' {
  interface FastifyInstance {
    liveEvents: LiveEventsDecoration;
  }
}
