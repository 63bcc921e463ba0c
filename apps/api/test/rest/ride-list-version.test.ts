/**
 * The ride-list cache learns of new versions from the database's notifications
 * (docs/architecture.md#list-version): while an instance listens, a cached read runs no statement;
 * a change made anywhere (another instance, a script) reaches it by notification; whoever writes
 * through an instance reads the change back there at once; and while the listener is down, every
 * read asks the database for the version, so nothing is served stale. Two instances share one
 * database here, each with its own listener (a wrapper lets a test take one down).
 */
import type { DbHandle, ListenOptions } from '@rideshare/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { buildApp } from '../../src/app';
import { createRide, createUser, type TestUser } from '../factories';
import { loginAs } from '../helpers/app';
import { useTestDatabase } from '../helpers/db';
import { testEnv } from '../helpers/env';

let statements = 0;
const t = useTestDatabase({
  onQuery: () => {
    statements += 1;
  },
});

/**
 * One instance's listener, which a test can take down (not listening, hearing nothing) and bring
 * back, or mute (listening, but its notifications are late: not heard at all here).
 */
class SwitchableListen {
  down = false;
  muted = false;
  private options: ListenOptions | null = null;

  constructor(private readonly inner: () => DbHandle['listen']) {}

  readonly listen: DbHandle['listen'] = (channel, options) => {
    this.options = options;
    const listener = this.inner()(channel, {
      ...options,
      onPayload: (payload) => {
        if (!this.down && !this.muted) options.onPayload(payload);
      },
    });
    const isDown = () => this.down;
    return {
      ready: listener.ready,
      get listening() {
        return !isDown() && listener.listening;
      },
      get backendPid() {
        return listener.backendPid;
      },
      close: () => listener.close(),
    };
  };

  /** The connection came back, as the real listener says after a reconnect. */
  up(): void {
    this.down = false;
    this.muted = false;
    this.options?.onReconnect?.();
  }
}

const listenA = new SwitchableListen(() => t.tdb.listen);
const listenB = new SwitchableListen(() => t.tdb.listen);
let a: FastifyInstance;
let b: FastifyInstance;
let organizer: TestUser;

beforeAll(async () => {
  a = await buildApp({ env: testEnv(), db: t.db, listen: listenA.listen });
  b = await buildApp({ env: testEnv(), db: t.db, listen: listenB.listen });
  await Promise.all([a.ready(), b.ready()]);
  await Promise.all([a.liveEvents.ready, b.liveEvents.ready]);
});

afterAll(async () => {
  await Promise.all([a.close(), b.close()]);
});

beforeEach(async () => {
  listenA.up();
  listenB.up();
  organizer = await createUser(t.db);
  await createRide(t.db, organizer);
});

async function rideIds(app: FastifyInstance): Promise<number[]> {
  const res = await app.inject({ method: 'GET', url: '/api/rides' });
  expect(res.statusCode).toBe(200);
  return res.json<{ id: number }[]>().map((ride) => ride.id);
}

/** SQL statements that `read` ran. */
async function statementsOf(read: () => Promise<unknown>): Promise<number> {
  statements = 0;
  await read();
  return statements;
}

const LIST_URL = `/trpc/ride.list?input=${encodeURIComponent(JSON.stringify({ time: 'all' }))}`;

describe('the ride-list version, from notifications', () => {
  it('a cached read runs no SQL statement while the instance listens', async () => {
    await rideIds(a);
    await a.inject({ method: 'GET', url: LIST_URL });
    for (let i = 0; i < 3; i += 1) {
      expect(await statementsOf(() => rideIds(a)), 'GET /api/rides').toBe(0);
      expect(await statementsOf(() => a.inject({ method: 'GET', url: LIST_URL })), 'ride.list').toBe(0);
    }
  });

  it('a change made elsewhere reaches the cache by its notification', async () => {
    const before = await rideIds(b);
    // Another instance, or a script: a write that goes through no request of this one.
    const ride = await createRide(t.db, organizer);
    expect(before).not.toContain(ride.id);
    await expect.poll(() => rideIds(b), { timeout: 10_000, interval: 50 }).toContain(ride.id);
    expect(await statementsOf(() => rideIds(b))).toBe(0);
  });

  it('a write through the other instance shows here, and at once on the writer', async () => {
    const cookie = await loginAs(a, organizer);
    await rideIds(a);
    await rideIds(b);
    // The writer's own notification comes late: the write itself makes it read the version.
    listenA.muted = true;
    const res = await a.inject({
      method: 'POST',
      url: '/api/rides',
      headers: { cookie },
      payload: {
        direction: 'SG->FC',
        maxPassengers: 4,
        date: new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString(),
        pickupLocation: 'Woodlands MRT',
        dropoffLocations: ['Forest City Marina'],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ id: number }>().id;
    expect(await rideIds(a)).toContain(id);
    listenA.up();
    await expect.poll(() => rideIds(b), { timeout: 10_000, interval: 50 }).toContain(id);
  });

  it('while the listener is down every read asks for the version, and nothing is served stale', async () => {
    await rideIds(b);
    listenB.down = true;
    expect(await statementsOf(() => rideIds(b))).toBe(1);
    const ride = await createRide(t.db, organizer);
    // Its notification went unheard; the version read finds it.
    expect(await rideIds(b)).toContain(ride.id);
    expect(await statementsOf(() => rideIds(b))).toBe(1);

    // Back (a reconnect): the version is read once, then trusted again.
    listenB.up();
    const another = await createRide(t.db, organizer);
    await expect.poll(() => rideIds(b), { timeout: 10_000, interval: 50 }).toContain(another.id);
    expect(await statementsOf(() => rideIds(b))).toBe(0);
  });
});
