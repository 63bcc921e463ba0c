import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';

import { createUser, DEFAULT_PASSWORD } from '../factories';
import { appsPerTest, sessionCookie, sessionSetCookie } from '../helpers/app';
import { useTestDatabase } from '../helpers/db';
import { testEnv } from '../helpers/env';

const t = useTestDatabase();
const appsWith = appsPerTest(() => t.db);

// A web build to serve: the page (index.html, also every deep link) and one hashed script.
const webDist = mkdtempSync(join(tmpdir(), 'rideshare-security-dist-'));
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Rideshare</title>');
writeFileSync(join(webDist, 'assets', 'index-4f2a9c1b.js'), 'console.log(1);');
afterAll(() => {
  rmSync(webDist, { recursive: true, force: true });
});

const appWith = (env: Record<string, string> = {}) => appsWith({ WEB_DIST_DIR: webDist, ...env });

/** The app's page, as a deep link loads it. */
const page = (app: FastifyInstance) => app.inject({ method: 'GET', url: '/home' });

/** Headers only a page applies: they go on HTML documents alone. */
const DOCUMENT_ONLY = [
  'permissions-policy',
  'x-frame-options',
  'cross-origin-opener-policy',
  'referrer-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

describe('security headers', () => {
  it('sends the page a CSP fitted to the SPA, MapLibre and the default map and search services', async () => {
    const app = await appWith();
    const res = await page(app);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(csp.get('img-src')).toEqual(
      expect.arrayContaining(["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org']),
    );
    expect(csp.get('connect-src')).toEqual([
      "'self'",
      'https://tile.openstreetmap.org',
      'https://nominatim.openstreetmap.org',
    ]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    // Plain-HTTP deployments must not have their requests upgraded to https.
    expect(csp.has('upgrade-insecure-requests')).toBe(false);

    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['permissions-policy']).toContain('camera=()');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('derives the map and search origins from MAP_STYLE_URL, PLACE_SEARCH_URL and CSP_EXTRA_ORIGINS', async () => {
    const app = await appWith({
      MAP_STYLE_URL: 'https://tiles.example.net/styles/basic/style.json?key=abc',
      PLACE_SEARCH_URL: 'https://geo.example.org:8443/search',
      CSP_EXTRA_ORIGINS: 'https://cdn.example.com',
    });
    const res = await page(app);
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('connect-src')).toEqual([
      "'self'",
      'https://tiles.example.net',
      'https://geo.example.org:8443',
      'https://cdn.example.com',
    ]);
    expect(csp.get('img-src')).toContain('https://tiles.example.net');
    expect(csp.get('connect-src')).not.toContain('https://tile.openstreetmap.org');
  });

  it('a relative place search URL needs no extra origin', async () => {
    const app = await appWith({ PLACE_SEARCH_URL: '/api/places' });
    const res = await page(app);
    expect(directives(res.headers['content-security-policy']).get('connect-src')).toEqual([
      "'self'",
      'https://tile.openstreetmap.org',
    ]);
  });

  it('adds HSTS and upgrade-insecure-requests when served over HTTPS', async () => {
    const app = await appWith({ PUBLIC_URL: 'https://rides.example.com' });
    const res = await page(app);
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(directives(res.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);
    // HSTS holds for the whole origin, whichever answer brought it.
    for (const url of ['/assets/index-4f2a9c1b.js', '/api/stats']) {
      const other = await app.inject({ method: 'GET', url });
      expect(other.headers['strict-transport-security'], url).toBe(res.headers['strict-transport-security']);
    }
  });

  it('sends scripts, stylesheets and API answers only the headers that protect them', async () => {
    const app = await appWith();
    const script = await app.inject({ method: 'GET', url: '/assets/index-4f2a9c1b.js' });
    const api = await app.inject({ method: 'GET', url: '/api/stats' });
    for (const res of [script, api]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['x-request-id']).toBeTruthy();
      for (const name of DOCUMENT_ONLY) expect(res.headers[name], name).toBeUndefined();
    }
    expect(script.headers['content-security-policy']).toBeUndefined();
    // An API answer opened as a page may run nothing and sits in no frame.
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    // The page itself carries the whole set.
    const html = await page(app);
    for (const name of DOCUMENT_ONLY) expect(html.headers[name], name).toBeTruthy();
  });

  it('marks the session cookie Secure and names it __Host-… exactly when PUBLIC_URL is https', async () => {
    const user = await createUser(t.db, { discordUsername: 'ivan' });
    const login = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'x-forwarded-proto': 'https' },
        payload: { discordUsername: user.discordUsername, password: DEFAULT_PASSWORD },
      });
    const httpsApp = await appWith({ PUBLIC_URL: 'https://rides.example.com', TRUST_PROXY: 'loopback' });
    const https = await login(httpsApp);
    // __Host-: the browser takes it only over HTTPS, for Path=/ and without a Domain.
    const secureCookie = sessionSetCookie(https);
    expect(secureCookie).toMatch(/^__Host-rideshare\.sid=[^;]+; Path=\/;.*; HttpOnly; Secure; SameSite=Lax$/);
    expect(secureCookie).not.toMatch(/Domain=/i);
    // The prefixed cookie is the one the server reads back.
    const me = await httpsApp.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { 'x-forwarded-proto': 'https', cookie: sessionCookie(https) },
    });
    expect(me.json()).toMatchObject({ discordUsername: 'ivan' });
    const http = await login(await appWith({ PUBLIC_URL: 'http://localhost:3000' }));
    expect(sessionSetCookie(http)).toMatch(/^rideshare\.sid=[^;]+;.*HttpOnly; SameSite=Lax$/);
  });

  it('puts the same headers on errors and 404s', async () => {
    const app = await appWith();
    const res = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toBeTruthy();
  });
});

describe('body size limit', () => {
  it('answers 413 with the JSON error shape for an oversized REST or tRPC body', async () => {
    const app = await appWith({ BODY_LIMIT_BYTES: '2048' });
    const big = JSON.stringify({ discordUsername: 'x', password: 'y'.repeat(4096) });
    const rest = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: big,
    });
    expect(rest.statusCode).toBe(413);
    expect(rest.json()).toEqual({ error: 'The request body is too large' });

    const trpc = await app.inject({
      method: 'POST',
      url: '/trpc/auth.login',
      headers: { 'content-type': 'application/json' },
      payload: big,
    });
    expect(trpc.statusCode).toBe(413);

    const small = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { discordUsername: 'nobody', password: 'wrong-password' },
    });
    expect(small.statusCode).toBe(401);
  });
});

describe('CORS', () => {
  it('grants no cross-origin access by default', async () => {
    const app = await appWith();
    const simple = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { origin: 'https://evil.example' },
    });
    expect(simple.headers['access-control-allow-origin']).toBeUndefined();
    expect(simple.headers['access-control-allow-credentials']).toBeUndefined();

    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/login',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBeGreaterThanOrEqual(400);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('allows exactly the origins in CORS_ORIGIN, with credentials, and refuses the others', async () => {
    const app = await appWith({ CORS_ORIGIN: 'https://app.example.com, https://admin.example.com' });
    const allowed = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { origin: 'https://admin.example.com' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://admin.example.com');
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
    expect(allowed.headers.vary).toContain('Origin');

    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/trpc/auth.login',
      headers: {
        origin: 'https://app.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://app.example.com');
    expect(preflight.headers['access-control-allow-methods']).toContain('POST');
    expect(preflight.headers['access-control-allow-headers']).toContain('content-type');

    const other = await app.inject({
      method: 'OPTIONS',
      url: '/trpc/auth.login',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(other.statusCode).toBe(403);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses to start with a CORS_ORIGIN that is not an origin', () => {
    expect(() => testEnv({ CORS_ORIGIN: 'https://app.example.com/path' })).toThrow(
      /CORS_ORIGIN: 'https:\/\/app.example.com\/path' is not an origin/,
    );
    expect(() => testEnv({ CORS_ORIGIN: '*' })).toThrow(/CORS_ORIGIN/);
  });
});

describe('request ids', () => {
  it('honours a well-formed x-request-id and returns it; makes one up otherwise', async () => {
    const app = await appWith();
    const given = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'lb-7f3a.42' } });
    expect(given.headers['x-request-id']).toBe('lb-7f3a.42');

    const none = await app.inject({ method: 'GET', url: '/healthz' });
    expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    const hostile = await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'bad id\twith "quotes" and spaces' },
    });
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('trust proxy and the login rate limit', () => {
  async function failedLogins(app: FastifyInstance, forwardedFor: string, count: number): Promise<number[]> {
    const statuses: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'x-forwarded-for': forwardedFor },
        // A different unknown account each time, so only the per-address limit can trip.
        payload: { discordUsername: `ghost${String(i)}_${forwardedFor}`, password: 'wrong-password' },
      });
      statuses.push(res.statusCode);
    }
    return statuses;
  }

  it('behind a trusted proxy, keys the per-address limit on the forwarded client address', async () => {
    // The test's requests come from 127.0.0.1, standing in for the load balancer.
    const app = await appWith({ TRUST_PROXY: 'loopback', LOGIN_MAX_FAILURES_PER_ADDRESS: '3' });
    expect(await failedLogins(app, '203.0.113.7', 4)).toEqual([401, 401, 401, 429]);
    // Another client behind the same proxy is not punished for the first one's failures.
    expect(await failedLogins(app, '198.51.100.23', 1)).toEqual([401]);
    const user = await createUser(t.db, { discordUsername: 'carol' });
    const ok = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'x-forwarded-for': '198.51.100.24' },
      payload: { discordUsername: user.discordUsername, password: DEFAULT_PASSWORD },
    });
    expect(ok.statusCode).toBe(200);
    const keys = await t.db.selectFrom('loginThrottle').select('key').execute();
    expect(keys.map((k) => k.key)).toEqual(expect.arrayContaining(['ip:203.0.113.7', 'ip:198.51.100.23']));
  });

  it('refuses a hop count, which Fastify would silently ignore', () => {
    expect(() => testEnv({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY: .*not a hop count/);
  });

  it('does not trust X-Forwarded-For from a peer outside TRUST_PROXY', async () => {
    const app = await appWith({ TRUST_PROXY: '10.0.0.0/8', LOGIN_MAX_FAILURES_PER_ADDRESS: '2' });
    expect([...(await failedLogins(app, '192.0.2.1', 1)), ...(await failedLogins(app, '192.0.2.2', 2))]).toEqual([
      401, 401, 429,
    ]);
  });

  it('without TRUST_PROXY, a forged X-Forwarded-For does not escape the limit', async () => {
    const app = await appWith({ LOGIN_MAX_FAILURES_PER_ADDRESS: '3' });
    const statuses: number[] = [];
    for (const forged of ['192.0.2.1', '192.0.2.2', '192.0.2.3', '192.0.2.4']) {
      statuses.push(...(await failedLogins(app, forged, 1)));
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    const keys = await t.db.selectFrom('loginThrottle').select('key').where('key', 'like', 'ip:%').execute();
    expect(keys.map((k) => k.key)).toEqual(['ip:127.0.0.1']);
  });
});
