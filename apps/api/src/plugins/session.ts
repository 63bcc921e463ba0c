/**
 * Registers @fastify/cookie, then @fastify/session with the Postgres store. Cookie: httpOnly,
 * SameSite=Lax, Secure when served over HTTPS. Sessions are only stored once something is put in
 * them (sign-in), so anonymous visitors create no rows. Then a hook that re-signs cookies still
 * signed with an older SESSION_SECRET, so rotating the secret signs no one out.
 */
import fastifyCookie, { Signer } from '@fastify/cookie';
import fastifySession from '@fastify/session';
import type { Database } from '@rideshare/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';

import type { Env } from '../env';
import { PostgresSessionStore } from './session-store';

export const SESSION_COOKIE_NAME = 'rideshare.sid';

export const sessionPlugin = fp(
  async (app: FastifyInstance, opts: { env: Env; db: Kysely<Database> }) => {
    const maxAgeMs = opts.env.SESSION_MAX_AGE_DAYS * 24 * 60 * 60 * 1000;
    const store = new PostgresSessionStore(opts.db, maxAgeMs);
    if (opts.env.NODE_ENV !== 'test') store.startSweeping();
    app.addHook('onClose', () => {
      store.stopSweeping();
    });
    await app.register(fastifyCookie);
    await app.register(fastifySession, {
      // The first secret signs; all of them verify (rotation).
      secret: opts.env.SESSION_SECRETS,
      cookieName: SESSION_COOKIE_NAME,
      saveUninitialized: false,
      rolling: false,
      store,
      cookie: {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: opts.env.COOKIE_SECURE,
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
        const raw = request.cookies[SESSION_COOKIE_NAME];
        if (!raw || request.session.get('userId') === undefined) return;
        if (!signer.unsign(raw).renew) return;
        await request.session.save();
        request.cookies[SESSION_COOKIE_NAME] = request.session.encryptedSessionId;
      });
    }
  },
  { name: 'session' },
);
