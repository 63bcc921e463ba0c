import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { createRide, createUser, createVendor, type TestUser } from '../factories';
import { createTestApp, loginAs } from '../helpers/app';
import { createTestDatabase, type TestDatabase } from '../helpers/db';

let tdb: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  tdb = await createTestDatabase();
  app = await createTestApp(tdb.db);
});
afterAll(async () => {
  await app.close();
  await tdb.destroy();
});

type Json = Record<string, unknown>;

let alice: TestUser;
let vendor: TestUser;
let rival: TestUser;
let aliceCookie: string;
let vendorCookie: string;
let rivalCookie: string;

beforeEach(async () => {
  await tdb.reset();
  alice = await createUser(tdb.db, { name: 'Alice' });
  vendor = await createVendor(tdb.db);
  rival = await createVendor(tdb.db);
  aliceCookie = await loginAs(app, alice);
  vendorCookie = await loginAs(app, vendor);
  rivalCookie = await loginAs(app, rival);
});

describe('GET /api/vendor/rides', () => {
  it("answers the vendor's assigned rides; 401 signed out, 403 for members", async () => {
    const mine = await createRide(tdb.db, alice, { status: 'assigned', vendorId: vendor.id });
    await createRide(tdb.db, alice);
    const res = await app.inject({ method: 'GET', url: '/api/vendor/rides', headers: { cookie: vendorCookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json<Json[]>()).toEqual([
      expect.objectContaining({ id: mine.id, status: 'assigned', vendorId: vendor.id, creatorName: 'Alice' }),
    ]);
    expect((await app.inject({ method: 'GET', url: '/api/vendor/rides' })).statusCode).toBe(401);
    const member = await app.inject({ method: 'GET', url: '/api/vendor/rides', headers: { cookie: aliceCookie } });
    expect(member.statusCode).toBe(403);
    expect(member.json<Json>().error).toBe('Only vendors can do this');
  });
});

describe('POST /api/rides/:id/assign', () => {
  it('assigns an open ride to the calling vendor once', async () => {
    const ride = await createRide(tdb.db, alice);
    const url = `/api/rides/${String(ride.id)}/assign`;
    const res = await app.inject({ method: 'POST', url, headers: { cookie: vendorCookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json<Json>()).toMatchObject({
      id: ride.id,
      status: 'assigned',
      vendorId: vendor.id,
      creatorName: 'Alice',
    });
    const again = await app.inject({ method: 'POST', url, headers: { cookie: rivalCookie } });
    expect(again.statusCode).toBe(409);
    expect(again.json<Json>().error).toBe('This ride has already been assigned');
    const member = await app.inject({ method: 'POST', url, headers: { cookie: aliceCookie } });
    expect(member.statusCode).toBe(403);
    expect(
      (await app.inject({ method: 'POST', url: '/api/rides/zz/assign', headers: { cookie: vendorCookie } })).statusCode,
    ).toBe(400);
    expect(
      (await app.inject({ method: 'POST', url: '/api/rides/8080/assign', headers: { cookie: vendorCookie } }))
        .statusCode,
    ).toBe(404);
    const row = await tdb.db
      .selectFrom('rides')
      .select(['status', 'vendorId'])
      .where('id', '=', ride.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'assigned', vendorId: vendor.id });
  });

  it('lets exactly one of two vendors win when they assign at the same moment', async () => {
    // Several rounds: one pair of requests can happen to run one after the other, which proves nothing.
    for (let round = 0; round < 5; round += 1) {
      const ride = await createRide(tdb.db, alice);
      const url = `/api/rides/${String(ride.id)}/assign`;
      const [a, b] = await Promise.all([
        app.inject({ method: 'POST', url, headers: { cookie: vendorCookie } }),
        app.inject({ method: 'POST', url, headers: { cookie: rivalCookie } }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const winner = a.statusCode === 200 ? vendor : rival;
      const row = await tdb.db
        .selectFrom('rides')
        .select(['status', 'vendorId'])
        .where('id', '=', ride.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'assigned', vendorId: winner.id });
    }
  });
});
