/**
 * Two production API processes (`node dist/server.js`) on one Postgres database, as behind a load
 * balancer: sessions, logout, seat locking, graceful drain and a hard crash, observed from outside.
 * Needs a Postgres server: the embedded engine lives inside a single process.
 */
import pg from 'pg';
import { expect, it } from 'vitest';

import { createUser, type TestUser } from '../factories';
import {
  call,
  createRide,
  describeOnServerEngine,
  joinRide as join,
  login,
  rideSeats,
  useApiProcessPair,
  type ApiProcess,
} from './api-process';

const SESSION_SECRET = 'multi-instance-test-secret-0123456789abcdef';

describeOnServerEngine('multi-instance.test.ts', 'two API processes on one database', () => {
  const t = useApiProcessPair({
    sessionSecret: SESSION_SECRET,
    env: {
      SHUTDOWN_TIMEOUT_MS: '10000',
    },
  });

  async function usersLoggedIn(
    count: number,
    on: (i: number) => ApiProcess,
  ): Promise<{ user: TestUser; cookie: string }[]> {
    const users: { user: TestUser; cookie: string }[] = [];
    for (let i = 0; i < count; i += 1) {
      const user = await createUser(t.db);
      users.push({ user, cookie: await login(on(i), user) });
    }
    return users;
  }

  function seatsOf(rideId: number) {
    return rideSeats(t.db, rideId);
  }

  it('a session made on one is valid on the other, and logout on one ends it on both', async () => {
    const A = t.a;
    const B = t.b;
    const user = await createUser(t.db, { discordUsername: 'hana' });
    const cookie = await login(A, user);

    for (const proc of [A, B]) {
      const me = await call(proc, 'GET', '/api/auth/me', { cookie });
      expect(me.status, proc.name).toBe(200);
      expect(me.body).toMatchObject({ id: user.id, discordUsername: 'hana' });
    }

    expect((await call(B, 'POST', '/api/logout', { cookie })).status).toBe(200);
    for (const proc of [A, B]) {
      expect((await call(proc, 'GET', '/api/auth/me', { cookie })).status, proc.name).toBe(401);
    }
  });

  it('40 concurrent joins split across both never overbook the ride', async () => {
    const A = t.a;
    const B = t.b;
    const organizer = await createUser(t.db);
    const rideId = await createRide(A, await login(A, organizer), 10);
    const joiners = await usersLoggedIn(40, (i) => (i % 2 === 0 ? A : B));

    // Groups of one and two, alternating instances: 60 seats asked for, 9 left.
    const attempts = joiners.map(({ cookie }, i) => ({ proc: i % 2 === 0 ? A : B, cookie, count: i % 4 < 2 ? 1 : 2 }));
    const results = await Promise.all(attempts.map(({ proc, cookie, count }) => join(proc, cookie, rideId, count)));

    const accepted = attempts.filter((_, i) => results[i]?.status === 201);
    const refused = results.filter((r) => r.status === 409);
    expect(
      accepted.length + refused.length,
      JSON.stringify(results.filter((r) => r.status !== 201 && r.status !== 409)),
    ).toBe(40);
    for (const r of refused) {
      expect((r.body as { error: string }).error).toMatch(/^(Ride is full|Only \d+ spots? remaining)$/);
    }
    const seatsGranted = accepted.reduce((sum, attempt) => sum + attempt.count, 0);

    const state = await seatsOf(rideId);
    expect(state.seats).toBeLessThanOrEqual(10);
    // Demand far exceeds supply, so the ride fills (one seat can stay empty if only pairs were left).
    expect(state.seats).toBeGreaterThanOrEqual(9);
    expect(state.seats).toBe(1 + seatsGranted);
    expect(state.entries).toBe(1 + accepted.length);
    expect(state.recorded).toBe(state.seats);
  });

  it('SIGTERM drains in-flight requests, refuses new ones, and exits cleanly within 10 s', async () => {
    const A = t.a;
    const B = t.b;
    const organizer = await createUser(t.db);
    const rideId = await createRide(B, await login(B, organizer), 10);
    const joiners = await usersLoggedIn(6, () => A);

    // Hold the ride's row lock from outside, so the joins sent to A wait inside their transactions.
    const blocker = new pg.Client({ connectionString: t.tdb.connectionString });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('select id from rides where id = $1 for update', [rideId]);
      const inFlight = joiners.map(({ cookie }) => join(A, cookie, rideId));
      const dbName = new URL(t.tdb.connectionString).pathname.slice(1);
      await expect
        .poll(
          async () =>
            Number(
              (
                await blocker.query<{ n: string }>(
                  "select count(*) as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'",
                  [dbName],
                )
              ).rows[0]?.n,
            ),
          { timeout: 10_000, interval: 50 },
        )
        .toBe(joiners.length);

      A.child.kill('SIGTERM');
      // It takes no new work once the signal has landed...
      await expect
        .poll(
          () =>
            call(A, 'GET', '/readyz').then(
              (r) => r.status,
              () => 'refused',
            ),
          { timeout: 10_000, interval: 50 },
        )
        .not.toBe(200);
      // ...yet, still draining the requests it accepted (held by the row lock), it has not exited.
      expect(A.child.exitCode).toBeNull();
      // ...while the other instance serves on.
      expect((await call(B, 'GET', '/readyz')).status).toBe(200);

      await blocker.query('commit');
      const answers = await Promise.all(inFlight);
      expect(answers.map((r) => r.status)).toEqual(joiners.map(() => 201));
      // Exit 0 is the in-time proof: past SHUTDOWN_TIMEOUT_MS (10 s here) the server gives up and
      // exits 1. No wall-clock assertion, which a busy machine could fail.
      const { code, signal } = await A.exited;
      expect({ code, signal }).toEqual({ code: 0, signal: null });
    } finally {
      await blocker.query('rollback').catch(() => undefined);
      await blocker.end();
    }
    const state = await seatsOf(rideId);
    expect(state.entries).toBe(1 + joiners.length);
    expect(state.recorded).toBe(state.seats);
  }, 60_000);

  it('SIGKILL to one mid-load loses no acknowledged join, and the other keeps serving', async () => {
    // A drained and exited above; a new A joins the pool (and honours sessions made before).
    const A = await t.restartA('A2');
    const B = t.b;
    const organizer = await createUser(t.db);
    const organizerCookie = await login(B, organizer);
    const rideIds: number[] = [];
    for (let i = 0; i < 10; i += 1) rideIds.push(await createRide(B, organizerCookie, 10));
    const joiners = await usersLoggedIn(30, () => B);

    // 300 distinct (user, ride) joins for 90 free seats: the database turns most away under load.
    const work = joiners.flatMap(({ user, cookie }) => rideIds.map((rideId) => ({ user, cookie, rideId })));
    type Outcome = { proc: string; rideId: number; userId: number; status: number | 'network-error'; at: number };
    const outcomes: Outcome[] = [];
    let killedAt = Number.POSITIVE_INFINITY;
    let next = 0;
    let acknowledgedByA = 0;

    const worker = async (w: number) => {
      while (next < work.length) {
        const item = work[next];
        next += 1;
        if (!item) break;
        const proc = (next + w) % 2 === 0 ? A : B;
        try {
          const res = await join(proc, item.cookie, item.rideId);
          outcomes.push({
            proc: proc.name,
            rideId: item.rideId,
            userId: item.user.id,
            status: res.status,
            at: Date.now(),
          });
          if (proc === A && res.status === 201) {
            acknowledgedByA += 1;
            if (acknowledgedByA === 25) {
              killedAt = Date.now();
              A.child.kill('SIGKILL');
            }
          }
        } catch {
          outcomes.push({
            proc: proc.name,
            rideId: item.rideId,
            userId: item.user.id,
            status: 'network-error',
            at: Date.now(),
          });
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, (_, w) => worker(w)));
    expect(await A.exited).toEqual({ code: null, signal: 'SIGKILL' });

    // The crash happened mid-load: A had acknowledged joins and lost requests; B answered throughout.
    expect(Number.isFinite(killedAt)).toBe(true);
    expect(outcomes.some((o) => o.proc === A.name && o.status === 'network-error')).toBe(true);
    const fromB = outcomes.filter((o) => o.proc === B.name);
    expect(
      fromB.every((o) => o.status === 201 || o.status === 409),
      JSON.stringify(fromB.filter((o) => typeof o.status !== 'number' || o.status >= 500)),
    ).toBe(true);
    expect(fromB.filter((o) => o.at > killedAt && o.status === 201).length).toBeGreaterThan(0);

    // Every acknowledged join is in the database.
    const acknowledged = outcomes.filter((o) => o.status === 201);
    const rows = await t.db
      .selectFrom('ridePassengers')
      .select(['rideId', 'userId'])
      .where('rideId', 'in', rideIds)
      .execute();
    const stored = new Set(rows.map((r) => `${String(r.rideId)}:${String(r.userId)}`));
    const lost = acknowledged.filter((o) => !stored.has(`${String(o.rideId)}:${String(o.userId)}`));
    expect(lost).toEqual([]);

    // And nothing half-done: every ride's seat count matches its entries, within its maximum.
    for (const rideId of rideIds) {
      const state = await seatsOf(rideId);
      expect(state.recorded).toBe(state.seats);
      expect(state.seats).toBeLessThanOrEqual(state.max);
    }

    // Clients retry what A dropped on B: each either joins now or already had (A committed before
    // dying without answering); never a double booking.
    const dropped = outcomes.filter((o) => o.status === 'network-error');
    const cookieOf = new Map(joiners.map((j) => [j.user.id, j.cookie]));
    for (const o of dropped) {
      const retry = await join(B, cookieOf.get(o.userId) ?? '', o.rideId);
      expect([201, 409]).toContain(retry.status);
    }
    const dupes = await t.db
      .selectFrom('ridePassengers')
      .select(({ fn }) => ['rideId', 'userId', fn.countAll<number>().as('n')])
      .where('rideId', 'in', rideIds)
      .groupBy(['rideId', 'userId'])
      .having(({ fn }) => fn.countAll(), '>', 1)
      .execute();
    expect(dupes).toEqual([]);
  }, 120_000);
});
