import { beforeEach, describe, expect, it } from 'vitest';

import { buildApp } from '../../src/app';
import { loggerOptions } from '../../src/plugins/observability';
import { createUser, DEFAULT_PASSWORD } from '../factories';
import { sessionCookie, useTestApp } from '../helpers/app';
import { testEnv } from '../helpers/env';

type LogLine = Record<string, unknown> & { msg?: string; reqId?: string; level: number };

const lines: LogLine[] = [];

const t = useTestApp({
  build: async (db) => {
    const env = testEnv({ LOG_LEVEL: 'info' });
    const app = await buildApp({
      env,
      db,
      logger: loggerOptions(env, {
        stream: {
          write: (line: string) => {
            lines.push(JSON.parse(line) as LogLine);
          },
        },
      }),
    });
    // A route that logs what careless code might log: a request body and headers.
    app.post('/test/log-body', async (request) => {
      request.log.info({ body: request.body, headers: request.headers }, 'echoing input');
      return { ok: true };
    });
    await app.ready();
    return app;
  },
});
beforeEach(() => {
  lines.length = 0;
});

const requestLines = (id: string) => lines.filter((l) => l.reqId === id);

describe('request logging', () => {
  it('writes exactly one JSON line per request, with method, path, status, duration and the request id', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me?token=secret-in-query',
      headers: { 'x-request-id': 'req-abc-123' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers['x-request-id']).toBe('req-abc-123');
    const mine = requestLines('req-abc-123');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      msg: 'request completed',
      method: 'GET',
      url: '/api/auth/me',
      statusCode: 401,
      ip: '127.0.0.1',
    });
    expect(typeof mine[0]?.durationMs).toBe('number');
    expect(JSON.stringify(lines)).not.toContain('secret-in-query');
  });

  it('keeps healthy probe answers out of the info log', async () => {
    await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'probe-1' } });
    expect(requestLines('probe-1')).toEqual([]);
  });

  it('logs one line for a 404 too', async () => {
    await t.app.inject({ method: 'GET', url: '/api/missing', headers: { 'x-request-id': 'req-404' } });
    const mine = requestLines('req-404');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ statusCode: 404, url: '/api/missing' });
  });

  it('never writes passwords, cookies or session ids', async () => {
    const user = await createUser(t.db, { discordUsername: 'dora' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { discordUsername: user.discordUsername, password: DEFAULT_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const cookie = sessionCookie(login);
    const sid = decodeURIComponent(cookie.split('=')[1] ?? '').split('.')[0] ?? '';
    expect(sid.length).toBeGreaterThan(10);

    const echoed = await t.app.inject({
      method: 'POST',
      url: '/test/log-body',
      headers: { cookie, authorization: 'Bearer very-secret-token', 'x-request-id': 'req-echo' },
      payload: {
        password: DEFAULT_PASSWORD,
        newPassword: 'brand-new-password',
        nested: { currentPassword: 'old-password-here' },
        code: 'RESET-CODE-777',
        sessionId: sid,
      },
    });
    expect(echoed.statusCode).toBe(200);
    const echo = requestLines('req-echo').find((l) => l.msg === 'echoing input');
    expect(echo).toBeDefined();

    const everything = lines.map((l) => JSON.stringify(l)).join('\n');
    for (const secret of [
      DEFAULT_PASSWORD,
      'brand-new-password',
      'old-password-here',
      'RESET-CODE-777',
      sid,
      'very-secret-token',
    ]) {
      expect(everything).not.toContain(secret);
    }
    expect(everything).toContain('[redacted]');
    // The rest of the logged body is still there, so redaction is targeted, not blanket.
    expect(echo?.body).toMatchObject({ password: '[redacted]', nested: { currentPassword: '[redacted]' } });
  });
});
