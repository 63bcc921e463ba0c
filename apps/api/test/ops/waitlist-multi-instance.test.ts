/**
 * The waitlist on two production API processes (`node dist/server.js`) sharing one Postgres
 * database: many concurrent leaves, waitlist joins, accepts and direct joins split across both
 * never put more passengers on a ride than its seats, and seats held by offers are never counted
 * twice. Needs a Postgres server: the embedded engine lives inside a single process.
 */
import { expect, it } from 'vitest';

import { createUser } from '../factories';
import {
  type ApiProcess,
  call,
  createRide,
  describeOnServerEngine,
  type HttpResult,
  joinRide as join,
  login,
  rideSeats,
  useApiProcessPair,
} from './api-process';

describeOnServerEngine('waitlist-multi-instance.test.ts', 'waitlist on two API processes', () => {
  const t = useApiProcessPair({
    sessionSecret: 'waitlist-multi-instance-secret-0123456789abcdef',
    env: {
      // Both instances sweep every second during the test, contending for the advisory lock.
      WAITLIST_SWEEP_SECONDS: '1',
    },
  });

  interface Member {
    id: number;
    cookie: string;
    proc: ApiProcess;
    group: number;
  }

  async function members(
    count: number,
    on: (i: number) => ApiProcess,
    group: (i: number) => number,
  ): Promise<Member[]> {
    const list: Member[] = [];
    for (let i = 0; i < count; i += 1) {
      const user = await createUser(t.db);
      const proc = on(i);
      list.push({ id: user.id, cookie: await login(proc, user), proc, group: group(i) });
    }
    return list;
  }

  /** Seats taken, seats held by live offers, and what the ride row records. */
  async function state(rideId: number) {
    const seats = await rideSeats(t.db, rideId);
    const rows = await t.db
      .selectFrom('rideWaitlist')
      .select(['passengerCount', 'offerExpiresAt'])
      .where('rideId', '=', rideId)
      .execute();
    const now = Date.now();
    const held = rows
      .filter((row) => row.offerExpiresAt !== null && row.offerExpiresAt.getTime() > now)
      .reduce((sum, row) => sum + row.passengerCount, 0);
    return { ...seats, held, waiting: rows.length };
  }

  function expectRefusalOrSuccess(results: HttpResult[], ok: number): void {
    const unexpected = results.filter((r) => r.status !== ok && r.status !== 409 && r.status !== 404);
    expect(unexpected, JSON.stringify(unexpected)).toEqual([]);
  }

  it('concurrent leaves, waits, accepts and direct joins across both never overbook', async () => {
    const A = t.a;
    const B = t.b;
    const on = (i: number) => (i % 2 === 0 ? A : B);
    const MAX = 8;
    const organizer = await createUser(t.db);
    const rideId = await createRide(A, await login(A, organizer), MAX);

    // The ride fills: the organiser and seven riders.
    const riders = await members(7, on, () => 1);
    const entryIds = new Map<number, number>();
    for (const rider of riders) {
      const res = await join(rider.proc, rider.cookie, rideId, 1);
      expect(res.status).toBe(201);
      entryIds.set(rider.id, (res.body as { id: number }).id);
    }

    // Twelve groups of one or two wait, all at once, half on each instance.
    const waiters = await members(
      12,
      (i) => on(i + 1),
      (i) => (i % 3 === 0 ? 2 : 1),
    );
    const waited = await Promise.all(
      waiters.map((w) =>
        call(w.proc, 'POST', `/api/rides/${String(rideId)}/waitlist`, {
          cookie: w.cookie,
          body: { dropoffLocation: 'Jurong East', passengerCount: w.group },
        }),
      ),
    );
    expect(waited.map((r) => r.status)).toEqual(waiters.map(() => 201));
    const positions = waited.map((r) => (r.body as { position: number }).position).sort((x, y) => x - y);
    expect(positions).toEqual(waiters.map((_, i) => i + 1));

    const newcomers = await members(10, on, () => 1);
    const accept = (w: Member) =>
      call(w.proc === A ? B : A, 'POST', `/api/rides/${String(rideId)}/waitlist/accept`, { cookie: w.cookie });

    // The storm: riders leave (each freed seat is offered), waiters accept (mostly before any offer
    // reaches them) on the other instance, newcomers try to join directly, some waiters give up.
    const storm = await Promise.all([
      ...riders.map((r) =>
        call(r.proc, 'DELETE', `/api/rides/${String(rideId)}/passengers/${String(entryIds.get(r.id))}`, {
          cookie: r.cookie,
        }),
      ),
      ...waiters.map(accept),
      ...newcomers.map((n) => join(n.proc, n.cookie, rideId, 1)),
      ...waiters.map(accept),
      ...waiters
        .filter((_, i) => i % 5 === 4)
        .map((w) => call(w.proc, 'DELETE', `/api/rides/${String(rideId)}/waitlist`, { cookie: w.cookie })),
      ...waiters.map(accept),
    ]);
    expect(storm.filter((r) => r.status >= 500)).toEqual([]);
    expectRefusalOrSuccess(storm.slice(0, riders.length), 200);

    let now = await state(rideId);
    expect(now.seats).toBeLessThanOrEqual(MAX);
    expect(now.seats + now.held).toBeLessThanOrEqual(MAX);
    expect(now.recorded).toBe(now.seats);

    // Every remaining offer is accepted, from both instances at once, twice over.
    const settle = await Promise.all([...waiters.map(accept), ...waiters.map(accept)]);
    expectRefusalOrSuccess(settle, 200);

    now = await state(rideId);
    expect(now.seats).toBeLessThanOrEqual(MAX);
    expect(now.seats + now.held).toBeLessThanOrEqual(MAX);
    expect(now.recorded).toBe(now.seats);
    // Seven seats freed and far more demand: nothing stays both free and wanted (a pair may wait
    // while one seat is free).
    expect(now.seats + now.held).toBeGreaterThanOrEqual(MAX - 1);
    // Offers were really made and accepted across the instances.
    const boarded = await t.db
      .selectFrom('ridePassengers')
      .select('userId')
      .where('rideId', '=', rideId)
      .where(
        'userId',
        'in',
        waiters.map((w) => w.id),
      )
      .execute();
    expect(boarded.length).toBeGreaterThan(0);
  }, 120_000);
});
