/**
 * Secure cookies behind a TLS proxy: without PUBLIC_URL, the session cookie is marked Secure per
 * request, when the request came over HTTPS (directly, or as a proxy trusted by TRUST_PROXY says in
 * X-Forwarded-Proto); and a process listening beyond loopback without PUBLIC_URL says at start-up
 * what that means. See docs/http-requests.md#secure-cookies.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';

import { parseEnv } from '../../src/env';
import { createUser, DEFAULT_PASSWORD } from '../factories';
import { appsPerTest, sessionCookie, sessionSetCookie } from '../helpers/app';
import { useTestDatabase } from '../helpers/db';
import { ensureServerBuilt, spawnApiProcess, stopApiProcess, type SpawnedApiProcess } from './api-process';

const t = useTestDatabase();
const appWith = appsPerTest(() => t.db);

async function login(app: FastifyInstance, headers: Record<string, string> = {}) {
  const user = await createUser(t.db, { discordUsername: `u${String(Math.floor(Math.random() * 1e9))}` });
  return app.inject({
    method: 'POST',
    url: '/api/login',
    headers,
    payload: { discordUsername: user.discordUsername, password: DEFAULT_PASSWORD },
  });
}

const setCookie = sessionSetCookie;
const deviceSetCookie = (res: { headers: Record<string, unknown> }) => {
  const header = res.headers['set-cookie'];
  const all = Array.isArray(header) ? header.map(String) : [String(header)];
  return all.find((c) => /^(__Host-)?rideshare\.device=/.test(c)) ?? '';
};

describe('the session cookie without PUBLIC_URL', () => {
  it('is Secure when a proxy in TRUST_PROXY says the request came over HTTPS, and not otherwise', async () => {
    const app = await appWith({ TRUST_PROXY: 'loopback' });
    const overHttps = await login(app, { 'x-forwarded-proto': 'https' });
    expect(setCookie(overHttps)).toMatch(/^rideshare\.sid=[^;]+; Path=\/;.*; HttpOnly; Secure; SameSite=Lax$/);
    // The device cookie a sign-in leaves follows the same decision.
    expect(deviceSetCookie(overHttps)).toMatch(/; Secure;/);
    expect(deviceSetCookie(await login(app, { 'x-forwarded-proto': 'http' }))).not.toMatch(/Secure/);
    // The cookie set over HTTPS is the one read back.
    const me = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { 'x-forwarded-proto': 'https', cookie: sessionCookie(overHttps) },
    });
    expect(me.statusCode).toBe(200);
    const overHttp = await login(app, { 'x-forwarded-proto': 'http' });
    expect(setCookie(overHttp)).toMatch(/^rideshare\.sid=[^;]+;.*HttpOnly; SameSite=Lax$/);
    expect(setCookie(await login(app))).not.toMatch(/Secure/);
  });

  it('ignores X-Forwarded-Proto from a peer that TRUST_PROXY does not name', async () => {
    for (const env of [{}, { TRUST_PROXY: '10.0.0.0/8' }] as Record<string, string>[]) {
      const app = await appWith(env);
      expect(setCookie(await login(app, { 'x-forwarded-proto': 'https' }))).not.toMatch(/Secure/);
    }
  });

  it('follows PUBLIC_URL when it is set, whatever a proxy says', async () => {
    const http = await appWith({ PUBLIC_URL: 'http://localhost:3000', TRUST_PROXY: 'loopback' });
    expect(setCookie(await login(http, { 'x-forwarded-proto': 'https' }))).not.toMatch(/Secure/);
    const https = await appWith({ PUBLIC_URL: 'https://rides.example.com', TRUST_PROXY: 'loopback' });
    expect(setCookie(await login(https))).toMatch(/^__Host-rideshare\.sid=.*; Secure; SameSite=Lax$/);
  });
});

describe('the start-up warning', () => {
  const BEYOND = /HOST=0\.0\.0\.0 accepts connections from other machines and PUBLIC_URL is not set/;

  it('is given exactly when the app listens beyond loopback without PUBLIC_URL', () => {
    const warnings = (env: Record<string, string>) => parseEnv(env).STARTUP_WARNINGS.join('\n');
    expect(warnings({ HOST: '0.0.0.0' })).toMatch(BEYOND);
    expect(warnings({ HOST: '0.0.0.0' })).toMatch(/TRUST_PROXY is not set/);
    expect(warnings({ HOST: '0.0.0.0', TRUST_PROXY: 'uniquelocal' })).toMatch(/X-Forwarded-Proto/);
    expect(warnings({ HOST: '0.0.0.0', TRUST_PROXY: 'uniquelocal' })).not.toMatch(/TRUST_PROXY is not set/);
    expect(parseEnv({ HOST: '::' }).STARTUP_WARNINGS).toEqual([expect.stringMatching(/^HOST=:: accepts/)]);
    for (const host of ['127.0.0.1', '127.0.0.2', 'localhost', '::1']) {
      expect(parseEnv({ HOST: host }).STARTUP_WARNINGS, host).toEqual([]);
    }
    expect(parseEnv({ HOST: '0.0.0.0', PUBLIC_URL: 'https://rides.example.com' }).STARTUP_WARNINGS).toEqual([]);
  });

  describe('in the production process', () => {
    let proc: SpawnedApiProcess | undefined;
    beforeAll(() => {
      ensureServerBuilt();
    });
    afterEach(async () => {
      if (proc) await stopApiProcess({ ...proc, baseUrl: '' });
      proc = undefined;
    });

    /** The process's output once it says it is running (or fails the test after 30 s). */
    async function startupOutput(env: Record<string, string>): Promise<string> {
      const database: Record<string, string> =
        inject('dbMode') === 'server' ? { DATABASE_URL: t.tdb.connectionString } : { DATA_DIR: 'memory://' };
      proc = spawnApiProcess('startup', {
        NODE_ENV: 'production',
        SESSION_SECRET: 'startup-warning-test-secret-0123456789abcdef',
        LOG_LEVEL: 'warn',
        ...database,
        ...env,
      });
      const started = proc;
      const deadline = Date.now() + 30_000;
      while (!started.output().includes('RideShare is running at')) {
        if (Date.now() > deadline || started.child.exitCode !== null) {
          throw new Error(`did not start:\n${started.output()}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return started.output();
    }

    it('logs the warning when listening on 0.0.0.0 without PUBLIC_URL', async () => {
      const output = await startupOutput({ HOST: '0.0.0.0' });
      const line = output
        .split('\n')
        .find((l) => l.includes('HOST=0.0.0.0 accepts connections from other machines and PUBLIC_URL is not set'));
      expect(line, output).toBeDefined();
      expect(JSON.parse(line ?? '{}')).toMatchObject({ level: 40 });
    });

    it('says nothing of it on loopback', async () => {
      const output = await startupOutput({ HOST: '127.0.0.1' });
      expect(output).not.toMatch(/PUBLIC_URL is not set/);
    });
  });
});
