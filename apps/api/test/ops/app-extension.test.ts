/**
 * Routes added to the built app from outside (the benchmark harness adds its own this way, through
 * startServer's `extend`): they pass the app-wide hooks like every route, and the per-address
 * request limit counts the path prefixes it is given like the API's own.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';

import { buildApp } from '../../src/app';
import { useTestDatabase } from '../helpers/db';
import { testEnv } from '../helpers/env';

const t = useTestDatabase({ reset: false });
const apps: FastifyInstance[] = [];

afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

const LIMIT = 3;

async function appWithExtraRoute(rateLimitedPrefixes?: readonly string[]): Promise<FastifyInstance> {
  // No web build: an unknown path is a plain 404 instead of the SPA's index.html.
  const env = testEnv({ WEB_DIST_DIR: '/nonexistent-web-dist', RATE_LIMIT_MAX: String(LIMIT) });
  const app = await buildApp({ env, db: t.db, ...(rateLimitedPrefixes ? { rateLimitedPrefixes } : {}) });
  app.get('/__extra/ping', async () => ({ pong: true }));
  await app.ready();
  apps.push(app);
  return app;
}

const ping = (app: FastifyInstance) => app.inject({ method: 'GET', url: '/__extra/ping' });

describe('a route added to the built app', () => {
  it('answers through the app-wide hooks (request id, security headers)', async () => {
    const app = await appWithExtraRoute();
    const res = await ping(app);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ pong: true });
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('is outside the per-address limit by default, like a web app file', async () => {
    const app = await appWithExtraRoute();
    const statuses = [];
    for (let i = 0; i < LIMIT + 2; i += 1) statuses.push((await ping(app)).statusCode);
    expect(statuses).toEqual(Array<number>(LIMIT + 2).fill(200));
  });

  it('counts against the per-address limit under a prefix given as rateLimitedPrefixes', async () => {
    const app = await appWithExtraRoute(['/__extra/']);
    const statuses = [];
    for (let i = 0; i < LIMIT + 1; i += 1) statuses.push((await ping(app)).statusCode);
    expect(statuses).toEqual([...Array<number>(LIMIT).fill(200), 429]);
  });
});
