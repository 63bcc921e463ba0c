/**
 * The ride chat across two production API processes on one Postgres database, as behind a load
 * balancer (docs/messages.md#notices): a message posted on instance A reaches a page subscribed to
 * the live channel on instance B as `messages.changed` (no text in it), and B then serves the
 * message to the party; the rider's inbox event reaches them on B too. A member outside the party
 * reading through B is refused. Needs a Postgres server: the embedded engine lives in one process.
 */
import { afterAll, expect, it } from 'vitest';

import { createUser } from '../factories';
import { SseStream } from '../helpers/sse';
import { call, createRide, describeOnServerEngine, joinRide, login, useApiProcessPair } from './api-process';

const streams: SseStream[] = [];

describeOnServerEngine('messages-multi-instance.test.ts', 'ride chat across two API processes', () => {
  const t = useApiProcessPair({
    sessionSecret: 'messages-multi-instance-secret-0123456789',
    env: { DB_POOL_SIZE: '4' },
  });
  afterAll(() => {
    for (const stream of streams.splice(0)) stream.close();
  });

  it('a message posted on A reaches a subscriber of B, which then serves it to the party only', async () => {
    const A = t.a;
    const B = t.b;
    const organizer = await createUser(t.db, { name: 'Olivia' });
    const rider = await createUser(t.db, { name: 'Paul' });
    const stranger = await createUser(t.db);
    const organizerCookie = await login(A, organizer);
    const rideId = await createRide(A, organizerCookie, 4);
    expect((await joinRide(A, await login(A, rider), rideId)).status).toBe(201);

    const riderOnB = await login(B, rider);
    const page = await SseStream.open(`${B.baseUrl}/api/events`, { cookie: riderOnB });
    streams.push(page);

    const posted = await call(A, 'POST', `/api/rides/${String(rideId)}/messages`, {
      cookie: organizerCookie,
      body: { body: 'Meet at the taxi stand' },
    });
    expect(posted.status).toBe(201);

    const seen: { type: string; rideId: number | null }[] = [];
    while (!seen.some((event) => event.type === 'messages.changed')) {
      const event = await page.nextEvent(10_000);
      seen.push({ type: event.type, rideId: event.rideId });
      expect(JSON.stringify(event)).not.toContain('taxi');
    }
    expect(seen).toContainEqual({ type: 'messages.changed', rideId });
    // The rider's inbox changed too (their folded chat notice).
    expect(seen).toContainEqual({ type: 'notifications.changed', rideId });

    const thread = await call(B, 'GET', `/api/rides/${String(rideId)}/messages`, { cookie: riderOnB });
    expect(thread.status).toBe(200);
    expect(thread.body).toMatchObject({
      items: [{ body: 'Meet at the taxi stand', author: { name: 'Olivia', role: 'organizer' } }],
      nextBefore: null,
    });
    const refused = await call(B, 'GET', `/api/rides/${String(rideId)}/messages`, { cookie: await login(B, stranger) });
    expect(refused.status).toBe(403);
  });
});
