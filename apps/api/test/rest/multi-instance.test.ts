import { connectDatabase, type DbHandle } from '@rideshare/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { createRide, createUser, createUsers } from '../factories';
import { createTestApp, loginAs } from '../helpers/app';
import { createTestDatabase, type TestDatabase } from '../helpers/db';

/**
 * Two API processes on one Postgres server, each with its own connection pool: the ride row lock
 * must hold across them. Only meaningful against a server (the embedded engine is one process).
 */
const serverMode = inject('dbMode') === 'server';

let tdb: TestDatabase;
let second: DbHandle;
let appA: FastifyInstance;
let appB: FastifyInstance;

// The embedded engine skips the file without paying for a database it would not use.
beforeAll(async () => {
  if (!serverMode) return;
  tdb = await createTestDatabase({ poolSize: 10 });
  second = await connectDatabase({ databaseUrl: tdb.connectionString, poolSize: 10 });
  // 30 people sign in at once from one address (127.0.0.1): sign-ins in progress count against
  // the per-address limit until they succeed, so this address needs room for them.
  const manyAtOnce = { LOGIN_MAX_FAILURES_PER_ADDRESS: '100' };
  appA = await createTestApp(tdb.db, manyAtOnce);
  appB = await createTestApp(second.db, manyAtOnce);
});
afterAll(async () => {
  if (!serverMode) return;
  await appA.close();
  await appB.close();
  await second.close();
  await tdb.destroy();
});

describe.skipIf(!serverMode)('two app instances on one database', () => {
  it('never overbook a ride when 30 people join through both at once', async () => {
    const alice = await createUser(tdb.db);
    const ride = await createRide(tdb.db, alice, { maxPassengers: 4, organizerCount: 1 });
    const racers = await createUsers(tdb.db, 30);
    // Sessions live in Postgres: a cookie from either instance works on both.
    const cookies = await Promise.all(racers.map((user, i) => loginAs(i % 2 === 0 ? appA : appB, user)));
    const responses = await Promise.all(
      cookies.map((cookie, i) =>
        (i % 2 === 0 ? appB : appA).inject({
          method: 'POST',
          url: `/api/rides/${String(ride.id)}/join`,
          headers: { cookie },
          payload: { dropoffLocation: `Stop ${String(i)}`, passengerCount: 1 },
        }),
      ),
    );
    const created = responses.filter((r) => r.statusCode === 201);
    const refused = responses.filter((r) => r.statusCode !== 201);
    expect(created).toHaveLength(3);
    expect(refused).toHaveLength(27);
    for (const r of refused) {
      expect(r.statusCode).toBe(409);
      expect(r.json<{ error: string }>().error).toMatch(/^(Ride is full|Only \d+ spots remaining)$/);
    }
    const row = await tdb.db
      .selectFrom('rides')
      .select(['currentPassengers', 'maxPassengers'])
      .where('id', '=', ride.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ currentPassengers: 4, maxPassengers: 4 });
    const entries = await tdb.db.selectFrom('ridePassengers').select('id').where('rideId', '=', ride.id).execute();
    expect(entries).toHaveLength(4);
  });
});
