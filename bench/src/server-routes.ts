/**
 * The routes the harness adds to the production server it runs (server-entry.ts registers them on
 * the app before it listens; a deployment never has them), to measure what it cannot see from
 * outside:
 *
 * - GET /__bench/static?bytes=N answers a precomputed JSON body of exactly N bytes through the same
 *   Fastify instance, hooks and headers as every other route: the ceiling each read's throughput is
 *   compared with ("the same bytes, nothing to compute").
 * - GET /__bench/queries answers how many SQL statements the process has executed so far (counted
 *   by the database's onQuery hook). Read before and after a run of sequential requests, the
 *   difference divided by the number of requests is the statements per request. It runs no query.
 * - GET /__bench/memory answers where the process's memory is (process.memoryUsage() and the
 *   embedded engine's WebAssembly memory), so the harness can say what its peak resident set is
 *   made of (docs/benchmarks.md, Memory).
 */
import type { StartOptions } from '@rideshare/api/start';

/** The app the server's start-up hands to `extend` (a Fastify instance). */
type App = Parameters<NonNullable<StartOptions['extend']>>[0];

/** Where the bench routes live; the server's per-address request limit counts them like the API. */
export const BENCH_PATH_PREFIX = '/__bench/';

/** Counts executed SQL statements; `record` is handed to the database's onQuery hook. */
export class QueryCounter {
  private count = 0;

  readonly record = (): void => {
    this.count += 1;
  };

  get total(): number {
    return this.count;
  }
}

/** The largest static body served; bigger requests are refused rather than filling memory. */
export const BENCH_STATIC_MAX_BYTES = 64 * 1024 * 1024;

/** A syntactically valid JSON document of exactly `bytes` bytes (a string of filler). */
export function staticBody(bytes: number): Buffer {
  if (bytes < 2) return Buffer.from('0'.repeat(Math.max(bytes, 0)));
  return Buffer.from(`"${'x'.repeat(bytes - 2)}"`);
}

/** What GET /__bench/memory answers, in bytes. */
export interface ServerMemoryReport {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  /** The embedded engine's WebAssembly memory; null on the Postgres server. */
  engine: number | null;
}

export interface BenchRouteOptions {
  queryCounter: QueryCounter;
  /** The database handle's engineMemoryBytes. */
  engineMemory: () => number | null;
}

/** Adds the bench routes to the app (on the root instance, so every app-wide hook applies). */
export function registerBenchRoutes(app: App, opts: BenchRouteOptions): void {
  // Built once per size and kept as a Buffer, so answering costs no encoding or serialising.
  const bodies = new Map<number, Buffer>();
  app.get(`${BENCH_PATH_PREFIX}static`, async (request, reply) => {
    const raw = (request.query as { bytes?: unknown }).bytes;
    const bytes = Number(raw);
    if (!Number.isInteger(bytes) || bytes < 0 || bytes > BENCH_STATIC_MAX_BYTES) {
      return reply
        .code(400)
        .send({ error: `bytes must be a whole number from 0 to ${String(BENCH_STATIC_MAX_BYTES)}` });
    }
    let body = bodies.get(bytes);
    if (!body) {
      body = staticBody(bytes);
      bodies.set(bytes, body);
    }
    return reply.type('application/json; charset=utf-8').send(body);
  });
  app.get(`${BENCH_PATH_PREFIX}queries`, async () => ({ statements: opts.queryCounter.total }));
  app.get(`${BENCH_PATH_PREFIX}memory`, async (): Promise<ServerMemoryReport> => {
    const { rss, heapTotal, heapUsed, external, arrayBuffers } = process.memoryUsage();
    return { rss, heapTotal, heapUsed, external, arrayBuffers, engine: opts.engineMemory() };
  });
}
