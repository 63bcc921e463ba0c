/**
 * Request rate limits through @fastify/rate-limit, counted in memory in each API process (with N
 * replicas behind a load balancer a client can reach up to N times these; the sign-in throttle,
 * which guards passwords, is kept in Postgres and holds exactly across replicas). Registers:
 *
 * 1. a limit on every route registered after it, per client address (RATE_LIMIT_MAX requests per
 *    RATE_LIMIT_WINDOW_SECONDS; IPv6 by /64), answered 429 with Retry-After. Only the API counts
 *    (/api, /trpc and any other path that is not the web app's): health probes are exempt, so a
 *    load balancer never sees a healthy replica as failing, and so are the web app's own files
 *    (GET/HEAD outside /api and /trpc), which cost a file read and arrive ~40 at a time with
 *    every page load: counting them locked a household sharing one address out after a few
 *    dozen page views;
 * 2. the tighter per-hour limits on register, ride creation, join and assign, returned as a
 *    RateLimitCheck that the procedures apply per call (trpc/init.ts `rateLimited`), so REST, tRPC
 *    and each call of a tRPC batch count alike.
 */
import fastifyRateLimit from '@fastify/rate-limit';
import { tooManyRequestsMessage } from '@rideshare/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { Env } from '../env';
import { decisionPath } from '../lib/request-path';
import type { RateLimitBucket, RateLimitCheck } from '../trpc/context';

const PROBE_PATHS = new Set(['/healthz', '/readyz']);

/** Whether a request is outside the per-address limit: a health probe or a web app file. */
export function isExemptFromRateLimit(method: string, url: string): boolean {
  const path = decisionPath(url);
  if (PROBE_PATHS.has(path)) return true;
  const isApi = path === '/api' || path.startsWith('/api/') || path === '/trpc' || path.startsWith('/trpc/');
  return !isApi && !path.startsWith('/__bench/') && (method === 'GET' || method === 'HEAD');
}

/** Requests allowed per hour in each bucket. */
export function bucketLimits(env: Env): Record<RateLimitBucket, number> {
  return {
    register: env.RATE_LIMIT_REGISTER_PER_HOUR,
    rideCreate: env.RATE_LIMIT_RIDE_CREATE_PER_HOUR,
    join: env.RATE_LIMIT_JOIN_PER_HOUR,
    assign: env.RATE_LIMIT_ASSIGN_PER_HOUR,
  };
}

/** What a bucket limiter is handed instead of a request: the key the procedure chose. */
interface KeyedCall {
  rateLimitKey: string;
  routeOptions: object;
}

export async function registerRateLimits(app: FastifyInstance, env: Env): Promise<RateLimitCheck> {
  await app.register(fastifyRateLimit, {
    global: true,
    max: env.RATE_LIMIT_MAX,
    timeWindow: env.RATE_LIMIT_WINDOW_SECONDS * 1000,
    allowList: (request) => isExemptFromRateLimit(request.method, request.url),
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error(tooManyRequestsMessage(context.ttl)), { statusCode: context.statusCode }),
  });

  const limiters = Object.fromEntries(
    Object.entries(bucketLimits(env)).map(([bucket, perHour]) => [
      bucket,
      app.createRateLimit({
        max: perHour,
        timeWindow: 60 * 60 * 1000,
        allowList: [],
        keyGenerator: (call) => (call as unknown as KeyedCall).rateLimitKey,
      }),
    ]),
  ) as Record<RateLimitBucket, ReturnType<FastifyInstance['createRateLimit']>>;

  // The in-memory store hands every caller of a key the same counter object and the limiter reads
  // it after an await, so calls overlapping in time (the calls of one tRPC batch) would all read
  // the count left by the last of them. One after another, each reads its own count.
  let previous: Promise<unknown> = Promise.resolve();
  return async (bucket, key) => {
    const call: KeyedCall = { rateLimitKey: `${bucket}:${key}`, routeOptions: {} };
    const pending = previous.then(() => limiters[bucket](call as unknown as FastifyRequest));
    previous = pending.catch(() => undefined);
    const result = await pending;
    if (result.isAllowed || !result.isExceeded) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.max(1, result.ttlInSeconds) };
  };
}
