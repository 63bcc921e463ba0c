/**
 * What a ride's party alone learns (docs/live-streams.md#audience, docs/trip-day.md#list): an
 * outside review read "departed 03:22" beside an organiser's name in the anonymous GET /api/rides,
 * and an anonymous GET /api/events heard `messages.changed`, `payments.changed` and `trip.changed`
 * for any ride. The trip's newest stage is now in the party's own answers only, and those three
 * events reach only the organiser, the riders and the assigned vendor, live and on replay.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { buildApp } from '../../src/app';
import { publishRideEvent } from '../../src/events/publish';
import { addPassenger, createRide, createUser, createVendor, type TestRide, type TestUser } from '../factories';
import { loginAs } from '../helpers/app';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { testEnv } from '../helpers/env';
import { SseStream, type LiveEventJson } from '../helpers/sse';

const HOUR = 3_600_000;

let tdb: TestDatabase;
let app: FastifyInstance;
let baseUrl: string;
let olivia: TestUser; // organiser
let paul: TestUser; // rider
let mallory: TestUser; // another member
let bob: TestUser; // joins later (a public event)
let acme: TestUser; // the assigned vendor
let ride: TestRide;
const cookies = new Map<number, string>();
const streams: SseStream[] = [];

beforeAll(async () => {
  tdb = await createTestDatabase();
  app = await buildApp({
    env: testEnv(),
    db: tdb.db,
    listen: tdb.listen,
    live: { heartbeatMs: 60_000, coalesceMs: 0 },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  await app.liveEvents.ready;
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('not listening');
  baseUrl = `http://127.0.0.1:${String(address.port)}`;
});

afterAll(async () => {
  await app.close();
  await tdb.destroy();
});

beforeEach(async () => {
  await tdb.reset();
  olivia = await createUser(tdb.db, { name: 'Olivia' });
  paul = await createUser(tdb.db, { name: 'Paul' });
  mallory = await createUser(tdb.db, { name: 'Mallory' });
  bob = await createUser(tdb.db, { name: 'Bob' });
  acme = await createVendor(tdb.db, { companyName: 'Acme Cabs' });
  ride = await createRide(tdb.db, olivia, {
    date: new Date(Date.now() + 2 * HOUR),
    status: 'assigned',
    vendorId: acme.id,
    maxPassengers: 6,
  });
  await addPassenger(tdb.db, ride, paul);
  cookies.clear();
  for (const user of [olivia, paul, mallory, bob, acme]) cookies.set(user.id, await loginAs(app, user));
});

afterEach(() => {
  for (const stream of streams.splice(0)) stream.close();
});

const as = (user: TestUser | null): Record<string, string> => (user ? { cookie: cookies.get(user.id) ?? '' } : {});

async function open(user: TestUser | null, headers: Record<string, string> = {}): Promise<SseStream> {
  const stream = await SseStream.open(`${baseUrl}/api/events`, { ...as(user), ...headers });
  streams.push(stream);
  return stream;
}

/** Events up to and including the first `seats.changed` (the public sentinel every stream hears). */
async function untilSeats(stream: SseStream): Promise<(LiveEventJson & { id: string | null })[]> {
  const seen = [];
  for (;;) {
    const event = await stream.nextEvent();
    seen.push(event);
    if (event.type === 'seats.changed') return seen;
  }
}

const types = (events: LiveEventJson[]) => events.map((event) => `${event.type}:${String(event.rideId)}`);

describe('the trip in ride answers', () => {
  beforeEach(async () => {
    await tdb.db
      .insertInto('rideTripStages')
      .values({ rideId: ride.id, stage: 'departed', postedBy: acme.id, postedByRole: 'vendor' })
      .execute();
  });

  it('GET /api/rides and the paged list show no tripLatest to a visitor or another member', async () => {
    for (const viewer of [null, mallory, paul]) {
      const all = await app.inject({ method: 'GET', url: '/api/rides', headers: as(viewer) });
      expect(all.statusCode).toBe(200);
      const listed = all.json<{ id: number; tripLatest: unknown }[]>().find((r) => r.id === ride.id);
      expect(listed?.tripLatest).toBeNull();
      const page = await app.inject({ method: 'GET', url: '/trpc/ride.list', headers: as(viewer) });
      expect(page.statusCode).toBe(200);
      const items = page.json<{ result: { data: { items: { id: number; tripLatest: unknown }[] } } }>().result.data
        .items;
      expect(items.find((r) => r.id === ride.id)?.tripLatest).toBeNull();
    }
  });

  it('a ride detail shows it to the party only; the party’s own lists show it', async () => {
    const detail = async (viewer: TestUser | null) => {
      const res = await app.inject({ method: 'GET', url: `/api/rides/${String(ride.id)}`, headers: as(viewer) });
      expect(res.statusCode).toBe(200);
      return res.json<{ tripLatest: { stage: string } | null }>().tripLatest;
    };
    expect(await detail(null)).toBeNull();
    expect(await detail(mallory)).toBeNull();
    for (const member of [olivia, paul, acme]) expect(await detail(member)).toMatchObject({ stage: 'departed' });

    const own = [
      [paul, '/api/rides/user/joined'],
      [acme, '/api/vendor/rides'],
    ] as const;
    for (const [member, url] of own) {
      const res = await app.inject({ method: 'GET', url, headers: as(member) });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<{ id: number; tripLatest: unknown }[]>();
      expect(body.find((r) => r.id === ride.id)?.tripLatest).toMatchObject({ stage: 'departed' });
    }
    const trip = await app.inject({ method: 'GET', url: `/api/rides/${String(ride.id)}/trip`, headers: as(null) });
    expect(trip.statusCode).toBe(401);
    const outsider = await app.inject({
      method: 'GET',
      url: `/api/rides/${String(ride.id)}/trip`,
      headers: as(mallory),
    });
    expect(outsider.statusCode).toBe(403);
  });
});

describe('party events on /api/events', () => {
  it('messages, payments and trip changes reach the organiser, the riders and the vendor only', async () => {
    const visitor = await open(null);
    const other = await open(mallory);
    const party = await Promise.all([open(olivia), open(paul), open(acme)]);

    const sent = await app.inject({
      method: 'POST',
      url: `/api/rides/${String(ride.id)}/messages`,
      headers: as(paul),
      payload: { body: 'On my way' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    await tdb.db.transaction().execute(async (trx) => {
      await publishRideEvent(trx, 'payments.changed', ride.id);
      await publishRideEvent(trx, 'trip.changed', ride.id);
    });
    // A public event last: every stream hears it, so what came before it is all there was.
    const joined = await app.inject({
      method: 'POST',
      url: `/api/rides/${String(ride.id)}/join`,
      headers: as(bob),
      payload: { dropoffLocation: 'Bedok', passengerCount: 1 },
    });
    expect(joined.statusCode, joined.body).toBe(201);

    const seats = `seats.changed:${String(ride.id)}`;
    expect(types(await untilSeats(visitor))).toEqual([seats]);
    expect(types(await untilSeats(other))).toEqual([seats]);
    for (const stream of party) {
      const seen = types(await untilSeats(stream)).filter((type) => !type.startsWith('notifications.changed'));
      expect(seen).toEqual([
        `messages.changed:${String(ride.id)}`,
        `payments.changed:${String(ride.id)}`,
        `trip.changed:${String(ride.id)}`,
        seats,
      ]);
    }
  });

  it('a visitor resuming with Last-Event-ID is not replayed them either', async () => {
    const first = await open(null);
    await tdb.db.transaction().execute(async (trx) => {
      await publishRideEvent(trx, 'ride.edited', ride.id);
    });
    const edited = await first.nextEvent();
    await tdb.db.transaction().execute(async (trx) => {
      await publishRideEvent(trx, 'trip.changed', ride.id);
      await publishRideEvent(trx, 'messages.changed', ride.id);
      await publishRideEvent(trx, 'seats.changed', ride.id);
    });
    expect(types(await untilSeats(first))).toEqual([`seats.changed:${String(ride.id)}`]);
    const resumedVisitor = await open(null, { 'last-event-id': edited.id ?? '' });
    expect(types(await untilSeats(resumedVisitor))).toEqual([`seats.changed:${String(ride.id)}`]);
    const resumedRider = await open(paul, { 'last-event-id': edited.id ?? '' });
    expect(types(await untilSeats(resumedRider))).toEqual([
      `trip.changed:${String(ride.id)}`,
      `messages.changed:${String(ride.id)}`,
      `seats.changed:${String(ride.id)}`,
    ]);
  });
});
