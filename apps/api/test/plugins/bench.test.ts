import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, inject, it } from 'vitest';

import { buildApp } from '../../src/app';
import { QueryCounter, type MemoryReport } from '../../src/plugins/bench';
import { createUser } from '../factories';
import { useTestDatabase } from '../helpers/db';
import { testEnv } from '../helpers/env';

/** The bench-only routes (plugins/bench.ts) exist only behind their flags. */
const counter = new QueryCounter();
const t = useTestDatabase({ onQuery: counter.record, reset: false });
const apps: FastifyInstance[] = [];

afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

async function appWith(overrides: Record<string, string>, withCounter = false): Promise<FastifyInstance> {
  // No web build: an unknown path is a plain 404 instead of the SPA's index.html.
  const env = testEnv({ WEB_DIST_DIR: '/nonexistent-web-dist', ...overrides });
  const app = await buildApp({
    env,
    db: t.db,
    engineMemory: () => t.tdb.engineMemoryBytes(),
    ...(withCounter ? { queryCounter: counter } : {}),
  });
  await app.ready();
  apps.push(app);
  return app;
}

describe('bench routes', () => {
  it('are not served without their flags', async () => {
    const app = await appWith({});
    const staticResponse = await app.inject({ method: 'GET', url: '/__bench/static?bytes=100' });
    const queriesResponse = await app.inject({ method: 'GET', url: '/__bench/queries' });
    const memoryResponse = await app.inject({ method: 'GET', url: '/__bench/memory' });
    expect(staticResponse.statusCode).toBe(404);
    expect(queriesResponse.statusCode).toBe(404);
    expect(memoryResponse.statusCode).toBe(404);
  });

  it('answers a JSON body of exactly the requested size with BENCH_STATIC_ROUTE', async () => {
    const app = await appWith({ BENCH_STATIC_ROUTE: '1' });
    for (const bytes of [0, 1, 2, 3, 70_000]) {
      const response = await app.inject({ method: 'GET', url: `/__bench/static?bytes=${String(bytes)}` });
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.length).toBe(bytes);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      if (bytes >= 2) expect(typeof response.json()).toBe('string');
    }
    const refused = await app.inject({ method: 'GET', url: '/__bench/static?bytes=-5' });
    expect(refused.statusCode).toBe(400);
    // The counting route stays off: only the flag that was set opens its route.
    expect((await app.inject({ method: 'GET', url: '/__bench/queries' })).statusCode).toBe(404);
  });

  it('reports the statements executed with BENCH_COUNT_QUERIES, itself running none', async () => {
    const app = await appWith({ BENCH_COUNT_QUERIES: 'true' }, true);
    const read = async () =>
      (await app.inject({ method: 'GET', url: '/__bench/queries' })).json<{ statements: number }>().statements;
    const before = await read();
    expect(await read()).toBe(before);
    await createUser(t.db);
    await app.inject({ method: 'GET', url: '/api/stats' });
    const after = await read();
    // createUser inserts one row; GET /api/stats reads both counters in one statement.
    expect(after - before).toBe(2);
  });

  it('refuses to start with BENCH_COUNT_QUERIES but no counter, rather than report zeros', async () => {
    await expect(appWith({ BENCH_COUNT_QUERIES: '1' })).rejects.toThrow(/no query counter/);
  });

  it("reports the process's memory and the embedded engine's WebAssembly memory with BENCH_MEMORY_REPORT", async () => {
    const app = await appWith({ BENCH_MEMORY_REPORT: '1' });
    const response = await app.inject({ method: 'GET', url: '/__bench/memory' });
    expect(response.statusCode).toBe(200);
    const report = response.json<MemoryReport>();
    expect(Object.keys(report).sort()).toEqual(['arrayBuffers', 'engine', 'external', 'heapTotal', 'heapUsed', 'rss']);
    expect(report.heapUsed).toBeGreaterThan(0);
    expect(report.rss).toBeGreaterThan(report.heapUsed);
    if (inject('dbMode') === 'embedded') {
      // PGlite's memory: a whole number of 64 KiB WebAssembly pages, and never less than it starts with.
      expect(report.engine).toBeGreaterThanOrEqual(16 * 1024 * 1024);
      expect((report.engine ?? 0) % 65_536).toBe(0);
    } else {
      expect(report.engine).toBeNull();
    }
    // The other bench routes stay off.
    expect((await app.inject({ method: 'GET', url: '/__bench/queries' })).statusCode).toBe(404);
  });
});
