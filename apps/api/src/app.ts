/**
 * buildApp({ env, db }) assembles the HTTP server from injected config and database, so tests build
 * it against a test database. Every request path is made canonical before routing
 * (http/request-path.ts), so routes and hooks see one spelling. Registers, in order: the JSON error
 * handler, the JSON body parser (an empty body is none), request ids and health checks (/healthz,
 * /readyz), compression of the answers (http/compression.ts), security headers and CORS, cookies + sessions (Postgres store), the rate limits (per
 * address on every route below; per bucket for the procedures), the live event channel (the LISTEN
 * feeding the hub; streams ended first on shutdown), tRPC at /trpc (batches of at most 10 calls,
 * none of them a credential procedure; subscriptions over SSE), the documented REST paths under
 * /api (GET /api/events streaming), and (when the web app is built) the static files with a history
 * fallback to index.html, each sent as the build's brotli or gzip copy when the browser takes one.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import fastifyStatic from '@fastify/static';
import type { Database, DbHandle } from '@rideshare/db';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Kysely } from 'kysely';

import { RideListCache } from './cache/ride-list-cache';
import { RidesVersionWatch } from './cache/rides-version';
import type { Env } from './env';
import { LiveEventHub, type LiveEventHubOptions } from './events/hub';
import { registerCompression } from './http/compression';
import { apiPathKind, canonicalUrl } from './http/request-path';
import { answerFrameworkError, errorHandlerPlugin } from './plugins/error-handler';
import { jsonBodyPlugin } from './plugins/json-body';
import { liveEventsPlugin } from './plugins/live-events';
import { observabilityPlugin, observabilityServerOptions } from './plugins/observability';
import { registerRateLimits } from './plugins/rate-limit';
import { securityPlugin, trustProxyOption } from './plugins/security';
import { sessionPlugin } from './plugins/session';
import { registerRestRoutes } from './rest';
import { appRouter, type AppRouter } from './routers/app-router';
import { createContextFromRequest, MAX_BATCH_CALLS, type HttpContextDeps } from './trpc/context';
import { registerRideListRoute } from './trpc/ride-list-route';
import { isInternalError, retryAfterOf } from './trpc/errors';

export interface BuildAppOptions {
  env: Env;
  db: Kysely<Database>;
  logger?: FastifyServerOptions['logger'];
  /**
   * Path prefixes (e.g. '/__extra/') that the per-address request limit counts like the API's own,
   * for routes a caller adds to the returned app (the benchmark harness's).
   */
  rateLimitedPrefixes?: readonly string[];
  /**
   * Where live events come from: the database handle's `listen` (server.ts; tests of the live
   * channel). Without it the event streams serve, but hear nothing.
   */
  listen?: DbHandle['listen'];
  /**
   * Live channel tuning (tests): ring size, per-subscriber queue limit, coalescing window, stream
   * lifetime (ms, over EVENTS_MAX_STREAM_MINUTES), timers, REST heartbeat interval.
   */
  live?: Partial<LiveEventHubOptions> & { heartbeatMs?: number };
  /**
   * The procedures' clock (tests of time windows, e.g. the vendor's contacts window); the real one
   * by default. Sessions and rate limits keep the real clock.
   */
  now?: () => Date;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A file of the web build under assets/, whose name carries its content hash. */
function isHashedAsset(filePath: string): boolean {
  return /[\\/]assets[\\/][^\\/]+$/.test(filePath);
}

function defaultWebDist(env: Env): string | null {
  const dir = env.WEB_DIST_DIR ?? fileURLToPath(new URL('../../web/dist', import.meta.url));
  return existsSync(`${dir}/index.html`) ? dir : null;
}

export async function buildApp({
  env,
  db,
  logger,
  rateLimitedPrefixes = [],
  listen,
  live = {},
  now,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? false,
    bodyLimit: env.BODY_LIMIT_BYTES,
    // tRPC batches put several procedure names in one path segment. Paths match whatever their
    // letter case (ids, tokens and tRPC procedure names keep theirs); see docs/http-requests.md.
    routerOptions: { maxParamLength: 5000, caseSensitive: false },
    // One spelling of every path, before routing and before any hook, so the router and every
    // guard that looks at a path see the same one.
    rewriteUrl: (req) => canonicalUrl(req.url ?? '/'),
    trustProxy: trustProxyOption(env),
    // A path the router cannot read (a broken percent escape) is answered in the one error shape.
    frameworkErrors: (error, _request, reply) => {
      answerFrameworkError(error, reply);
    },
    ...observabilityServerOptions(),
  });

  const liveEvents = new LiveEventHub({ maxStreamMs: env.EVENTS_MAX_STREAM_MINUTES * 60_000, ...live });
  const ridesVersion = new RidesVersionWatch();
  const deps: HttpContextDeps = { db, env, rideListCache: new RideListCache(ridesVersion), liveEvents, now };

  await app.register(errorHandlerPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(observabilityPlugin, { env, db });
  await registerCompression(app);
  await app.register(securityPlugin, { env });
  await app.register(sessionPlugin, { env, db });
  deps.rateLimit = await registerRateLimits(app, env, db, { countedPrefixes: rateLimitedPrefixes });
  await app.register(liveEventsPlugin, {
    hub: liveEvents,
    listen,
    ridesVersion,
    limits: {
      perAddress: env.EVENTS_MAX_STREAMS_PER_ADDRESS,
      perUser: env.EVENTS_MAX_STREAMS_PER_USER,
      total: env.EVENTS_MAX_STREAMS,
    },
  });

  const trpcOptions = {
    router: appRouter,
    maxBatchSize: MAX_BATCH_CALLS,
    createContext: (opts) => createContextFromRequest(deps, opts),
    // 429 (rate limits) and 503 (a full password queue) say when to come back.
    responseMeta({ errors }) {
      const retryAfter = Math.max(0, ...errors.map((error) => retryAfterOf(error) ?? 0));
      return retryAfter > 0 ? { headers: { 'retry-after': String(retryAfter) } } : {};
    },
    onError({ error, path, req }) {
      // The client got a generic message and the request id (trpc/init.ts); the log line, under
      // the same request id, gets the real error.
      if (isInternalError(error)) {
        req.log.error({ err: error.cause ?? error, path }, 'procedure failed');
      }
    },
  } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'];
  await app.register(fastifyTRPCPlugin, { prefix: '/trpc', trpcOptions });
  // The home page's first page of rides, from the cache's serialised bytes (else tRPC, as above).
  registerRideListRoute(app, deps, trpcOptions);

  registerRestRoutes(app, deps, { events: { heartbeatMs: live.heartbeatMs } });

  const webDist = defaultWebDist(env);
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes x.js.br and x.js.gz beside x.js (apps/web/vite.config.ts).
      preCompressed: true,
      // No validators or ranges: a hashed file never changes (and is never revalidated), and the
      // page shell is a few hundred bytes, less than its headers; on a first load they cost some
      // hundred bytes on each of twenty files.
      etag: false,
      lastModified: false,
      acceptRanges: false,
      // Vite names every file under assets/ by its content hash, so a browser may keep it for
      // good; anything else (favicon, index.html) is checked with the server each time.
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', isHashedAsset(filePath) ? IMMUTABLE : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const api = apiPathKind(request.url);
    if (!api.rest && !api.trpc && webDist && (request.method === 'GET' || request.method === 'HEAD')) {
      // History fallback: deep links such as /rides/12/join load the app, which routes itself.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ error: `Not found: ${request.method} ${path}` });
  });

  return app;
}
