/**
 * Registers @fastify/cookie, then @fastify/session with the Postgres store. Cookie: httpOnly,
 * SameSite=Lax, Secure when served over HTTPS. Sessions are only stored once something is put in
 * them (sign-in), so anonymous visitors create no rows.
 */
import fastifyCookie from '@fastify/cookie';
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
      secret: opts.env.SESSION_SECRET,
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
  },
  { name: 'session' },
);
