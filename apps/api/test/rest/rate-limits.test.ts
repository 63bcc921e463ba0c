/**
 * docs/security.md#security: a per-address limit on every request, tighter per-hour
 * limits on register, create ride, join and assign (over REST, tRPC, and each call of a tRPC
 * batch), and a bounded argon2 wait queue that answers 503 with Retry-After when full. These tests
 * use real, small limits.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { MAX_CONCURRENT_HASHES, runPasswordWork } from '../../src/auth/password';
import { createRide, createUser, createVendor, DEFAULT_PASSWORD, type TestUser } from '../factories';
import { appsPerTest, loginAs } from '../helpers/app';
import { useTestDatabase } from '../helpers/db';
import { expectRefusedFor, ridePayload } from '../helpers/rate-limits';

const t = useTestDatabase();
const appWith = appsPerTest(() => t.db);

type TrpcFailure = { error: { message: string; data: { code: string; domainCode: string | null } } };

function member(discordUsername: string) {
  return { discordUsername, password: 'long-enough-1', isVendor: false };
}

const post = (app: FastifyInstance, url: string, payload: unknown, cookie?: string) =>
  app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers: cookie ? { cookie } : {} });

describe('register', () => {
  it('allows RATE_LIMIT_REGISTER_PER_HOUR per address, counting REST and tRPC together', async () => {
    const app = await appWith({ RATE_LIMIT_REGISTER_PER_HOUR: '2' });
    expect((await post(app, '/api/register', member('first'))).statusCode).toBe(201);
    expect((await post(app, '/trpc/auth.register', member('second'))).statusCode).toBe(200);
    expectRefusedFor(await post(app, '/api/register', member('third')));
    expectRefusedFor(await post(app, '/trpc/auth.register', member('fourth')));
    const names = await t.db.selectFrom('users').select('discordUsername').orderBy('id').execute();
    expect(names.map((u) => u.discordUsername)).toEqual(['first', 'second']);
  });

  it('keys on the client address behind a trusted proxy', async () => {
    const app = await appWith({ RATE_LIMIT_REGISTER_PER_HOUR: '1', TRUST_PROXY: 'loopback' });
    const from = (ip: string, name: string) =>
      app.inject({ method: 'POST', url: '/api/register', headers: { 'x-forwarded-for': ip }, payload: member(name) });
    expect((await from('203.0.113.1', 'one')).statusCode).toBe(201);
    expectRefusedFor(await from('203.0.113.1', 'two'));
    expect((await from('203.0.113.2', 'three')).statusCode).toBe(201);
  });
});

describe('create ride, join and assign', () => {
  let alice: TestUser;
  let bob: TestUser;

  beforeEach(async () => {
    alice = await createUser(t.db, { discordUsername: 'alice' });
    bob = await createUser(t.db, { discordUsername: 'bob' });
  });

  it('limits ride creation per user over REST and tRPC alike', async () => {
    const app = await appWith({ RATE_LIMIT_RIDE_CREATE_PER_HOUR: '2' });
    const aliceCookie = await loginAs(app, alice);
    expect((await post(app, '/api/rides', ridePayload(), aliceCookie)).statusCode).toBe(201);
    expect((await post(app, '/trpc/ride.create', ridePayload(), aliceCookie)).statusCode).toBe(200);
    expectRefusedFor(await post(app, '/api/rides', ridePayload(), aliceCookie));
    expectRefusedFor(await post(app, '/trpc/ride.create', ridePayload(), aliceCookie));
    // Another member has a limit of their own.
    expect((await post(app, '/api/rides', ridePayload(), await loginAs(app, bob))).statusCode).toBe(201);
    expect(await t.db.selectFrom('rides').select('id').execute()).toHaveLength(3);
  });

  it('counts every join call of a tRPC batch, then refuses REST joins too', async () => {
    const app = await appWith({ RATE_LIMIT_JOIN_PER_HOUR: '2' });
    const rides = [];
    for (let i = 0; i < 4; i += 1) rides.push(await createRide(t.db, alice));
    const bobCookie = await loginAs(app, bob);
    const calls = rides.slice(0, 3);
    const batch = await app.inject({
      method: 'POST',
      url: `/trpc/${calls.map(() => 'passenger.join').join(',')}?batch=1`,
      headers: { cookie: bobCookie },
      payload: Object.fromEntries(
        calls.map((ride, i) => [String(i), { rideId: ride.id, dropoffLocation: 'Bedok', passengerCount: 1 }]),
      ),
    });
    // The calls of a batch run side by side: which one comes third is not fixed, that one does is.
    const results = batch.json<({ result: unknown } | TrpcFailure)[]>();
    expect(results.map((r) => ('error' in r ? r.error.data.code : 'OK')).sort()).toEqual([
      'OK',
      'OK',
      'TOO_MANY_REQUESTS',
    ]);
    expect(Number(batch.headers['retry-after'])).toBeGreaterThan(0);
    expectRefusedFor(
      await post(
        app,
        `/api/rides/${String(rides[3]?.id)}/join`,
        { dropoffLocation: 'Bedok', passengerCount: 1 },
        bobCookie,
      ),
    );
    const bobsEntries = await t.db.selectFrom('ridePassengers').select('rideId').where('userId', '=', bob.id).execute();
    expect(bobsEntries).toHaveLength(2);
  });

  it('limits assigning rides per vendor', async () => {
    const app = await appWith({ RATE_LIMIT_ASSIGN_PER_HOUR: '1' });
    const vendor = await createVendor(t.db, { discordUsername: 'driver' });
    const [first, second] = [await createRide(t.db, alice), await createRide(t.db, alice)];
    const cookie = await loginAs(app, vendor);
    expect((await post(app, `/api/rides/${String(first?.id)}/assign`, {}, cookie)).statusCode).toBe(200);
    expectRefusedFor(await post(app, '/trpc/vendor.assign', { rideId: second?.id }, cookie));
    const assigned = await t.db.selectFrom('rides').select('id').where('vendorId', '=', vendor.id).execute();
    expect(assigned).toHaveLength(1);
  });

  it('limits quoting and withdrawing per vendor, together', async () => {
    const app = await appWith({ RATE_LIMIT_QUOTE_PER_HOUR: '2' });
    const vendor = await createVendor(t.db, { discordUsername: 'quoter' });
    const ride = await createRide(t.db, alice);
    const cookie = await loginAs(app, vendor);
    const quoted = await post(app, `/api/rides/${String(ride.id)}/quotes`, { price: 90 }, cookie);
    expect(quoted.statusCode).toBe(201);
    const quoteId = quoted.json<{ id: number }>().id;
    const withdrawn = await app.inject({
      method: 'DELETE',
      url: `/api/rides/${String(ride.id)}/quotes/${String(quoteId)}`,
      headers: { cookie },
    });
    expect(withdrawn.statusCode).toBe(200);
    expectRefusedFor(await post(app, '/trpc/quote.create', { rideId: ride.id, price: 95 }, cookie));
    const live = await t.db.selectFrom('rideQuotes').select('id').where('status', '=', 'live').execute();
    expect(live).toHaveLength(0);
  });
});

describe('every request, per address', () => {
  it('answers 429 with Retry-After past RATE_LIMIT_MAX, except the health probes', async () => {
    const app = await appWith({ RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_SECONDS: '60', TRUST_PROXY: 'loopback' });
    const get = (url: string, ip = '192.0.2.10') =>
      app.inject({ method: 'GET', url, headers: { 'x-forwarded-for': ip } });
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await get('/api/stats')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await get('/trpc/ride.list');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json<{ error: string }>().error).toMatch(/^Too many requests\. Please try again in 1 minute\.$/);
    for (let i = 0; i < 5; i += 1) expect((await get('/healthz')).statusCode).toBe(200);
    expect((await get('/readyz')).statusCode).toBe(200);
    // Someone else is not affected.
    expect((await get('/api/stats', '192.0.2.11')).statusCode).toBe(200);
  });
});

describe('the argon2 wait queue', () => {
  let open: () => void = () => undefined;
  afterEach(() => {
    open();
  });

  /** Occupies every argon2 slot and `queued` places in line with work that waits for `open()`. */
  function occupy(queued: number): Promise<unknown>[] {
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    return Array.from({ length: MAX_CONCURRENT_HASHES + queued }, () => runPasswordWork(() => gate));
  }

  it('answers 503 with Retry-After when ARGON2_MAX_QUEUE computations already wait, counting no failed attempt', async () => {
    const app = await appWith({ ARGON2_MAX_QUEUE: '2' });
    const carol = await createUser(t.db, { discordUsername: 'carol' });
    const held = occupy(2);

    const rest = await post(app, '/api/login', { discordUsername: 'carol', password: DEFAULT_PASSWORD });
    expect(rest.statusCode).toBe(503);
    expect(rest.headers['retry-after']).toBe('1');
    expect(rest.json()).toEqual({ error: 'The server is busy checking passwords. Please try again in a moment.' });
    const trpc = await post(app, '/trpc/auth.register', member('newcomer'));
    expect(trpc.statusCode).toBe(503);
    expect(trpc.headers['retry-after']).toBe('1');
    expect(trpc.json<TrpcFailure>().error.data.code).toBe('SERVICE_UNAVAILABLE');
    // The refused sign-in was never checked, so it does not count as a wrong guess.
    const counters = await t.db.selectFrom('loginThrottle').select(['key', 'failures']).execute();
    expect(counters.every((c) => c.failures === 0)).toBe(true);

    open();
    await Promise.all(held);
    expect((await loginAs(app, carol)).length).toBeGreaterThan(0);
  });
});
