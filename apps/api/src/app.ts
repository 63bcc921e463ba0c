/**
 * buildApp({ env, db }) assembles the HTTP server from injected config and database, so tests build
 * it against a test database. Registers, in order: the JSON error handler, cookies + sessions
 * (Postgres store), tRPC at /trpc, the documented REST paths under /api, health checks, and (when
 * the web app is built) the static files with a history fallback to index.html.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import fastifyStatic from '@fastify/static';
import type { Database } from '@rideshare/db';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { sql, type Kysely } from 'kysely';

import type { Env } from './env';
import { RideListCache } from './lib/ride-list-cache';
import { errorHandlerPlugin } from './plugins/error-handler';
import { sessionPlugin } from './plugins/session';
import { registerRestRoutes } from './rest';
import { appRouter, type AppRouter } from './routers/app-router';
import { listAllRides } from './repositories/ride-repository';
import { createContextFromRequest, type HttpContextDeps } from './trpc/context';

export interface BuildAppOptions {
  env: Env;
  db: Kysely<Database>;
  logger?: FastifyServerOptions['logger'];
}

function defaultWebDist(env: Env): string | null {
  const dir = env.WEB_DIST_DIR ?? fileURLToPath(new URL('../../web/dist', import.meta.url));
  return existsSync(`${dir}/index.html`) ? dir : null;
}

export async function buildApp({ env, db, logger }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? false,
    bodyLimit: env.BODY_LIMIT_BYTES,
    // tRPC batches put several procedure names in one path segment.
    routerOptions: { maxParamLength: 5000 },
    trustProxy: env.TRUST_PROXY ? parseTrustProxy(env.TRUST_PROXY) : false,
    requestIdHeader: 'x-request-id',
  });

  const deps: HttpContextDeps = { db, env, rideListCache: new RideListCache(listAllRides) };

  await app.register(errorHandlerPlugin);
  await app.register(sessionPlugin, { env, db });

  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: (opts) => createContextFromRequest(deps, opts),
      onError({ error, path, req }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') {
          req.log.error({ err: error.cause ?? error, path }, 'procedure failed');
        }
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });

  registerRestRoutes(app, deps);

  app.get('/healthz', () => ({ status: 'ok' }));
  app.get('/readyz', async (_req, reply) => {
    try {
      await sql`select 1`.execute(db);
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ status: 'unavailable', error: 'Database unreachable' });
    }
  });

  const webDist = defaultWebDist(env);
  if (webDist) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path.startsWith('/api/') || path.startsWith('/trpc/');
    if (!isApi && webDist && (request.method === 'GET' || request.method === 'HEAD')) {
      // History fallback: deep links such as /rides/12/join load the app, which routes itself.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ error: `Not found: ${request.method} ${path}` });
  });

  return app;
}

/** 'true'/'false', a hop count such as '1', or a comma-separated list of proxy addresses/CIDRs. */
function parseTrustProxy(value: string): boolean | string | string[] {
  if (value === 'true') return true;
  if (value === 'false') return false;
  // Fastify accepts a hop count as a number at run time; its type only lists strings.
  if (/^\d+$/.test(value)) return Number(value) as unknown as string;
  return value.split(',').map((part) => part.trim());
}
