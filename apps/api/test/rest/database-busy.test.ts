/**
 * A saturated database is an overload, not a fault (docs/operations.md#overload): when no database
 * connection comes free within the pool's wait, every path answers 503 with Retry-After and a
 * sentence, whether the wait was for the session or for the call, and serves again once one is free.
 */
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import type { Database } from '@rideshare/db';
import pg from 'pg';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../../src/app';
import { loggerOptions } from '../../src/plugins/observability';
import { createRide, createUser } from '../factories';
import { loginAs, useTestApp } from '../helpers/app';
import { testEnv } from '../helpers/env';

const BUSY = { error: 'The server is busy. Please try again in a moment.' };

/** The app's own pool: one connection, given up on after a short wait. */
let appDb: Kysely<Database>;
/** The app's log lines, as JSON. */
const lines: { level: number; msg?: string; statusCode?: number }[] = [];
const WARN = 40;

const t = useTestApp({
  reset: false,
  build: async () => {
    const pool = new pg.Pool({ connectionString: t.tdb.connectionString, max: 1, connectionTimeoutMillis: 250 });
    appDb = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
    const env = testEnv({ LOG_LEVEL: 'info' });
    const stream = { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) };
    const app = await buildApp({ env, db: appDb, logger: loggerOptions(env, { stream }) });
    app.addHook('onClose', async () => {
      await appDb.destroy();
    });
    await app.ready();
    return app;
  },
});

let release: (() => void) | null = null;

/** Takes the app's only connection and keeps it until `release`. */
async function holdTheOnlyConnection(): Promise<void> {
  await new Promise<void>((taken) => {
    void appDb.connection().execute(
      () =>
        new Promise<void>((done) => {
          release = done;
          taken();
        }),
    );
  });
}

afterEach(() => {
  release?.();
  release = null;
});

describe('a database with no connection free', () => {
  let rideId = 0;
  let cookie = '';
  beforeAll(async () => {
    const organiser = await createUser(t.db);
    rideId = (await createRide(t.db, organiser)).id;
    cookie = await loginAs(t.app, organiser);
  });

  it('answers a visitor 503 with Retry-After over REST and tRPC, logged as a warning, then serves again', async () => {
    lines.length = 0;
    await holdTheOnlyConnection();
    const rest = await t.app.inject({ method: 'GET', url: `/api/rides/${String(rideId)}` });
    expect(rest.statusCode).toBe(503);
    expect(rest.headers['retry-after']).toBe('2');
    expect(rest.json()).toEqual(BUSY);

    const input = encodeURIComponent(JSON.stringify({ id: rideId }));
    const trpc = await t.app.inject({ method: 'GET', url: `/trpc/ride.byId?input=${input}` });
    expect(trpc.statusCode).toBe(503);
    expect(trpc.headers['retry-after']).toBe('2');
    expect(trpc.json<{ error: { message: string; data: { domainCode: string } } }>().error).toMatchObject({
      message: BUSY.error,
      data: { domainCode: 'SERVER_BUSY' },
    });
    const refusals = lines.filter((line) => line.statusCode === 503);
    expect(refusals.map((line) => [line.level, line.msg])).toEqual([
      [WARN, 'request refused: busy'],
      [WARN, 'request refused: busy'],
    ]);
    expect(lines.filter((line) => line.level > WARN)).toEqual([]);

    release?.();
    const served = await t.app.inject({ method: 'GET', url: `/api/rides/${String(rideId)}` });
    expect(served.statusCode).toBe(200);
  });

  it('answers a signed-in member 503 while their session cannot be read, over REST and tRPC', async () => {
    await holdTheOnlyConnection();
    const input = encodeURIComponent(JSON.stringify({ rideId }));
    for (const request of [
      { method: 'GET' as const, url: `/api/rides/${String(rideId)}/passengers` },
      { method: 'POST' as const, url: `/api/rides/${String(rideId)}/cancel`, payload: { reason: 'Car broke down' } },
    ]) {
      const answer = await t.app.inject({ ...request, headers: { cookie } });
      expect(answer.statusCode).toBe(503);
      expect(answer.headers['retry-after']).toBe('2');
      expect(answer.json()).toEqual(BUSY);
    }
    const trpc = await t.app.inject({ method: 'GET', url: `/trpc/passenger.list?input=${input}`, headers: { cookie } });
    expect(trpc.statusCode).toBe(503);
    expect(trpc.headers['retry-after']).toBe('2');
    release?.();
    const served = await t.app.inject({
      method: 'GET',
      url: `/api/rides/${String(rideId)}/passengers`,
      headers: { cookie },
    });
    expect(served.statusCode).toBe(200);
  });
});
