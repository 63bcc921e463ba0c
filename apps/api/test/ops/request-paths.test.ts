/**
 * One path for every decision: the router and every guard (per-address limit, cross-site and
 * JSON-only checks, `no-store`, stream tracking, log redaction) see the same, normalised path, so a
 * path spelled another way (percent-encoded letters, doubled slashes, dot segments, other letter
 * case, a trailing slash) is treated exactly as the plain one. See docs/http-requests.md.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';

import { buildApp } from '../../src/app';
import { loggerOptions } from '../../src/plugins/observability';
import { createRide, createUser, type TestUser } from '../factories';
import { loginAs, useTestApp } from '../helpers/app';
import { testEnv } from '../helpers/env';
import { listenOnLoopback } from '../helpers/scripts';
import { SseStream } from '../helpers/sse';

const webDist = mkdtempSync(join(tmpdir(), 'rideshare-web-dist-'));
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Rideshare</title>');
writeFileSync(join(webDist, 'assets', 'index-4f2a9c1b.js'), 'console.log(1);');
afterAll(() => {
  rmSync(webDist, { recursive: true, force: true });
});

type LogLine = Record<string, unknown> & { reqId?: string; url?: string };
const lines: LogLine[] = [];

const t = useTestApp({
  listen: true,
  build: async (db) => {
    const env = testEnv({ LOG_LEVEL: 'info', WEB_DIST_DIR: webDist });
    const stream = { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) };
    const app = await buildApp({ env, db, logger: loggerOptions(env, { stream }) });
    await app.ready();
    return app;
  },
});

let alice: TestUser;
let aliceCookie: string;
beforeEach(async () => {
  lines.length = 0;
  alice = await createUser(t.db, { discordUsername: 'alice' });
  aliceCookie = await loginAs(t.app, alice);
});

interface Sent {
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Record<string, unknown>;
}

interface Answer {
  statusCode: number;
  headers: IncomingHttpHeaders;
  body: string;
  json: <T = unknown>() => T;
}

/**
 * Sends a request over HTTP with its path exactly as written (a test client or a URL parser would
 * resolve dot segments before sending; an attacker's client does not).
 */
function send({ method, url, headers = {}, payload }: Sent): Promise<Answer> {
  const body = payload === undefined ? undefined : typeof payload === 'string' ? payload : JSON.stringify(payload);
  const contentType = typeof payload === 'object' ? { 'content-type': 'application/json' } : {};
  return new Promise((resolve, reject) => {
    const { port } = new URL(t.baseUrl);
    const req = httpRequest(
      { host: '127.0.0.1', port, method, path: url, headers: { ...contentType, ...headers }, agent: false },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          resolve({
            statusCode: res.statusCode ?? 0,
            headers: res.headers,
            body: text,
            json: <T>() => JSON.parse(text) as T,
          });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The ways a client may spell `path` that a router reads as the same path. */
function spellings(path: string): [string, string][] {
  const [first = '', ...rest] = path.slice(1).split('/');
  const tail = rest.join('/');
  return [
    ['a percent-encoded letter', `/%${first.charCodeAt(0).toString(16)}${first.slice(1)}/${tail}`],
    [
      'a percent-encoded letter in upper-case hex',
      `/${first}/%${tail.charCodeAt(0).toString(16).toUpperCase()}${tail.slice(1)}`,
    ],
    ['doubled slashes', `//${first}//${tail}`],
    ['a dot segment', `/${first}/./${tail}`],
    ['an encoded dot segment', `/${first}/%2e/${tail}`],
    ['a parent segment', `/${first}/elsewhere/../${tail}`],
    ['an encoded parent segment', `/${first}/elsewhere/%2E%2e/${tail}`],
    ['upper case', `/${first.toUpperCase()}/${tail}`],
    ['a trailing slash', `${path}/`],
  ];
}

interface Guard {
  name: string;
  request: (url: string) => Sent;
  /** What the guard decided, read off the answer. */
  treatment: (res: Answer) => unknown;
  path: string;
  /** The plain path's own treatment, so a broken guard cannot pass by treating both alike. */
  expected: unknown;
}

const rateLimited = (res: Answer) => ({
  status: res.statusCode,
  limit: res.headers['x-ratelimit-limit'] ?? null,
});

const guards: Guard[] = [
  {
    name: 'the per-address limit (REST)',
    path: '/api/stats',
    request: (url) => ({ method: 'GET', url }),
    treatment: rateLimited,
    expected: { status: 200, limit: expect.any(String) },
  },
  {
    name: 'the per-address limit (tRPC)',
    path: '/trpc/stats.get',
    request: (url) => ({ method: 'GET', url }),
    treatment: rateLimited,
    expected: { status: 200, limit: expect.any(String) },
  },
  {
    name: 'the cross-site write check (REST)',
    path: '/api/logout',
    request: (url) => ({ method: 'POST', url, headers: { origin: 'https://evil.example', cookie: aliceCookie } }),
    treatment: (res) => ({ status: res.statusCode, error: res.json<{ error: string }>().error.slice(0, 25) }),
    expected: { status: 403, error: 'Cross-site request refuse' },
  },
  {
    name: 'the cross-site write check (tRPC)',
    path: '/trpc/auth.logout',
    request: (url) => ({ method: 'POST', url, headers: { origin: 'https://evil.example', cookie: aliceCookie } }),
    treatment: (res) => ({ status: res.statusCode, error: res.json<{ error: string }>().error.slice(0, 25) }),
    expected: { status: 403, error: 'Cross-site request refuse' },
  },
  {
    name: 'the JSON-only check',
    path: '/api/rides',
    request: (url) => ({
      method: 'POST',
      url,
      headers: { cookie: aliceCookie, 'content-type': 'text/plain' },
      payload: 'direction=SG->FC',
    }),
    treatment: (res) => res.statusCode,
    expected: 415,
  },
  {
    name: 'no-store within a session',
    path: '/api/auth/me',
    request: (url) => ({ method: 'GET', url, headers: { cookie: aliceCookie } }),
    treatment: (res) => ({ status: res.statusCode, cacheControl: res.headers['cache-control'] }),
    expected: { status: 200, cacheControl: 'no-store' },
  },
];

describe('every guard sees the path the router sees', () => {
  describe.each(guards)('$name', (guard) => {
    it('treats the plain path as expected', async () => {
      expect(guard.treatment(await send(guard.request(guard.path)))).toEqual(guard.expected);
    });

    it.each(spellings(guard.path))('treats %s (%s) as the plain path', async (_label, url) => {
      const plain = guard.treatment(await send(guard.request(guard.path)));
      expect(guard.treatment(await send(guard.request(url)))).toEqual(plain);
    });
  });

  const token = 'Tk'.repeat(21) + 'x';
  it.each(spellings(`/api/calendar/${token}.ics`))(
    'keeps a calendar feed token out of the log when the path has %s (%s)',
    async (_label, url) => {
      const res = await send({ method: 'GET', url, headers: { 'x-request-id': 'feed-1' } });
      expect(res.statusCode).toBe(404);
      const mine = lines.filter((line) => line.reqId === 'feed-1');
      expect(mine.map((line) => line.url)).toEqual(['/api/calendar/[redacted].ics']);
      expect(JSON.stringify(lines)).not.toContain(token);
    },
  );
});

describe('what the normalisation leaves alone', () => {
  it('answers unknown /api and /trpc paths 404 in JSON, however they are spelled', async () => {
    for (const url of ['/api/nothing-here', '/api/nothing-here/', '/%61pi/nothing-here', '/API//nothing-here']) {
      const res = await send({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json<{ error: string }>().error, url).toMatch(/^Not found: GET \/api\/nothing-here$/i);
    }
  });

  it('serves the web app for deep links, with or without a trailing slash, and its files', async () => {
    for (const url of ['/', '/rides/12/join', '/rides/12/join/', '/rides//12/join']) {
      const res = await send({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>Rideshare</title>');
    }
    const asset = await send({ method: 'GET', url: '/assets/index-4f2a9c1b.js' });
    expect(asset.body).toBe('console.log(1);');
  });

  it('runs tRPC batches, their procedure names keeping their case', async () => {
    const res = await send({
      method: 'GET',
      url: `/trpc/stats.get,auth.me?batch=1&input=${encodeURIComponent('{}')}`,
      headers: { cookie: aliceCookie },
    });
    expect(res.statusCode).toBe(200);
    const [stats, me] = res.json<[{ result: { data: unknown } }, { result: { data: { discordUsername: string } } }]>();
    expect(stats.result.data).toBeTruthy();
    expect(me.result.data.discordUsername).toBe('alice');
    const wrongCase = await send({ method: 'GET', url: '/trpc/STATS.GET' });
    expect(wrongCase.statusCode).toBe(404);
  });

  it('keeps percent-encoded slashes inside a segment, and the query string as sent', async () => {
    const res = await send({ method: 'GET', url: '/api/rides/1%2F..%2F2' });
    expect(res.statusCode).toBe(400);
    const page = await send({
      method: 'GET',
      url: '/api/notifications/?page=2&pageSize=%35',
      headers: { cookie: aliceCookie },
    });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ page: 2, pageSize: 5 });
  });
});

describe('a trailing slash, on every method', () => {
  it('answers as without it', async () => {
    const ride = await createRide(t.db, alice);
    const list = await send({ method: 'GET', url: '/api/rides/' });
    expect(list.statusCode).toBe(200);
    expect(list.json<{ id: number }[]>().map((r) => r.id)).toEqual([ride.id]);
    expect((await send({ method: 'GET', url: '/api/stats/' })).statusCode).toBe(200);
    expect((await send({ method: 'HEAD', url: '/api/stats/' })).statusCode).toBe(200);
    expect((await send({ method: 'GET', url: `/api/rides/${String(ride.id)}/` })).json()).toMatchObject({
      id: ride.id,
    });
    const patch = await send({
      method: 'PATCH',
      url: `/api/users/${String(alice.id)}/`,
      headers: { cookie: aliceCookie },
      payload: { name: 'Alice Tan' },
    });
    expect(patch.statusCode).toBe(200);
    const cancel = await send({
      method: 'POST',
      url: `/api/rides/${String(ride.id)}/cancel/`,
      headers: { cookie: aliceCookie },
      payload: { reason: 'Car broke down' },
    });
    expect(cancel.statusCode).toBe(200);
    const remove = await send({
      method: 'DELETE',
      url: `/api/rides/${String(ride.id)}/`,
      headers: { cookie: aliceCookie },
    });
    expect(remove.statusCode).toBe(200);
    expect(await t.db.selectFrom('rides').select('id').execute()).toEqual([]);
    const logout = await send({ method: 'POST', url: '/api/logout/', headers: { cookie: aliceCookie } });
    expect(logout.statusCode).toBe(200);
  });
});

describe('stream tracking', () => {
  async function listening(): Promise<{ app: FastifyInstance; baseUrl: string }> {
    const app = await buildApp({ env: testEnv(), db: t.db });
    await app.ready();
    return { app, baseUrl: await listenOnLoopback(app) };
  }

  it.each([['/api/events'], ['/%61pi/events'], ['//api//events/'], ['/API/x/../events']])(
    'ends a stream opened at %s when the server closes',
    async (path) => {
      const { app, baseUrl } = await listening();
      const stream = await SseStream.open(`${baseUrl}${path}`);
      try {
        expect((await stream.next()).retry).toBe(2000);
        await app.close();
        await stream.ended();
      } finally {
        stream.close();
        await app.close();
      }
    },
  );
});
