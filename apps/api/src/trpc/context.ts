// `req.session` is typed by @fastify/session's augmentation; importing it here keeps that true for
// programs that reach this file only through the type-only entry (the web app's typecheck).
import type {} from '@fastify/session';
import type { Database } from '@rideshare/db';
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import type { Kysely } from 'kysely';

import type { Env } from '../env';
import { findAuthUserById, type AuthUser } from '../repositories/user-repository';
import type { RideListCache } from '../lib/ride-list-cache';

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
  /** The client's address as seen behind the configured proxies; keys the login rate limit. */
  clientIp: string;
  /**
   * The instance's ride list cache (HTTP requests): `ride.list` serves first pages from it. Null in
   * scripts and procedure tests, which then read every page fresh.
   */
  rideListCache: RideListCache | null;
  now: () => Date;
  /** The HTTP request's id (x-request-id), quoted in internal-error answers; null in-process. */
  requestId: string | null;
}

export interface CreateContextInnerOptions {
  db: Kysely<Database>;
  env: Env;
  user?: AuthUser | null;
  session?: SessionControl | null;
  clientIp?: string;
  rideListCache?: RideListCache | null;
  now?: () => Date;
  requestId?: string | null;
}

/** Context without HTTP: used by tests and in-process scripts through `createCaller`. */
export function createContextInner(opts: CreateContextInnerOptions): ContextInner {
  return {
    db: opts.db,
    env: opts.env,
    user: opts.user ?? null,
    session: opts.session ?? null,
    clientIp: opts.clientIp ?? '127.0.0.1',
    rideListCache: opts.rideListCache ?? null,
    now: opts.now ?? (() => new Date()),
    requestId: opts.requestId ?? null,
  };
}

export interface HttpContextDeps {
  db: Kysely<Database>;
  env: Env;
  rideListCache: RideListCache;
}

/** Fastify request → context: the session's user id is loaded into a fresh user row each request. */
export async function createContextFromRequest(
  deps: HttpContextDeps,
  { req }: Pick<CreateFastifyContextOptions, 'req'>,
): Promise<ContextInner> {
  const userId = req.session.get('userId');
  let user: AuthUser | null = null;
  if (typeof userId === 'number') {
    user = await findAuthUserById(deps.db, userId, deps.env);
    // A session pointing at a deleted user is worthless: drop it.
    if (!user) await req.session.destroy();
  }
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
    user,
    session,
    clientIp: req.ip,
    rideListCache: deps.rideListCache,
    requestId: req.id,
  });
}

declare module 'fastify' {
  interface Session {
    userId?: number;
  }
}
