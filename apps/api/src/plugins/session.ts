/**
 * Registers @fastify/cookie, then @fastify/session with the Postgres store. Cookie: httpOnly,
 * SameSite=Lax, Secure and named `__Host-rideshare.sid` when served over HTTPS (the prefix makes the
 * browser refuse it from plain HTTP, from another path or from a sibling domain). Sessions are only
 * stored once something is put in them (sign-in), so anonymous visitors create no rows. Then a hook
 * that re-signs cookies still signed with an older SESSION_SECRET, so rotating the secret signs no
 * one out, and one that marks every API answer given within a session `Cache-Control: no-store`.
 * The device cookie of a sign-in (auth/device-cookie.ts) is sent by a hook registered here too.
 */
import fastifyCookie, { Signer } from '@fastify/cookie';
import fastifySession from '@fastify/session';
import type { Database } from '@rideshare/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';

import { registerDeviceCookie } from '../auth/device-cookie';
import type { Env } from '../env';
import { apiPathKind } from '../http/request-path';
import { PostgresSessionStore } from './session-store';

export const SESSION_COOKIE_NAME = 'rideshare.sid';

/** The session cookie's name: with the `__Host-` prefix exactly when the cookie is Secure (HTTPS). */
export function sessionCookieName(env: Pick<Env, 'COOKIE_SECURE'>): string {
  return env.COOKIE_SECURE ? `__Host-${SESSION_COOKIE_NAME}` : SESSION_COOKIE_NAME;
}

/**
 * The session cookie's Secure flag: from PUBLIC_URL when it is set; otherwise per request, from the
 * protocol the request came over (X-Forwarded-Proto only from a proxy TRUST_PROXY names), so a run
 * behind a TLS-terminating proxy without PUBLIC_URL still marks it Secure over HTTPS.
 */
export function sessionCookieSecure(env: Pick<Env, 'COOKIE_SECURE' | 'PUBLIC_URL'>): boolean | 'auto' {
  return env.PUBLIC_URL ? env.COOKIE_SECURE : 'auto';
}

/** Answers of the API itself (not the web app's files, which are the same for everyone). */
function isApiPath(url: string): boolean {
  const api = apiPathKind(url);
  return api.rest || api.trpc;
}

export const sessionPlugin = fp(
  async (app: FastifyInstance, opts: { env: Env; db: Kysely<Database> }) => {
    const maxAgeMs = opts.env.SESSION_MAX_AGE_DAYS * 24 * 60 * 60 * 1000;
    const maxIdleMs = Math.max(opts.env.SESSION_IDLE_HOURS, opts.env.SESSION_ADMIN_IDLE_HOURS) * 60 * 60 * 1000;
    const cookieName = sessionCookieName(opts.env);
    const store = new PostgresSessionStore(opts.db, maxAgeMs, maxIdleMs);
    if (opts.env.NODE_ENV !== 'test') store.startSweeping();
    app.addHook('onClose', () => {
      store.stopSweeping();
    });
    await app.register(fastifyCookie);
    registerDeviceCookie(app, opts.env, sessionCookieSecure(opts.env));
    await app.register(fastifySession, {
      // The first secret signs; all of them verify (rotation).
      secret: opts.env.SESSION_SECRETS,
      cookieName,
      saveUninitialized: false,
      rolling: false,
      store,
      cookie: {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: sessionCookieSecure(opts.env),
        maxAge: maxAgeMs,
      },
    });

    // @fastify/session accepts a cookie signed with an older secret but, left alone, answers by
    // clearing it (the value it would sign differs), signing the user out. Saving the session
    // re-issues the cookie signed with the current secret, keeping its expiry; pointing the request
    // at the re-signed value stops the plugin from also sending a clearing cookie.
    if (opts.env.SESSION_SECRETS.length > 1) {
      const signer = new Signer(opts.env.SESSION_SECRETS);
      app.addHook('preHandler', async (request) => {
        const raw = request.cookies[cookieName];
        if (!raw || request.session.get('userId') === undefined) return;
        if (!signer.unsign(raw).renew) return;
        await request.session.save();
        request.cookies[cookieName] = request.session.encryptedSessionId;
      });
    }

    // What a signed-in person is shown (their profile, passengers' phone numbers) must never be
    // kept by a browser or a shared proxy cache, nor shown to the next person at a shared computer
    // from the back/forward cache. Anonymous answers keep their own caching headers.
    app.addHook('onSend', async (request, reply) => {
      if (!isApiPath(request.url)) return;
      // Either may be missing: an answer sent from an earlier hook (a CORS preflight) never parsed
      // cookies, and a session ended by this request (logout) leaves `request.session` null.
      const cookies = request.cookies as typeof request.cookies | null;
      const session = request.session as Partial<typeof request.session> | null;
      const signedIn = typeof session?.get === 'function' && session.get('userId') !== undefined;
      if (cookies?.[cookieName] !== undefined || signedIn) reply.header('cache-control', 'no-store');
    });
  },
  { name: 'session' },
);
