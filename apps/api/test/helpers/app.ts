import type { Database } from '@rideshare/db';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { afterEach } from 'vitest';

import { buildApp } from '../../src/app';
import { testEnv } from './env';

export async function createTestApp(db: Kysely<Database>, envOverrides: Record<string, string> = {}): Promise<FastifyInstance> {
  const app = await buildApp({ env: testEnv(envOverrides), db });
  await app.ready();
  return app;
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
  const header = response.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  const session = all.find((c) => /^(__Host-)?rideshare\.sid=/.test(c));
  if (!session) throw new Error(`no session cookie in response (status ${String(response.statusCode)}): ${response.body}`);
  return session.split(';')[0] ?? '';
}

/** Logs in over HTTP and returns the Cookie header value for later requests. */
export async function loginAs(app: FastifyInstance, user: { discordUsername: string; password: string }): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { discordUsername: user.discordUsername, password: user.password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${String(response.statusCode)} ${response.body}`);
  return sessionCookie(response);
}
