import { connectDatabase, type DbHandle } from '@rideshare/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../../src/app';
import { loggerOptions } from '../../src/plugins/observability';
import { createUser, DEFAULT_PASSWORD } from '../factories';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { testEnv } from '../helpers/env';
import { TcpProxy, upstreamOf } from './tcp-proxy';

// The app reaches its database only through a relay the test can cut; the shared Postgres server
// (or the embedded engine's socket) is never stopped.
let tdb: TestDatabase;
let proxy: TcpProxy;
let viaProxy: DbHandle;
let app: FastifyInstance;

const READINESS_TIMEOUT_MS = 1000;
// What the app logs (warnings and up): a failed probe says why.
const warnings: { msg?: string; err?: { message?: string } }[] = [];

beforeAll(async () => {
  tdb = await createTestDatabase();
  proxy = new TcpProxy(upstreamOf(tdb.connectionString));
  await proxy.start();
  viaProxy = await connectDatabase({ databaseUrl: proxy.urlFor(tdb.connectionString), poolSize: 4 });
  const env = testEnv({ READINESS_TIMEOUT_MS: String(READINESS_TIMEOUT_MS), LOG_LEVEL: 'warn' });
  app = await buildApp({
    env,
    db: viaProxy.db,
    logger: loggerOptions(env, {
      stream: {
        write: (line: string) => {
          warnings.push(JSON.parse(line) as (typeof warnings)[number]);
        },
      },
    }),
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await viaProxy.close();
  await proxy.stop();
  await tdb.destroy();
});

async function readyz(): Promise<{ status: number; body: unknown }> {
  const res = await app.inject({ method: 'GET', url: '/readyz' });
  return { status: res.statusCode, body: res.json() };
}

async function waitUntilReady(limitMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if ((await readyz()).status === 200) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`not ready again within ${String(limitMs)} ms`);
}

describe('/readyz follows the database', () => {
  it('is ready, goes 503 while the database refuses connections, and recovers without a restart', async () => {
    const user = await createUser(tdb.db, { discordUsername: 'gina' });
    expect(await readyz()).toMatchObject({ status: 200, body: { status: 'ready' } });
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);

    proxy.setMode('refuse');
    const down = await readyz();
    expect(down).toMatchObject({ status: 503, body: { status: 'unavailable', error: 'Database unreachable' } });
    // Liveness does not depend on the database: restarting the process would not help.
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    // Real traffic fails cleanly meanwhile, without internals.
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { discordUsername: user.discordUsername, password: DEFAULT_PASSWORD },
    });
    expect(login.statusCode).toBe(500);
    expect(login.json()).toEqual({ error: 'Internal server error' });
    // Still down on a second probe: nothing is cached.
    expect((await readyz()).status).toBe(503);

    proxy.setMode('open');
    await waitUntilReady(10_000);
    const again = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { discordUsername: user.discordUsername, password: DEFAULT_PASSWORD },
    });
    expect(again.statusCode).toBe(200);
  });

  it('answers 503 within its timeout when the database hangs, and recovers', async () => {
    expect((await readyz()).status).toBe(200);
    proxy.setMode('hang');
    // Let the pool notice its dropped connections, so the probe needs a new one, which never comes.
    await new Promise((resolve) => setTimeout(resolve, 200));
    warnings.length = 0;
    const down = await readyz();
    expect(down.status).toBe(503);
    // Its own timer gave the answer: not a connection error, and not the pool's 10 s connect
    // timeout. (Said by the log, not by a stopwatch a busy machine would fail.)
    expect(warnings.filter((w) => w.msg === 'readiness check failed').map((w) => w.err?.message)).toEqual([
      `no answer within ${String(READINESS_TIMEOUT_MS)} ms`,
    ]);

    proxy.setMode('open');
    await waitUntilReady(15_000);
  });
});
