/**
 * The request limits. Registers:
 *
 * 1. a limit on every route registered after it, per client address (RATE_LIMIT_MAX requests per
 *    RATE_LIMIT_WINDOW_SECONDS; IPv6 by /64), through @fastify/rate-limit, counted in memory in
 *    each API process (with N replicas behind a load balancer a client can reach up to N times
 *    this), answered 429 with Retry-After. Only the API counts (/api, /trpc and any other path that
 *    is not the web app's): health probes are exempt, so a load balancer never sees a healthy
 *    replica as failing, and so are the web app's own files (GET/HEAD outside /api and /trpc),
 *    which cost a file read and arrive ~40 at a time with every page load: counting them locked a
 *    household sharing one address out after a few dozen page views;
 * 2. the tighter per-hour limits on single kinds of write (register, ride creation, join, assign,
 *    ride edits, drop-off order changes, cancellations, marking notifications read, payment writes, trip writes), returned as a
 *    RateLimitCheck that the procedures apply per call (trpc/init.ts `rateLimited`), so REST, tRPC
 *    and each call of a tRPC batch count alike. These are counted in Postgres (table
 *    action_limits, one atomic upsert per call), so they hold exactly across any number of API
 *    instances, like the sign-in throttle (see docs/write-limits.md).
 */
import fastifyRateLimit from '@fastify/rate-limit';
import { tooManyRequestsMessage } from '@rideshare/domain';
import type { Database } from '@rideshare/db';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';

import type { Env } from '../env';
import { decisionPath } from '../http/request-path';
import { ACTION_LIMIT_WINDOW_MS, countAction } from '../repositories/action-limit-repository';
import type { RateLimitBucket, RateLimitCheck } from '../trpc/context';

const PROBE_PATHS = new Set(['/healthz', '/readyz']);

/**
 * Whether a request is outside the per-address limit: a health probe or a web app file. Paths
 * under `countedPrefixes` (routes added to the app from outside) count like the API's.
 */
export function isExemptFromRateLimit(method: string, url: string, countedPrefixes: readonly string[] = []): boolean {
  const path = decisionPath(url);
  if (PROBE_PATHS.has(path)) return true;
  const isApi = path === '/api' || path.startsWith('/api/') || path === '/trpc' || path.startsWith('/trpc/');
  const counted = isApi || countedPrefixes.some((prefix) => path.startsWith(prefix));
  return !counted && (method === 'GET' || method === 'HEAD');
}

/** Requests allowed per hour in each bucket. */
export function bucketLimits(env: Env): Record<RateLimitBucket, number> {
  return {
    register: env.RATE_LIMIT_REGISTER_PER_HOUR,
    rideCreate: env.RATE_LIMIT_RIDE_CREATE_PER_HOUR,
    join: env.RATE_LIMIT_JOIN_PER_HOUR,
    assign: env.RATE_LIMIT_ASSIGN_PER_HOUR,
    quote: env.RATE_LIMIT_QUOTE_PER_HOUR,
    rideEdit: env.RATE_LIMIT_RIDE_EDIT_PER_HOUR,
    sequence: env.RATE_LIMIT_SEQUENCE_PER_HOUR,
    cancel: env.RATE_LIMIT_CANCEL_PER_HOUR,
    markRead: env.RATE_LIMIT_MARK_READ_PER_HOUR,
    payment: env.RATE_LIMIT_PAYMENT_PER_HOUR,
    report: env.RATE_LIMIT_REPORT_PER_HOUR,
    trip: env.RATE_LIMIT_TRIP_PER_HOUR,
    alert: env.RATE_LIMIT_ALERT_PER_HOUR,
  };
}

/** The per-bucket check, counted in the database every instance shares. */
export function databaseRateLimitCheck(db: Kysely<Database>, env: Env): RateLimitCheck {
  const limits = bucketLimits(env);
  return async (bucket, key, now) => {
    const { count, windowStart } = await countAction(db, { bucket, key, now, windowMs: ACTION_LIMIT_WINDOW_MS });
    if (count <= limits[bucket]) return { allowed: true };
    const retryAfterMs = windowStart.getTime() + ACTION_LIMIT_WINDOW_MS - now.getTime();
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
  };
}

/** The per-address limit on every request (per process), and the per-bucket check (shared). */
export async function registerRateLimits(
  app: FastifyInstance,
  env: Env,
  db: Kysely<Database>,
  { countedPrefixes = [] }: { countedPrefixes?: readonly string[] } = {},
): Promise<RateLimitCheck> {
  await app.register(fastifyRateLimit, {
    global: true,
    max: env.RATE_LIMIT_MAX,
    timeWindow: env.RATE_LIMIT_WINDOW_SECONDS * 1000,
    allowList: (request) => isExemptFromRateLimit(request.method, request.url, countedPrefixes),
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error(tooManyRequestsMessage(context.ttl)), { statusCode: context.statusCode }),
  });
  return databaseRateLimitCheck(db, env);
}
