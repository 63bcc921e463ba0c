import type { Database } from '@rideshare/db';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { buildApp } from '../../src/app';
import { loggerOptions } from '../../src/plugins/observability';
import { createUser } from '../factories';
import { useTestApp } from '../helpers/app';
import { testEnv } from '../helpers/env';

type LogLine = Record<string, unknown> & { msg?: string; reqId?: string; err?: { message?: string; stack?: string } };

interface TrpcErrorBody {
  error: {
    message: string;
    code: number;
    data: Record<string, unknown> & {
      code: string;
      httpStatus: number;
      domainCode: string | null;
      fieldErrors: Record<string, string[]> | null;
      requestId: string | null;
    };
  };
}

/** An app on `db` whose log lines are collected in `lines`. */
async function appWithLog(db: Kysely<Database>, lines: LogLine[]): Promise<FastifyInstance> {
  const env = testEnv({ LOG_LEVEL: 'info' });
  const app = await buildApp({
    env,
    db,
    logger: loggerOptions(env, { stream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) } }),
  });
  await app.ready();
  return app;
}

function expectNoInternals(res: LightMyRequestResponse, secrets: string[]) {
  for (const secret of [...secrets, 'stack', 'node_modules', '    at ']) expect(res.body).not.toContain(secret);
}

describe('an internal error over /trpc', () => {
  // A database that is down: every query fails with an error naming its address, as pg's do.
  const DOWN_URL = 'postgres://rideshare:hunter2-secret@127.0.0.1:1/rideshare';
  const lines: LogLine[] = [];
  let down: Kysely<Database>;
  let app: FastifyInstance;

  beforeAll(async () => {
    down = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: DOWN_URL }) }),
    });
    app = await appWithLog(down, lines);
  });
  afterAll(async () => {
    await app.close();
    await down.destroy();
  });
  beforeEach(() => {
    lines.length = 0;
  });

  it('answers a generic message with the request id; the log line under that id has the real error', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/trpc/stats.get',
      headers: { 'x-request-id': 'req-db-down-1' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.headers['x-request-id']).toBe('req-db-down-1');
    const { error } = res.json<TrpcErrorBody>();
    expect(error.message).toBe('Internal server error');
    expect(error.data).toMatchObject({
      code: 'INTERNAL_SERVER_ERROR',
      httpStatus: 500,
      domainCode: null,
      fieldErrors: null,
      requestId: 'req-db-down-1',
    });
    expect(error.data).not.toHaveProperty('stack');
    expectNoInternals(res, ['ECONNREFUSED', '127.0.0.1:1', 'hunter2-secret']);

    const logged = lines.find((line) => line.reqId === 'req-db-down-1' && line.msg === 'procedure failed');
    expect(logged?.err?.message).toMatch(/ECONNREFUSED 127\.0\.0\.1:1/);
    expect(logged?.err?.stack).toBeTruthy();
  });

  it('sanitises every call of a batch, queries and mutations alike', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/trpc/stats.get,ride.list?batch=1&input=${encodeURIComponent('{}')}`,
      headers: { 'x-request-id': 'req-db-down-2' },
    });
    const errors = res.json<TrpcErrorBody[]>().map((item) => item.error);
    expect(errors.map((e) => [e.message, e.data.requestId])).toEqual([
      ['Internal server error', 'req-db-down-2'],
      ['Internal server error', 'req-db-down-2'],
    ]);
    expectNoInternals(res, ['ECONNREFUSED', '127.0.0.1:1']);

    const login = await app.inject({
      method: 'POST',
      url: '/trpc/auth.login',
      payload: { discordUsername: 'alice', password: 'secret123' },
    });
    expect(login.statusCode).toBe(500);
    expect(login.json<TrpcErrorBody>().error.message).toBe('Internal server error');
    expectNoInternals(login, ['ECONNREFUSED', '127.0.0.1:1']);
  });

  it('REST answers the same generic message', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/stats', headers: { 'x-request-id': 'req-db-down-3' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'Internal server error' });
    expect(res.headers['x-request-id']).toBe('req-db-down-3');
    expect(lines.some((line) => line.reqId === 'req-db-down-3' && line.err?.message?.includes('ECONNREFUSED'))).toBe(
      true,
    );
  });
});

describe('the tRPC error wire shape over HTTP', () => {
  const lines: LogLine[] = [];
  const t = useTestApp({ build: (db) => appWithLog(db, lines) });

  it('a domain error carries its domainCode and message, no field errors and no stack', async () => {
    await createUser(t.db, { discordUsername: 'alice' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.login',
      headers: { 'x-request-id': 'req-domain-1' },
      payload: { discordUsername: 'alice', password: 'wrong-password' },
    });
    expect(res.statusCode).toBe(401);
    const { error } = res.json<TrpcErrorBody>();
    expect(error.message).toBe('Invalid Discord username or password');
    expect(error.data).toMatchObject({
      code: 'UNAUTHORIZED',
      httpStatus: 401,
      domainCode: 'INVALID_CREDENTIALS',
      fieldErrors: null,
      requestId: 'req-domain-1',
      path: 'auth.login',
    });
    expect(error.data).not.toHaveProperty('stack');
    expectNoInternals(res, []);
  });

  it('a validation error carries VALIDATION_FAILED, the first message and the field errors, no stack', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.register',
      headers: { 'x-request-id': 'req-validation-1' },
      payload: { password: 'short' },
    });
    expect(res.statusCode).toBe(400);
    const { error } = res.json<TrpcErrorBody>();
    expect(error.message).toBe('Discord username is required');
    expect(error.data).toMatchObject({
      code: 'BAD_REQUEST',
      httpStatus: 400,
      domainCode: 'VALIDATION_FAILED',
      requestId: 'req-validation-1',
      fieldErrors: {
        discordUsername: ['Discord username is required'],
        password: ['Password must be at least 8 characters long'],
      },
    });
    expect(error.data).not.toHaveProperty('stack');
    expectNoInternals(res, []);
    // Refusals are the client's doing: nothing is logged as a failure.
    expect(lines.some((line) => line.msg === 'procedure failed')).toBe(false);
  });
});
