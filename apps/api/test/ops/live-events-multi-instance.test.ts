/**
 * The live channel across two production API processes (`node dist/server.js`) on one Postgres
 * database, as behind a load balancer: a join made on instance A reaches an event-stream subscriber
 * of instance B through Postgres LISTEN/NOTIFY, and a SIGTERM with streams open still drains and
 * exits cleanly. Needs a Postgres server: the embedded engine lives inside a single process.
 */
import { afterAll, expect, it } from 'vitest';

import { createUser } from '../factories';
import { SseStream } from '../helpers/sse';
import { createRide, describeOnServerEngine, joinRide, login, useApiProcessPair } from './api-process';

const streams: SseStream[] = [];

describeOnServerEngine('live-events-multi-instance.test.ts', 'live events across two API processes', () => {
  const t = useApiProcessPair({
    sessionSecret: 'live-events-multi-instance-secret-0123456789',
    env: {
      DB_POOL_SIZE: '4',
      SHUTDOWN_TIMEOUT_MS: '10000',
    },
  });
  afterAll(() => {
    for (const stream of streams.splice(0)) stream.close();
  });

  it('a join made on A reaches an event-stream subscriber of B, and a signed-in subscriber too', async () => {
    const A = t.a;
    const B = t.b;
    const organizer = await createUser(t.db);
    const joiner = await createUser(t.db);
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
    const B = t.b;
    const stream = await SseStream.open(`${B.baseUrl}/api/events`);
    streams.push(stream);
    B.child.kill('SIGTERM');
    await stream.ended(15_000);
    // Exit 0 is the in-time proof: past SHUTDOWN_TIMEOUT_MS the server gives up and exits 1.
    expect(await B.exited).toEqual({ code: 0, signal: null });
  }, 30_000);
});
