/**
 * The live channel end to end in one process, on both engines: a real write publishes inside its
 * transaction, the instance's LISTEN hears it, and GET /api/events (and tRPC `live.events` over
 * SSE) deliver `{type, rideId, version}` to the right audience, replay after Last-Event-ID, and
 * end cleanly on shutdown. The listener's reconnect is shown on the Postgres server, where there
 * is a connection to lose.
 */
import type { AppRouter } from '@rideshare/api';
import { liveEventId, type LiveEvent } from '@rideshare/domain';
import { createTRPCClient, httpSubscriptionLink } from '@trpc/client';
import { EventSource } from 'eventsource';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';

import { buildApp } from '../../src/app';
import { publishRideEvent } from '../../src/events/publish';
import { notifyUsers } from '../../src/services/notify';
import { createRide, createUser, type TestUser } from '../factories';
import { loginAs } from '../helpers/app';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { testEnv } from '../helpers/env';
import { httpFetch, SseStream } from '../helpers/sse';

const serverMode = inject('dbMode') === 'server';

let tdb: TestDatabase;
let app: FastifyInstance;
let baseUrl: string;
let organizer: TestUser;
let alice: TestUser;
let bob: TestUser;
let aliceCookie: string;
let bobCookie: string;
const streams: SseStream[] = [];

async function startApp(live: { heartbeatMs?: number } = {}): Promise<void> {
  app = await buildApp({
    env: testEnv(),
    db: tdb.db,
    listen: tdb.listen,
    live: { heartbeatMs: 60_000, coalesceMs: 0, ...live },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  await app.liveEvents.ready;
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('not listening');
  baseUrl = `http://127.0.0.1:${String(address.port)}`;
}

async function open(path = '/api/events', headers: Record<string, string> = {}): Promise<SseStream> {
  const stream = await SseStream.open(`${baseUrl}${path}`, headers);
  streams.push(stream);
  // The subscription is registered before the answer's headers go out, so a write made from here
  // on reaches it.
  return stream;
}

async function join(cookie: string, rideId: number, passengerCount = 1) {
  return app.inject({
    method: 'POST',
    url: `/api/rides/${String(rideId)}/join`,
    headers: { cookie },
    payload: { dropoffLocation: 'Bedok', passengerCount },
  });
}

beforeAll(async () => {
  tdb = await createTestDatabase();
  await startApp();
});

afterAll(async () => {
  await app.close();
  await tdb.destroy();
});

beforeEach(async () => {
  await tdb.reset();
  organizer = await createUser(tdb.db);
  alice = await createUser(tdb.db);
  bob = await createUser(tdb.db);
  aliceCookie = await loginAs(app, alice);
  bobCookie = await loginAs(app, bob);
});

afterEach(() => {
  for (const stream of streams.splice(0)) stream.close();
});

describe('GET /api/events', () => {
  it('answers an event stream and delivers seats.changed for each join, with increasing versions', async () => {
    const ride = await createRide(tdb.db, organizer, { maxPassengers: 6 });
    const stream = await open();
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.response.headers.get('cache-control')).toContain('no-cache');

    expect((await join(aliceCookie, ride.id)).statusCode).toBe(201);
    expect((await join(bobCookie, ride.id, 2)).statusCode).toBe(201);

    const first = await stream.nextEvent();
    const second = await stream.nextEvent();
    expect(first).toMatchObject({ type: 'seats.changed', rideId: ride.id });
    expect(second).toMatchObject({ type: 'seats.changed', rideId: ride.id });
    expect(second.version).toBeGreaterThan(first.version);
    // The SSE id is the version, and the data carries exactly {type, rideId, version}.
    expect(first.id).toBe(String(first.version));
    expect(Object.keys(first).sort()).toEqual(['id', 'rideId', 'type', 'version']);
  });

  it('a refused join publishes nothing', async () => {
    const ride = await createRide(tdb.db, organizer, { maxPassengers: 2 });
    const stream = await open();
    expect((await join(aliceCookie, ride.id, 3)).statusCode).toBe(409);
    expect((await join(bobCookie, ride.id)).statusCode).toBe(201);
    expect(await stream.nextEvent()).toMatchObject({ type: 'seats.changed', rideId: ride.id });
    // Only Bob's join: one seats.changed in the ring.
    expect(app.liveEvents.hub.latestVersion).toBe(1);
  });

  it('every accepted join of a race announces itself once, with its own version', async () => {
    const ride = await createRide(tdb.db, organizer, { maxPassengers: 4 });
    const joiners = [alice, bob, ...(await Promise.all([createUser(tdb.db), createUser(tdb.db), createUser(tdb.db)]))];
    const cookies = await Promise.all(joiners.map((user) => loginAs(app, user)));
    const stream = await open();
    // Five joins for three free seats, at once.
    const answers = await Promise.all(cookies.map((cookie) => join(cookie, ride.id)));
    const accepted = answers.filter((answer) => answer.statusCode === 201).length;
    expect(accepted).toBe(3);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(2);

    const events = [];
    for (let i = 0; i < accepted; i += 1) events.push(await stream.nextEvent());
    expect(events.every((event) => event.type === 'seats.changed' && event.rideId === ride.id)).toBe(true);
    expect(new Set(events.map((event) => event.version)).size).toBe(accepted);
    // Nothing more follows: a marker event published now is the very next one.
    await tdb.db.transaction().execute((trx) => publishRideEvent(trx, 'ride.edited', ride.id));
    expect(await stream.nextEvent()).toMatchObject({ type: 'ride.edited' });
  });

  it("gives a signed-in member their own notifications.changed, and nobody else's", async () => {
    const ride = await createRide(tdb.db, organizer);
    const visitor = await open();
    const owner = await open('/api/events', { cookie: aliceCookie });
    const other = await open('/api/events', { cookie: bobCookie });

    await tdb.db.transaction().execute(async (trx) => {
      await notifyUsers(trx, [alice.id], {
        kind: 'ride_cancelled',
        rideId: ride.id,
        rideDirection: 'SG->FC',
        rideDate: new Date(),
        detail: 'Plans changed',
      });
    });
    // A public event after it: whoever did not get the inbox event gets this one first.
    await tdb.db.transaction().execute((trx) => publishRideEvent(trx, 'ride.cancelled', ride.id));

    const mine = await owner.nextEvent();
    expect(mine).toMatchObject({ type: 'notifications.changed', rideId: ride.id });
    expect(mine).not.toHaveProperty('userId');
    expect(await owner.nextEvent()).toMatchObject({ type: 'ride.cancelled' });
    expect(await visitor.nextEvent()).toMatchObject({ type: 'ride.cancelled', rideId: ride.id });
    expect(await other.nextEvent()).toMatchObject({ type: 'ride.cancelled', rideId: ride.id });
  });

  it('a rolled-back transaction publishes nothing', async () => {
    const ride = await createRide(tdb.db, organizer);
    const stream = await open();
    await expect(
      tdb.db.transaction().execute(async (trx) => {
        await publishRideEvent(trx, 'ride.deleted', ride.id);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await tdb.db.transaction().execute((trx) => publishRideEvent(trx, 'ride.edited', ride.id));
    expect(await stream.nextEvent()).toMatchObject({ type: 'ride.edited', rideId: ride.id });
  });

  it('replays what came after Last-Event-ID (header or query), or asks for a resync', async () => {
    const ride = await createRide(tdb.db, organizer, { maxPassengers: 6 });
    const first = await open();
    expect((await join(aliceCookie, ride.id)).statusCode).toBe(201);
    const seen = await first.nextEvent();
    first.close();

    // Missed while away: Bob joins, the organiser edits.
    expect((await join(bobCookie, ride.id)).statusCode).toBe(201);
    await tdb.db.transaction().execute((trx) => publishRideEvent(trx, 'ride.edited', ride.id));
    await expect.poll(() => app.liveEvents.hub.latestVersion, { timeout: 5_000 }).toBeGreaterThan(seen.version + 1);

    const byHeader = await open('/api/events', { 'last-event-id': String(seen.version) });
    const replayed = [await byHeader.nextEvent(), await byHeader.nextEvent()];
    expect(replayed.map((event) => event.type)).toEqual(['seats.changed', 'ride.edited']);
    expect(replayed[0]?.version).toBeGreaterThan(seen.version);

    const byQuery = await open(`/api/events?lastEventId=${String(seen.version)}`);
    expect((await byQuery.nextEvent()).type).toBe('seats.changed');

    // Not held here (another instance's, or too old): one resync at the latest version.
    const unknown = await open('/api/events', { 'last-event-id': '999999' });
    expect(await unknown.nextEvent()).toMatchObject({
      type: 'resync',
      rideId: null,
      version: app.liveEvents.hub.latestVersion,
    });
  });

  it.each([
    ['header', { 'last-event-id': 'abc' }, ''],
    ['query', {}, '?lastEventId=-3'],
  ])('refuses a malformed Last-Event-ID (%s) with 400 naming the field', async (_label, headers, query) => {
    const response = await httpFetch(`${baseUrl}/api/events${query}`, { headers });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; fieldErrors?: Record<string, string[]> };
    expect(body.error).toMatch(/Last event id must be the id of the last event received/);
    expect(body.fieldErrors).toHaveProperty('lastEventId');
  });

  it('tells the client how soon to reconnect', async () => {
    const stream = await open();
    expect((await stream.next()).retry).toBe(2000);
  });
});

describe('tRPC live.events over SSE', () => {
  function subscribe(cookie: string | null, lastEventId?: string) {
    const received: { id: string; data: LiveEvent }[] = [];
    const errors: unknown[] = [];
    const client = createTRPCClient<AppRouter>({
      links: [
        httpSubscriptionLink({
          url: `${baseUrl}/trpc`,
          EventSource,
          eventSourceOptions: {
            fetch: (input, init) =>
              httpFetch(input, { signal: init?.signal, headers: { ...init?.headers, ...(cookie ? { cookie } : {}) } }),
          },
        }),
      ],
    });
    const subscription = client.live.events.subscribe(lastEventId ? { lastEventId } : undefined, {
      onData: (event) => received.push(event),
      onError: (error) => errors.push(error),
    });
    return { received, errors, subscription };
  }

  it('delivers the same events, with the audience rules, tracked by version', async () => {
    const ride = await createRide(tdb.db, organizer, { maxPassengers: 6 });
    const visitor = subscribe(null);
    const owner = subscribe(aliceCookie);
    try {
      await expect.poll(() => app.liveEvents.hub.subscriberCount, { timeout: 5_000 }).toBe(2);
      expect((await join(bobCookie, ride.id)).statusCode).toBe(201);
      await tdb.db.transaction().execute((trx) =>
        notifyUsers(trx, [alice.id], {
          kind: 'vendor_released',
          rideId: ride.id,
          rideDirection: 'SG->FC',
          rideDate: new Date(),
          detail: null,
        }),
      );
      await tdb.db.transaction().execute((trx) => publishRideEvent(trx, 'sequence.changed', ride.id));

      await expect.poll(() => owner.received.length, { timeout: 5_000 }).toBe(3);
      await expect.poll(() => visitor.received.length, { timeout: 5_000 }).toBe(2);
      expect(owner.received.map((event) => event.data.type)).toEqual([
        'seats.changed',
        'notifications.changed',
        'sequence.changed',
      ]);
      expect(visitor.received.map((event) => event.data.type)).toEqual(['seats.changed', 'sequence.changed']);
      for (const event of owner.received) {
        expect(event.id).toBe(liveEventId(event.data));
        expect(Object.keys(event.data).sort()).toEqual(['rideId', 'type', 'version']);
      }
      expect(visitor.errors).toEqual([]);
    } finally {
      visitor.subscription.unsubscribe();
      owner.subscription.unsubscribe();
    }
    await expect.poll(() => app.liveEvents.hub.subscriberCount, { timeout: 5_000 }).toBe(0);
  });

  it('resumes after lastEventId', async () => {
    const ride = await createRide(tdb.db, organizer);
    for (const type of ['ride.edited', 'ride.assigned', 'ride.unassigned'] as const) {
      await tdb.db.transaction().execute((trx) => publishRideEvent(trx, type, ride.id));
    }
    await expect.poll(() => app.liveEvents.hub.latestVersion, { timeout: 5_000 }).toBe(3);
    const resumed = subscribe(null, '1');
    try {
      await expect.poll(() => resumed.received.length, { timeout: 5_000 }).toBe(2);
      expect(resumed.received.map((event) => event.data.type)).toEqual(['ride.assigned', 'ride.unassigned']);
    } finally {
      resumed.subscription.unsubscribe();
    }
  });
});

describe('shutdown', () => {
  it('ends open streams so close() finishes, and the stream ends rather than hangs', async () => {
    const rest = await open();
    const viaTrpc = await open('/trpc/live.events');
    expect((await viaTrpc.next()).event).toBe('connected');
    await app.close();
    await rest.ended();
    // tRPC's end is a 503-coded error (reconnect), never a 'return' (which would stop the client).
    const messages = [];
    try {
      for (;;) messages.push(await viaTrpc.next());
    } catch {
      // ended
    }
    expect(messages.map((message) => message.event)).toEqual(['serialized-error']);
    expect(JSON.parse(messages[0]?.data ?? '{}')).toMatchObject({
      data: { code: 'SERVICE_UNAVAILABLE', domainCode: 'LIVE_STREAM_ENDED', httpStatus: 503 },
    });
    await startApp();
  });
});

describe('heartbeat', () => {
  it('sends a keep-alive comment on an idle stream', async () => {
    await app.close();
    await startApp({ heartbeatMs: 50 });
    try {
      const stream = await open();
      expect((await stream.next()).retry).toBe(2000);
      expect(await stream.next()).toMatchObject({ comment: 'keep-alive', data: null });
    } finally {
      await app.close();
      await startApp();
    }
  });
});

describe.skipIf(!serverMode)('listener reconnect (Postgres server)', () => {
  it('comes back after its connection is killed, tells clients to resync, and events flow again', async () => {
    const ride = await createRide(tdb.db, organizer);
    const stream = await open();
    const pid = app.liveEvents.listenerPid;
    expect(pid).not.toBeNull();
    await sql`select pg_terminate_backend(${pid})`.execute(tdb.db);

    expect(await stream.nextEvent(10_000)).toMatchObject({ type: 'resync', rideId: null });
    expect(app.liveEvents.listenerPid).not.toBeNull();
    expect(app.liveEvents.listenerPid).not.toBe(pid);

    await tdb.db.transaction().execute((trx) => publishRideEvent(trx, 'ride.edited', ride.id));
    expect(await stream.nextEvent()).toMatchObject({ type: 'ride.edited', rideId: ride.id });
  });
});
