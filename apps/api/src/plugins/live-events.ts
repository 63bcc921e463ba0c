/**
 * The live channel's lifecycle in one instance (DESIGN §11). Registers, in order: the listener
 * (the database handle's `listen` on `rideshare_events`, feeding the hub; a reconnect after a lost
 * connection makes the hub tell every client to resync), `app.liveEvents` (the hub, and `ready`:
 * the LISTEN is in place), a hook noting the open event streams, and the shutdown steps: before the
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
import type { LiveEventHub } from '../events/hub';
import { EVENTS_CHANNEL } from '../events/publish';

export interface LiveEventsPluginOptions {
  hub: LiveEventHub;
  /** The database handle's `listen`; without it (tests of other areas) the hub hears nothing. */
  listen?: DbHandle['listen'] | undefined;
}

export interface LiveEventsDecoration {
  hub: LiveEventHub;
  /** Resolves once the instance LISTENs (immediately when it has no listener). */
  ready: Promise<void>;
  /** The listening connection's backend pid (server engine), null otherwise. */
  readonly listenerPid: number | null;
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
    const { hub } = opts;
    const listener = opts.listen?.(EVENTS_CHANNEL, {
      onPayload: (payload) => {
        if (!hub.receive(payload)) app.log.warn('live events: dropped a malformed notification');
      },
      onReconnect: () => {
        app.log.warn('live events: listener reconnected; every client is told to re-fetch');
        hub.resync();
      },
      onError: (error) => {
        app.log.warn({ err: error }, 'live events: listener connection failed; retrying');
      },
    });
    const decoration: LiveEventsDecoration = {
      hub,
      ready: listener?.ready ?? Promise.resolve(),
      get listenerPid() {
        return listener?.backendPid ?? null;
      },
    };
    app.decorate('liveEvents', decoration);

    const streams = new Set<OpenStream>();
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' || !isLiveStreamPath(request.url)) return;
      const stream: OpenStream = { response: reply.raw, socket: request.raw.socket };
      streams.add(stream);
      reply.raw.once('close', () => streams.delete(stream));
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
