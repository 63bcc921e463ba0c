/**
 * Write floods: per-member hourly limits on ride edits, drop-off order changes, cancellations and
 * marking notifications read (over REST and tRPC alike), and every per-hour limit counted in
 * Postgres, so two API instances on one database share one allowance exactly.
 */
import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';

import { createRide, createUser, type TestUser } from '../factories';
import { appsPerTest, loginAs } from '../helpers/app';
import { useTestDatabase } from '../helpers/db';
import { expectRefusedFor, ridePayload } from '../helpers/rate-limits';

const t = useTestDatabase();
const appWith = appsPerTest(() => t.db);

const send = (app: FastifyInstance, method: 'POST' | 'PATCH', url: string, payload: unknown, cookie: string) =>
  app.inject({ method, url, payload: payload as Record<string, unknown>, headers: { cookie } });

let alice: TestUser;
let bob: TestUser;

beforeEach(async () => {
  alice = await createUser(t.db, { discordUsername: 'alice' });
  bob = await createUser(t.db, { discordUsername: 'bob' });
});

describe('per-member limits on frequent writes', () => {
  it('limits ride edits (RATE_LIMIT_RIDE_EDIT_PER_HOUR) over REST and tRPC together', async () => {
    const app = await appWith({ RATE_LIMIT_RIDE_EDIT_PER_HOUR: '2' });
    const ride = await createRide(t.db, alice);
    const cookie = await loginAs(app, alice);
    expect((await send(app, 'PATCH', `/api/rides/${String(ride.id)}`, ridePayload(3), cookie)).statusCode).toBe(200);
    expect((await send(app, 'POST', '/trpc/ride.update', { ...ridePayload(5), id: ride.id }, cookie)).statusCode).toBe(
      200,
    );
    expectRefusedFor(await send(app, 'PATCH', `/api/rides/${String(ride.id)}`, ridePayload(6), cookie));
    expectRefusedFor(await send(app, 'POST', '/trpc/ride.update', { ...ridePayload(6), id: ride.id }, cookie));
    const row = await t.db
      .selectFrom('rides')
      .select('maxPassengers')
      .where('id', '=', ride.id)
      .executeTakeFirstOrThrow();
    expect(row.maxPassengers).toBe(5);
  });

  it('limits drop-off order changes (RATE_LIMIT_SEQUENCE_PER_HOUR): setting and locking count together', async () => {
    const app = await appWith({ RATE_LIMIT_SEQUENCE_PER_HOUR: '2' });
    const ride = await createRide(t.db, alice, { direction: 'FC->SG' });
    const cookie = await loginAs(app, alice);
    const entry = String(ride.organizerEntryId);
    const sequence = `/api/rides/${String(ride.id)}/passengers/${entry}/sequence`;
    expect((await send(app, 'PATCH', sequence, { sequence: 1 }, cookie)).statusCode).toBe(200);
    expect((await send(app, 'POST', `/api/rides/${String(ride.id)}/lockSequence`, {}, cookie)).statusCode).toBe(200);
    expectRefusedFor(await send(app, 'PATCH', sequence, { sequence: 1 }, cookie));
    expectRefusedFor(await send(app, 'POST', '/trpc/sequence.lock', { rideId: ride.id }, cookie));
  });

  it('limits cancellations (RATE_LIMIT_CANCEL_PER_HOUR); another member has their own allowance', async () => {
    const app = await appWith({ RATE_LIMIT_CANCEL_PER_HOUR: '1' });
    const [first, second] = [await createRide(t.db, alice), await createRide(t.db, alice)];
    const bobsRide = await createRide(t.db, bob);
    const cookie = await loginAs(app, alice);
    const cancel = (id: number, who = cookie) =>
      send(app, 'POST', `/api/rides/${String(id)}/cancel`, { reason: 'Plans changed' }, who);
    expect((await cancel(first.id)).statusCode).toBe(200);
    expectRefusedFor(await cancel(second.id));
    expect((await cancel(bobsRide.id, await loginAs(app, bob))).statusCode).toBe(200);
    const open = await t.db.selectFrom('rides').select('id').where('status', '=', 'open').execute();
    expect(open.map((r) => r.id)).toEqual([second.id]);
  });

  it('limits marking notifications read (RATE_LIMIT_MARK_READ_PER_HOUR)', async () => {
    const app = await appWith({ RATE_LIMIT_MARK_READ_PER_HOUR: '2' });
    const cookie = await loginAs(app, alice);
    expect((await send(app, 'POST', '/api/notifications/read', {}, cookie)).statusCode).toBe(200);
    expect((await send(app, 'POST', '/trpc/notification.markRead', {}, cookie)).statusCode).toBe(200);
    expectRefusedFor(await send(app, 'POST', '/api/notifications/read', {}, cookie));
  });
});

describe('limits shared by every instance on one database', () => {
  it('two instances together allow exactly the hourly limit, calls racing on both', async () => {
    const env = { RATE_LIMIT_MARK_READ_PER_HOUR: '5' };
    const [a, b] = [await appWith(env), await appWith(env)];
    // Sessions live in Postgres: one cookie works on both instances.
    const cookie = await loginAs(a, alice);
    const calls = Array.from({ length: 12 }, (_, i) =>
      send(i % 2 === 0 ? a : b, 'POST', '/api/notifications/read', {}, cookie),
    );
    const statuses = (await Promise.all(calls)).map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });

  it('registrations from one address across two instances stop at RATE_LIMIT_REGISTER_PER_HOUR', async () => {
    const env = { RATE_LIMIT_REGISTER_PER_HOUR: '3' };
    const [a, b] = [await appWith(env), await appWith(env)];
    const calls = Array.from({ length: 8 }, (_, i) =>
      (i % 2 === 0 ? a : b).inject({
        method: 'POST',
        url: '/api/register',
        payload: { discordUsername: `newcomer${String(i)}`, password: 'long-enough-1', isVendor: false },
      }),
    );
    const statuses = (await Promise.all(calls)).map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    const newcomers = await t.db
      .selectFrom('users')
      .select('id')
      .where('discordUsername', 'like', 'newcomer%')
      .execute();
    expect(newcomers).toHaveLength(3);
  });
});
