/**
 * The live channel across two production API processes (`node dist/server.js`) on one Postgres
 * database, as behind a load balancer: a join made on instance A reaches an event-stream subscriber
 * of instance B through Postgres LISTEN/NOTIFY, and a SIGTERM with streams open still drains and
 * exits cleanly. Needs a Postgres server: the embedded engine lives inside a single process.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { createUser } from '../factories';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { SseStream } from '../helpers/sse';
import {
  createRide,
  ensureServerBuilt,
  joinRide,
  login,
  startApiProcess,
  stopApiProcess,
  type ApiProcess,
} from './api-process';

const serverMode = inject('dbMode') === 'server';
const SKIP_REASON = 'skipped: needs TEST_DB_MODE=server (the embedded database lives inside one process)';
if (!serverMode) console.warn(`live-events-multi-instance.test.ts ${SKIP_REASON}`);

let tdb: TestDatabase;
let a: ApiProcess | undefined;
let b: ApiProcess | undefined;
const streams: SseStream[] = [];

function instance(proc: ApiProcess | undefined): ApiProcess {
  if (!proc) throw new Error('API process not started');
  return proc;
}

describe.skipIf(!serverMode)(`live events across two API processes${serverMode ? '' : ` (${SKIP_REASON})`}`, () => {
  beforeAll(async () => {
    ensureServerBuilt();
    tdb = await createTestDatabase();
    const env = {
      NODE_ENV: 'production',
      DATABASE_URL: tdb.connectionString,
      SESSION_SECRET: 'live-events-multi-instance-secret-0123456789',
      MIGRATE_ON_START: 'true',
      LOG_LEVEL: 'warn',
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
      DB_POOL_SIZE: '4',
      SHUTDOWN_TIMEOUT_MS: '10000',
    };
    [a, b] = await Promise.all([startApiProcess('A', env), startApiProcess('B', env)]);
  }, 120_000);

  afterAll(async () => {
    for (const stream of streams.splice(0)) stream.close();
    await Promise.all([stopApiProcess(a), stopApiProcess(b)]);
    await tdb.destroy();
  }, 30_000);

  it('a join made on A reaches an event-stream subscriber of B, and a signed-in subscriber too', async () => {
    const A = instance(a);
    const B = instance(b);
    const organizer = await createUser(tdb.db);
    const joiner = await createUser(tdb.db);
    const rideId = await createRide(A, await login(A, organizer), 4);
    const joinerCookie = await login(A, joiner);

    const visitor = await SseStream.open(`${B.baseUrl}/api/events`);
    const member = await SseStream.open(`${B.baseUrl}/api/events`, { cookie: await login(B, organizer) });
    streams.push(visitor, member);

    expect((await joinRide(A, joinerCookie, rideId)).status).toBe(201);
    for (const stream of [visitor, member]) {
      const event = await stream.nextEvent(10_000);
      expect(event).toMatchObject({ type: 'seats.changed', rideId });
      expect(event.id).toBe(String(event.version));
    }
  });

  it('SIGTERM with event streams open still drains and exits 0; the stream ends instead of hanging', async () => {
    const B = instance(b);
    const stream = await SseStream.open(`${B.baseUrl}/api/events`);
    streams.push(stream);
    B.child.kill('SIGTERM');
    await stream.ended(15_000);
    // Exit 0 is the in-time proof: past SHUTDOWN_TIMEOUT_MS the server gives up and exits 1.
    expect(await B.exited).toEqual({ code: 0, signal: null });
  }, 30_000);
});
