import type { Database } from '@rideshare/db';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll } from 'vitest';

import { buildApp } from '../../src/app';
import { ready, useTestDatabase, type DatabaseFixture, type UseTestDatabaseOptions } from './db';
import { testEnv } from './env';
import { listenOnLoopback } from './scripts';

export async function createTestApp(
  db: Kysely<Database>,
  envOverrides: Record<string, string> = {},
): Promise<FastifyInstance> {
  const app = await buildApp({ env: testEnv(envOverrides), db });
  await app.ready();
  return app;
}

/** What `useTestApp` hands a test file: the database fixture plus the app built on it. */
export interface AppFixture extends DatabaseFixture {
  readonly app: FastifyInstance;
  /** `http://127.0.0.1:<port>`, with `listen: true` only. */
  readonly baseUrl: string;
}

export interface UseTestAppOptions extends Pick<UseTestDatabaseOptions, 'reset'> {
  /** Settings over `testEnv()` for the app (ignored when `build` is given). */
  env?: Record<string, string>;
  /** Also listen on a random loopback port (for clients that speak real HTTP) and expose `baseUrl`. */
  listen?: boolean;
  /** Builds the app on the file's database instead of `createTestApp(db, env)`; must resolve ready. */
  build?: (db: Kysely<Database>) => Promise<FastifyInstance>;
}

/**
 * One database (as `useTestDatabase`) and one app on it for the whole file (or describe block): the
 * app is built in `beforeAll` after the database and closed in `afterAll` before the database goes.
 * Tables are emptied before each test unless `reset: false`; the app is kept across tests.
 */
export function useTestApp(options: UseTestAppOptions = {}): AppFixture {
  const { env = {}, listen = false, build = (db) => createTestApp(db, env), reset } = options;
  const database = useTestDatabase({ reset });
  let app: FastifyInstance | undefined;
  let baseUrl: string | undefined;
  beforeAll(async () => {
    app = await build(database.db);
    if (listen) baseUrl = await listenOnLoopback(app);
  });
  afterAll(async () => {
    await app?.close();
  });
  return {
    get tdb() {
      return database.tdb;
    },
    get db() {
      return database.db;
    },
    get app() {
      return ready(app, 'the test app');
    },
    get baseUrl() {
      if (!listen) throw new Error('useTestApp({ listen: true }) gives a baseUrl; this app does not listen');
      return ready(baseUrl, 'the test app');
    },
  };
}

/**
 * For tests that each start apps with their own settings: returns `openApp(envOverrides)`, which
 * builds an app on `db()` and keeps it, and registers an afterEach that closes every app the test
 * opened (before the file's database is dropped).
 */
export function appsPerTest(
  db: () => Kysely<Database>,
): (envOverrides?: Record<string, string>) => Promise<FastifyInstance> {
  const opened: FastifyInstance[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((app) => app.close()));
  });
  return async (envOverrides = {}) => {
    const app = await createTestApp(db(), envOverrides);
    opened.push(app);
    return app;
  };
}

/**
 * The `name=value` pair of the session cookie a response set, for the next request's Cookie header
 * (`rideshare.sid`, or `__Host-rideshare.sid` when PUBLIC_URL is https).
 */
export function sessionCookie(response: LightMyRequestResponse): string {
  return sessionSetCookie(response).split(';')[0] ?? '';
}

/** The whole Set-Cookie line of the session cookie (attributes included); other cookies are skipped. */
export function sessionSetCookie(response: Pick<LightMyRequestResponse, 'headers' | 'statusCode' | 'body'>): string {
  const header = response.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  const session = all.find((c) => /^(__Host-)?rideshare\.sid=/.test(c));
  if (!session)
    throw new Error(`no session cookie in response (status ${String(response.statusCode)}): ${response.body}`);
  return session;
}

/** Logs in over HTTP and returns the Cookie header value for later requests. */
export async function loginAs(
  app: FastifyInstance,
  user: { discordUsername: string; password: string },
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { discordUsername: user.discordUsername, password: user.password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${String(response.statusCode)} ${response.body}`);
  return sessionCookie(response);
}
