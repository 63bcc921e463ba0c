/**
 * Bench-only routes, registered by buildApp only when a BENCH_* flag is on (both are off by default,
 * so a normal deployment never serves them). The benchmark harness (bench/) starts the production
 * server with them to measure two things it cannot see from outside:
 *
 * - BENCH_STATIC_ROUTE=1: GET /__bench/static?bytes=N answers a precomputed JSON body of exactly N
 *   bytes through the same Fastify instance, hooks and headers as every other route. It is the
 *   ceiling each read's throughput is compared with ("the same bytes, nothing to compute").
 * - BENCH_COUNT_QUERIES=1: GET /__bench/queries answers how many SQL statements the process has
 *   executed so far (counted by the database's onQuery hook, which server.ts wires to the counter).
 *   The harness reads it before and after a run of sequential requests: the difference divided by
 *   the number of requests is the statements per request. The route itself runs no query.
 * - BENCH_MEMORY_REPORT=1: GET /__bench/memory answers where the process's memory is
 *   (process.memoryUsage() and the embedded engine's WebAssembly memory), so the harness can say
 *   what its peak resident set is made of (docs/benchmarks.md, Memory).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

import type { Env } from '../env';

/** Counts executed SQL statements; `record` is handed to connectDatabase's onQuery hook. */
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
export interface MemoryReport {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  /** The embedded engine's WebAssembly memory; null on the Postgres server. */
  engine: number | null;
}

export interface BenchPluginOptions {
  env: Env;
  queryCounter?: QueryCounter | undefined;
  /** The database handle's engineMemoryBytes (server.ts), for BENCH_MEMORY_REPORT. */
  engineMemory?: (() => number | null) | undefined;
}

export const benchPlugin = fp(
  async (app: FastifyInstance, opts: BenchPluginOptions) => {
    if (opts.env.BENCH_STATIC_ROUTE) {
      // Built once per size and kept as a Buffer, so answering costs no encoding or serialising.
      const bodies = new Map<number, Buffer>();
      app.get('/__bench/static', async (request, reply) => {
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
    }
    if (opts.env.BENCH_COUNT_QUERIES) {
      const counter = opts.queryCounter;
      if (!counter) throw new Error('BENCH_COUNT_QUERIES is on but no query counter was given to buildApp');
      app.get('/__bench/queries', async () => ({ statements: counter.total }));
    }
    if (opts.env.BENCH_MEMORY_REPORT) {
      const engineMemory = opts.engineMemory ?? (() => null);
      app.get('/__bench/memory', async (): Promise<MemoryReport> => {
        const { rss, heapTotal, heapUsed, external, arrayBuffers } = process.memoryUsage();
        return { rss, heapTotal, heapUsed, external, arrayBuffers, engine: engineMemory() };
      });
    }
  },
  { name: 'bench' },
);
