// `req.session` is typed by @fastify/session's augmentation; importing it here keeps that true for
// programs that reach this file only through the type-only entry (the web app's typecheck).
import type {} from '@fastify/session';
import type { Database } from '@rideshare/db';
import { isSessionIdle, sessionNeedsTouch } from '@rideshare/domain';
import { TRPCError } from '@trpc/server';
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import type { Kysely } from 'kysely';

import { deviceOf, type DeviceControl } from '../auth/device-cookie';
import type { Env } from '../env';
import type { LiveEventHub } from '../events/hub';
import { sessionStreamTag } from '../events/publish';
import { touchSession } from '../repositories/session-repository';
import { findAuthUserById, type AuthUser } from '../repositories/user-repository';
import { busyRefusal, toTRPCError } from './errors';
import { RideListCache } from '../cache/ride-list-cache';

/** The writes with a tighter rate limit than the per-address one (RATE_LIMIT_*_PER_HOUR). */
export type RateLimitBucket =
  | 'register'
  | 'rideCreate'
  | 'join'
  | 'assign'
  | 'quote'
  | 'rideEdit'
  | 'sequence'
  | 'cancel'
  | 'markRead'
  | 'payment'
  | 'report'
  | 'trip'
  | 'alert';

/**
 * Counts one call at `now` against a bucket for a key ('user:12', 'ip:203.0.113.7'); says whether
 * it may go on.
 */
export type RateLimitCheck = (
  bucket: RateLimitBucket,
  key: string,
  now: Date,
) => Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }>;

/**
 * What a procedure may do with the caller's session, independent of HTTP so that procedures run the
 * same in-process (scripts, tests) as behind Fastify.
 */
export interface SessionControl {
  /** Starts a fresh session for this user (new id, so a pre-login id can never be reused). */
  signIn(userId: number): Promise<void>;
  /** Ends the session server-side. */
  signOut(): Promise<void>;
  /** The current session's id (changes on signIn), so "end my other sessions" can spare it. */
  readonly id: string;
}

export interface ContextInner {
  db: Kysely<Database>;
  env: Env;
  user: AuthUser | null;
  session: SessionControl | null;
  /** The browser's device cookie (HTTP only): which accounts it signed in to before. */
  device: DeviceControl | null;
  /** The client's address as seen behind the configured proxies; keys the login rate limit. */
  clientIp: string;
  /**
   * The ride list cache every list read goes through (`ride.list`, GET /api/rides): the instance's
   * one over HTTP; in-process (scripts, tests) a fresh one, which hears no notifications and so
   * reads the list version on every call.
   */
  rideListCache: RideListCache;
  /** The per-bucket write limits; null in-process (scripts, tests), which are not limited. */
  rateLimit: RateLimitCheck | null;
  /** The instance's live event hub (`live.events`); null in-process, where nothing is listening. */
  liveEvents: LiveEventHub | null;
  /**
   * For an event stream opened within a signed-in session: the session's mark (its streams end
   * with it) and how long until it goes idle. Null for visitors and in-process.
   */
  streamSession: StreamSession | null;
  now: () => Date;
  /** The HTTP request's id (x-request-id), quoted in internal-error answers; null in-process. */
  requestId: string | null;
  /**
   * The origin links back to the app are built on (calendar files and feed URLs): PUBLIC_URL's when
   * set, otherwise the request's own (protocol and Host); in-process, http://127.0.0.1:PORT.
   */
  origin: string;
}

/** What an event stream needs to know about the session that opens it. */
export interface StreamSession {
  tag: string;
  idleInMs: number;
}

export interface CreateContextInnerOptions {
  db: Kysely<Database>;
  env: Env;
  user?: AuthUser | null;
  session?: SessionControl | null;
  device?: DeviceControl | null;
  clientIp?: string;
  rideListCache?: RideListCache;
  rateLimit?: RateLimitCheck | null;
  liveEvents?: LiveEventHub | null;
  streamSession?: StreamSession | null;
  now?: () => Date;
  requestId?: string | null;
  origin?: string;
}

/** Context without HTTP: used by tests and in-process scripts through `createCaller`. */
export function createContextInner(opts: CreateContextInnerOptions): ContextInner {
  return {
    db: opts.db,
    env: opts.env,
    user: opts.user ?? null,
    session: opts.session ?? null,
    device: opts.device ?? null,
    clientIp: opts.clientIp ?? '127.0.0.1',
    rideListCache: opts.rideListCache ?? new RideListCache(),
    rateLimit: opts.rateLimit ?? null,
    liveEvents: opts.liveEvents ?? null,
    streamSession: opts.streamSession ?? null,
    now: opts.now ?? (() => new Date()),
    requestId: opts.requestId ?? null,
    origin: opts.origin ?? appOrigin(opts.env, null),
  };
}

/** PUBLIC_URL's origin, else the request's (behind TRUST_PROXY, the forwarded one), else loopback. */
export function appOrigin(env: Env, req: Pick<CreateFastifyContextOptions['req'], 'protocol' | 'host'> | null): string {
  if (env.PUBLIC_URL) return new URL(env.PUBLIC_URL).origin;
  return req ? `${req.protocol}://${req.host}` : `http://127.0.0.1:${String(env.PORT)}`;
}

export interface HttpContextDeps {
  db: Kysely<Database>;
  env: Env;
  rideListCache: RideListCache;
  /** Set by buildApp once the rate-limit plugin is registered. */
  rateLimit?: RateLimitCheck;
  /** The instance's live event hub (buildApp). */
  liveEvents?: LiveEventHub;
  /** The procedures' clock (buildApp's `now`, tests only); the real one when left out. */
  now?: () => Date;
}

/**
 * The procedures that check a password or a reset code (or hash a new password). A batch may not
 * carry them: one HTTP request would otherwise deliver a pile of guesses, or of argon2 work.
 */
export const CREDENTIAL_PROCEDURES: ReadonlySet<string> = new Set([
  'auth.login',
  'auth.register',
  'auth.changePassword',
  'auth.completePasswordReset',
  'admin.resetUserPassword',
]);

/** The most calls one tRPC batch may carry (tRPC's own maxBatchSize refuses longer ones). */
export const MAX_BATCH_CALLS = 10;

/** Refuses a tRPC batch of more than one call that includes a credential procedure. */
export function assertBatchAllowed(info: Pick<CreateFastifyContextOptions['info'], 'isBatchCall' | 'calls'>): void {
  if (!info.isBatchCall || info.calls.length <= 1) return;
  const credential = info.calls.find((call) => CREDENTIAL_PROCEDURES.has(call.path));
  if (credential) {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: `${credential.path} cannot be batched with other calls; send it on its own`,
    });
  }
}

/**
 * The signed-in user behind a request's session, or null. The row is read fresh every request, so
 * the admin right (`users.is_admin`) is decided here, once per request, from the database. A
 * session pointing at a deleted user, or left unused longer than its idle timeout (the admin's is
 * shorter), is ended; otherwise its last use is written down at most once a minute, except by an
 * event stream (`stream`): a tab left open reconnects its stream on its own, which is no use of
 * the session, so it never keeps a session from going idle. Also answers how long until the
 * session goes idle.
 */
async function sessionUser(
  deps: HttpContextDeps,
  req: CreateFastifyContextOptions['req'],
  now: Date,
  stream: boolean,
): Promise<{ user: AuthUser; idleInMs: number } | null> {
  const userId = req.session.get('userId');
  if (typeof userId !== 'number') return null;
  const user = await findAuthUserById(deps.db, userId);
  const lastSeenAt = new Date(req.session.get('lastSeenAt') ?? now.getTime());
  const idlePolicy = {
    idleMs: deps.env.SESSION_IDLE_HOURS * 3_600_000,
    adminIdleMs: deps.env.SESSION_ADMIN_IDLE_HOURS * 3_600_000,
  };
  if (!user || isSessionIdle(lastSeenAt, now, user.isAdmin, idlePolicy)) {
    // Ends it server-side and answers with a fresh, empty (so unstored) session: this request may
    // still sign in or out, and the browser's stale cookie is cleared.
    await req.session.regenerate();
    return null;
  }
  let seen = lastSeenAt;
  if (!stream && sessionNeedsTouch(lastSeenAt, now)) {
    await touchSession(deps.db, req.session.sessionId, now);
    seen = now;
  }
  const idleMs = user.isAdmin ? idlePolicy.adminIdleMs : idlePolicy.idleMs;
  return { user, idleInMs: seen.getTime() + idleMs - now.getTime() };
}

/** The live event stream's procedure (a tRPC call, or the REST stream calling it). */
const STREAM_PROCEDURE = 'live.events';

/** Fastify request → context: the session's user id is loaded into a fresh user row each request. */
export async function createContextFromRequest(
  deps: HttpContextDeps,
  {
    req,
    info,
    stream = info?.calls.some((call) => call.path === STREAM_PROCEDURE) ?? false,
  }: Pick<CreateFastifyContextOptions, 'req'> &
    Partial<Pick<CreateFastifyContextOptions, 'info'>> & {
      /** The request opens an event stream (the REST stream says so; tRPC's is seen from `info`). */
      stream?: boolean;
    },
): Promise<ContextInner> {
  if (info) assertBatchAllowed(info);
  const signedIn = await sessionUser(deps, req, new Date(), stream).catch((error: unknown) => {
    // A saturated database while reading the session: 503 with Retry-After, as in a procedure.
    const busy = busyRefusal(error);
    throw busy ? toTRPCError(busy) : error;
  });
  const session: SessionControl = {
    signIn: async (id) => {
      await req.session.regenerate();
      req.session.set('userId', id);
      await req.session.save();
    },
    signOut: async () => {
      await req.session.destroy();
    },
    get id() {
      return req.session.sessionId;
    },
  };
  return createContextInner({
    db: deps.db,
    env: deps.env,
    user: signedIn?.user ?? null,
    session,
    device: deviceOf(req, deps.env),
    clientIp: req.ip,
    rideListCache: deps.rideListCache,
    rateLimit: deps.rateLimit ?? null,
    liveEvents: deps.liveEvents ?? null,
    streamSession:
      stream && signedIn ? { tag: sessionStreamTag(req.session.sessionId), idleInMs: signedIn.idleInMs } : null,
    requestId: req.id,
    origin: appOrigin(deps.env, req),
    now: deps.now,
  });
}

declare module 'fastify' {
  interface Session {
    userId?: number;
    /** When the session was last used (ms since the epoch), from `sessions.last_seen_at`. */
    lastSeenAt?: number;
  }
}
