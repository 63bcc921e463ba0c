/**
 * Live event streams are bounded: at most EVENTS_MAX_STREAMS_PER_ADDRESS per client address,
 * EVENTS_MAX_STREAMS_PER_USER per member and EVENTS_MAX_STREAMS per process (429 / 503 with
 * Retry-After, REST and tRPC alike); each ends after its lifetime and the client resumes with
 * Last-Event-ID without losing an event; ending a session (sign-out, password change, idle expiry)
 * ends its streams, on every instance; inbox events are numbered apart from the public ones; a
 * burst of events for one ride is fanned out once. Lifetimes and the coalescing window run on
 * timers the tests move by hand.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';

import { buildApp, type BuildAppOptions } from '../../src/app';
import { publishRideEvent } from '../../src/events/publish';
import { notifyUsers } from '../../src/services/notify';
import { createRide, createUser, DEFAULT_PASSWORD, type TestUser } from '../factories';
import { loginAs } from '../helpers/app';
import { useTestDatabase } from '../helpers/db';
import { testEnv } from '../helpers/env';
import { ManualTimers } from '../helpers/manual-timers';
import { httpFetch, SseStream, type LiveEventJson } from '../helpers/sse';

const t = useTestDatabase();
const serverEngine = inject('dbMode') === 'server';

interface RunningApp {
  app: FastifyInstance;
  baseUrl: string;
}

const apps: FastifyInstance[] = [];
const streams: SseStream[] = [];

async function startApp(env: Record<string, string> = {}, live: BuildAppOptions['live'] = {}): Promise<RunningApp> {
  const app = await buildApp({
    env: testEnv({ TRUST_PROXY: 'loopback', ...env }),
    db: t.db,
    listen: t.tdb.listen,
    live: { heartbeatMs: 60_000, coalesceMs: 0, ...live },
  });
  apps.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  await app.liveEvents.ready;
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('not listening');
  return { app, baseUrl: `http://127.0.0.1:${String(address.port)}` };
}

afterEach(async () => {
  for (const stream of streams.splice(0)) stream.close();
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function open(
  running: RunningApp,
  headers: Record<string, string> = {},
  path = '/api/events',
): Promise<SseStream> {
  const stream = await SseStream.open(`${running.baseUrl}${path}`, headers);
  streams.push(stream);
  return stream;
}

/** Opens a stream that should be refused; answers its status, Retry-After and message. */
async function refused(running: RunningApp, headers: Record<string, string>, path = '/api/events') {
  const response = await httpFetch(`${running.baseUrl}${path}`, {
    headers: { accept: 'text/event-stream', ...headers },
  });
  const body = (await response.json()) as { error: string };
  return { status: response.status, retryAfter: Number(response.headers.get('retry-after')), error: body.error };
}

const from = (ip: string, cookie?: string) => ({ 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) });

async function publish(type: 'ride.edited' | 'seats.changed', rideId: number): Promise<void> {
  await t.db.transaction().execute((trx) => publishRideEvent(trx, type, rideId));
}

/** Reads events until the server ends the stream; answers them. */
async function readToEnd(stream: SseStream): Promise<(LiveEventJson & { id: string | null })[]> {
  const events = [];
  for (;;) {
    try {
      events.push(await stream.nextEvent());
    } catch (error) {
      if (error instanceof Error && error.message === 'the event stream ended') return events;
      throw error;
    }
  }
}

let organizer: TestUser;
let alice: TestUser;

beforeEach(async () => {
  organizer = await createUser(t.db, { discordUsername: 'organizer' });
  alice = await createUser(t.db, { discordUsername: 'alice' });
});

describe('how many streams may be open', () => {
  it('refuses a stream past EVENTS_MAX_STREAMS_PER_ADDRESS with 429 and Retry-After, over REST and tRPC', async () => {
    const running = await startApp({ EVENTS_MAX_STREAMS_PER_ADDRESS: '2' });
    const first = await open(running, from('203.0.113.5'));
    await open(running, from('203.0.113.5'), '/trpc/live.events');

    const rest = await refused(running, from('203.0.113.5'));
    expect(rest.status).toBe(429);
    expect(rest.retryAfter).toBeGreaterThan(0);
    expect(rest.error).toMatch(/Too many live update streams from this address \(at most 2\)/);
    expect((await refused(running, from('203.0.113.5'), '/trpc/live.events')).status).toBe(429);
    // Another address has its own allowance.
    await open(running, from('203.0.113.6'));

    // A closed stream gives its place back.
    first.close();
    await expect.poll(() => running.app.liveEvents.limiter.open, { timeout: 5_000 }).toBe(2);
    await open(running, from('203.0.113.5'));
  });

  it('refuses a member past EVENTS_MAX_STREAMS_PER_USER, whatever the address', async () => {
    const running = await startApp({ EVENTS_MAX_STREAMS_PER_USER: '2' });
    const cookie = await loginAs(running.app, alice);
    await open(running, from('198.51.100.1', cookie));
    await open(running, from('198.51.100.2', cookie), '/trpc/live.events');
    const third = await refused(running, from('198.51.100.3', cookie));
    expect(third.status).toBe(429);
    expect(third.retryAfter).toBeGreaterThan(0);
    expect(third.error).toMatch(/Too many live update streams for this account \(at most 2\)/);
    // A visitor from that address is not the member.
    await open(running, from('198.51.100.3'));
  });

  it('answers 503 with Retry-After once the process holds EVENTS_MAX_STREAMS', async () => {
    const running = await startApp({ EVENTS_MAX_STREAMS: '2' });
    await open(running, from('192.0.2.1'));
    await open(running, from('192.0.2.2'));
    for (const path of ['/api/events', '/trpc/live.events']) {
      const full = await refused(running, from('192.0.2.3'), path);
      expect(full.status).toBe(503);
      expect(full.retryAfter).toBeGreaterThan(0);
    }
  });
});

describe('a stream’s lifetime', () => {
  it('ends after its lifetime; resuming with Last-Event-ID loses no event', async () => {
    const timers = new ManualTimers();
    const running = await startApp({}, { maxStreamMs: 60_000, timers });
    const ride = await createRide(t.db, organizer);
    const first = await open(running);
    await publish('seats.changed', ride.id);
    const a = await first.nextEvent();
    // B is published and the lifetime passes, whether or not B reached this stream yet.
    await publish('ride.edited', ride.id);
    timers.advance(60_000);
    const restOfFirst = await readToEnd(first);
    // C happens while the client is away.
    await publish('seats.changed', ride.id);
    await expect.poll(() => running.app.liveEvents.hub.received, { timeout: 5_000 }).toBe(3);

    const lastId = (restOfFirst.at(-1) ?? a).id ?? '';
    const second = await open(running, { 'last-event-id': lastId });
    const resumed = [];
    while (resumed.length + restOfFirst.length < 2) resumed.push(await second.nextEvent());
    const all = [a, ...restOfFirst, ...resumed];
    expect(all.map((event) => event.type)).toEqual(['seats.changed', 'ride.edited', 'seats.changed']);
    expect(all.map((event) => event.version)).toEqual([a.version, a.version + 1, a.version + 2]);
  });

  it('ends when the session would go idle, and opening a stream does not count as using the session', async () => {
    const timers = new ManualTimers();
    const running = await startApp({ SESSION_IDLE_HOURS: '1' }, { maxStreamMs: 10 * 3_600_000, timers });
    const cookie = await loginAs(running.app, alice);
    const twoMinutesAgo = new Date(Date.now() - 120_000);
    await t.db.updateTable('sessions').set({ lastSeenAt: twoMinutesAgo }).execute();
    const stream = await open(running, { cookie });
    const row = await t.db.selectFrom('sessions').select('lastSeenAt').executeTakeFirstOrThrow();
    expect(row.lastSeenAt).toEqual(twoMinutesAgo);
    // The hour of idleness runs out 58 minutes from now.
    timers.advance(57 * 60_000);
    expect(running.app.liveEvents.hub.subscriberCount).toBe(1);
    timers.advance(60_000);
    await stream.ended();
  });
});

describe('ending a session ends its streams', () => {
  it('sign-out ends that session’s stream and no one else’s', async () => {
    const running = await startApp();
    const cookie = await loginAs(running.app, alice);
    const mine = await open(running, { cookie });
    const visitor = await open(running);
    const out = await running.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    await mine.ended();
    const ride = await createRide(t.db, organizer);
    await publish('seats.changed', ride.id);
    expect(await visitor.nextEvent()).toMatchObject({ type: 'seats.changed', rideId: ride.id });
  });

  it('a password change ends the streams of the member’s other sessions, not the one that changed it', async () => {
    const running = await startApp();
    const laptop = await loginAs(running.app, alice);
    const phone = await loginAs(running.app, alice);
    const laptopStream = await open(running, { cookie: laptop });
    const phoneStream = await open(running, { cookie: phone });
    const changed = await running.app.inject({
      method: 'POST',
      url: '/api/reset-password',
      headers: { cookie: phone },
      payload: { currentPassword: DEFAULT_PASSWORD, newPassword: 'a-brand-new-password' },
    });
    expect(changed.statusCode).toBe(200);
    await laptopStream.ended();
    const ride = await createRide(t.db, organizer);
    await publish('seats.changed', ride.id);
    expect(await phoneStream.nextEvent()).toMatchObject({ type: 'seats.changed' });
  });

  it.skipIf(!serverEngine)('sign-out on one instance ends the stream held by another (server engine)', async () => {
    const a = await startApp();
    const b = await startApp();
    const cookie = await loginAs(a.app, alice);
    const onB = await open(b, { cookie });
    await a.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    await onB.ended();
  });
});

describe('event ids', () => {
  it('numbers inbox events apart, so the public ids have no gaps', async () => {
    const running = await startApp();
    const ride = await createRide(t.db, organizer);
    const cookie = await loginAs(running.app, alice);
    const visitor = await open(running);
    const member = await open(running, { cookie });
    await publish('seats.changed', ride.id);
    await t.db.transaction().execute((trx) =>
      notifyUsers(trx, [alice.id], {
        kind: 'ride_cancelled',
        rideId: ride.id,
        rideDirection: 'SG->FC',
        rideDate: new Date(),
        detail: 'Plans changed',
      }),
    );
    await publish('ride.edited', ride.id);
    const seen = [await visitor.nextEvent(), await visitor.nextEvent()];
    expect(seen[1]?.version).toBe((seen[0]?.version ?? 0) + 1);
    expect(seen.map((event) => event.id)).toEqual(seen.map((event) => String(event.version)));
    const mine = [await member.nextEvent(), await member.nextEvent(), await member.nextEvent()];
    expect(mine[1]).toMatchObject({ type: 'notifications.changed', id: `u${String(mine[1]?.version)}` });
    // Resuming after the inbox event replays what came after it.
    member.close();
    const resumed = await open(running, { cookie, 'last-event-id': mine[1]?.id ?? '' });
    expect(await resumed.nextEvent()).toMatchObject({ type: 'ride.edited', version: seen[1]?.version });
  });
});

describe('coalescing', () => {
  it('sends the first of a burst of saves of one ride at once, then only the last after the 250 ms window', async () => {
    const timers = new ManualTimers();
    const running = await startApp({}, { coalesceMs: 250, timers });
    const ride = await createRide(t.db, organizer);
    const stream = await open(running);
    for (let i = 0; i < 4; i += 1) await publish('ride.edited', ride.id);
    const first = await stream.nextEvent();
    expect(first).toMatchObject({ type: 'ride.edited', rideId: ride.id });
    await expect.poll(() => running.app.liveEvents.hub.received, { timeout: 5_000 }).toBe(4);
    timers.advance(249);
    expect(running.app.liveEvents.hub.pendingCount).toBe(1);
    timers.advance(1);
    expect(await stream.nextEvent()).toMatchObject({ type: 'ride.edited', version: first.version + 3 });
    // Nothing else of the burst follows: the next event is a new one.
    await publish('seats.changed', ride.id);
    expect(await stream.nextEvent()).toMatchObject({ type: 'seats.changed', version: first.version + 4 });
  });
});
