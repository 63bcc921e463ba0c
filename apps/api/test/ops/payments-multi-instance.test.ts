/**
 * Money after the lock across two production API processes on one Postgres database
 * (docs/payments.md#races): joins on a locked ride sent to both at once, racing the organiser's
 * recalculation, leave amounts that sum exactly to the total; a mark made on A reaches an
 * event-stream subscriber of B as `payments.changed`, with no amounts in it. Needs a Postgres server.
 */
import { afterAll, expect, it } from 'vitest';

import { createUser } from '../factories';
import { SseStream } from '../helpers/sse';
import { call, describeOnServerEngine, joinRide, login, useApiProcessPair, type ApiProcess } from './api-process';

const HOUR = 3_600_000;
const streams: SseStream[] = [];

describeOnServerEngine('payments-multi-instance.test.ts', 'payments across two API processes', () => {
  const t = useApiProcessPair({
    sessionSecret: 'payments-multi-instance-secret-0123456789abc',
    env: { DB_POOL_SIZE: '4', SHUTDOWN_TIMEOUT_MS: '10000' },
  });
  afterAll(() => {
    for (const stream of streams.splice(0)) stream.close();
  });

  /** A ride posted for tomorrow (inside the lock window), SGD 80 by default; locked by its first read. */
  async function lockedRide(proc: ApiProcess, cookie: string, maxPassengers: number): Promise<number> {
    const res = await call(proc, 'POST', '/api/rides', {
      cookie,
      body: {
        direction: 'FC->SG',
        maxPassengers,
        date: new Date(Date.now() + 20 * HOUR).toISOString(),
        organizerPassengerCount: 1,
        pickupLocation: 'Forest City',
        dropoffLocations: [{ location: 'Jurong East', passengerCount: 1 }],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const rideId = (res.body as { id: number }).id;
    const table = await call(proc, 'GET', `/api/rides/${String(rideId)}/payments`, { cookie });
    expect((table.body as { lockedAt: string | null }).lockedAt).not.toBeNull();
    return rideId;
  }

  async function amountsOf(rideId: number): Promise<{ cents: number[]; total: number }> {
    const rows = await t.db.selectFrom('ridePayments').select('amountDueCents').where('rideId', '=', rideId).execute();
    const ride = await t.db
      .selectFrom('rides')
      .select(['cost', 'additionalStops', 'stopPrice'])
      .where('id', '=', rideId)
      .executeTakeFirstOrThrow();
    return {
      cents: rows.map((row) => row.amountDueCents),
      total: Math.round((ride.cost + ride.additionalStops * ride.stopPrice) * 100),
    };
  }

  it('joins on both at once and a racing recalculation leave amounts that sum exactly to the total', async () => {
    const A = t.a;
    const B = t.b;
    const organiser = await createUser(t.db);
    const organiserCookie = await login(A, organiser);
    const rideId = await lockedRide(A, organiserCookie, 10);
    const joiners = [];
    for (let i = 0; i < 8; i += 1) {
      const user = await createUser(t.db);
      const proc = i % 2 === 0 ? A : B;
      joiners.push({ proc, cookie: await login(proc, user) });
    }
    const results = await Promise.all([
      ...joiners.map(({ proc, cookie }) => joinRide(proc, cookie, rideId)),
      call(B, 'POST', `/api/rides/${String(rideId)}/payments/recalculate`, { cookie: organiserCookie }),
      call(A, 'POST', `/api/rides/${String(rideId)}/payments/recalculate`, { cookie: organiserCookie }),
    ]);
    expect(results.map((res) => res.status)).toEqual([201, 201, 201, 201, 201, 201, 201, 201, 200, 200]);
    const { cents, total } = await amountsOf(rideId);
    expect(cents).toHaveLength(9);
    expect(cents.reduce((sum, amount) => sum + amount, 0)).toBe(total);
    expect(Math.max(...cents) - Math.min(...cents)).toBeLessThanOrEqual(1);
  });

  it("a mark made on A reaches B's event stream as payments.changed, without amounts", async () => {
    const A = t.a;
    const B = t.b;
    const organiser = await createUser(t.db);
    const rider = await createUser(t.db);
    const rideId = await lockedRide(A, await login(A, organiser), 4);
    const riderCookie = await login(A, rider);
    expect((await joinRide(A, riderCookie, rideId)).status).toBe(201);

    // A party event: the organiser's stream on B hears it (a visitor's would not).
    const stream = await SseStream.open(`${B.baseUrl}/api/events`, { cookie: await login(B, organiser) });
    streams.push(stream);
    const marked = await call(A, 'POST', `/api/rides/${String(rideId)}/payments/mine`, {
      cookie: riderCookie,
      body: { method: 'cash' },
    });
    expect(marked.status).toBe(200);
    // Earlier writes' events (the join's, the test before's) may still be on their way to B when the
    // stream opens: read past them (a bounded number) to this ride's payment event.
    let event = await stream.nextEvent(10_000);
    for (
      let skipped = 0;
      !(event.type === 'payments.changed' && event.rideId === rideId) && skipped < 20;
      skipped += 1
    ) {
      event = await stream.nextEvent(10_000);
    }
    expect(event).toMatchObject({ type: 'payments.changed', rideId });
    expect(Object.keys(event).sort()).toEqual(['id', 'rideId', 'type', 'version']);
  });
});
