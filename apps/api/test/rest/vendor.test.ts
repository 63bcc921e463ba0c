import { idParamMessage } from '@rideshare/domain';
import { beforeEach, describe, expect, it } from 'vitest';

import { createRide, createUser, createVendor, type TestUser } from '../factories';
import { loginAs, useTestApp } from '../helpers/app';

const t = useTestApp();

type Json = Record<string, unknown>;

let alice: TestUser;
let vendor: TestUser;
let rival: TestUser;
let aliceCookie: string;
let vendorCookie: string;
let rivalCookie: string;

beforeEach(async () => {
  alice = await createUser(t.db, { name: 'Alice' });
  vendor = await createVendor(t.db);
  rival = await createVendor(t.db);
  aliceCookie = await loginAs(t.app, alice);
  vendorCookie = await loginAs(t.app, vendor);
  rivalCookie = await loginAs(t.app, rival);
});

describe('GET /api/vendor/rides', () => {
  it("answers the vendor's assigned rides; 401 signed out, 403 for members", async () => {
    const mine = await createRide(t.db, alice, { status: 'assigned', vendorId: vendor.id });
    await createRide(t.db, alice);
    const res = await t.app.inject({ method: 'GET', url: '/api/vendor/rides', headers: { cookie: vendorCookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json<Json[]>()).toEqual([
      expect.objectContaining({ id: mine.id, status: 'assigned', vendorId: vendor.id, creatorName: 'Alice' }),
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/vendor/rides' })).statusCode).toBe(401);
    const member = await t.app.inject({ method: 'GET', url: '/api/vendor/rides', headers: { cookie: aliceCookie } });
    expect(member.statusCode).toBe(403);
    expect(member.json<Json>().error).toBe('Only vendors can do this');
  });
});

describe('POST /api/rides/:id/assign', () => {
  it('assigns an open ride to the calling vendor once', async () => {
    const ride = await createRide(t.db, alice);
    const url = `/api/rides/${String(ride.id)}/assign`;
    const res = await t.app.inject({ method: 'POST', url, headers: { cookie: vendorCookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json<Json>()).toMatchObject({
      id: ride.id,
      status: 'assigned',
      vendorId: vendor.id,
      creatorName: 'Alice',
    });
    const again = await t.app.inject({ method: 'POST', url, headers: { cookie: rivalCookie } });
    expect(again.statusCode).toBe(409);
    expect(again.json<Json>().error).toBe('This ride has already been assigned');
    const member = await t.app.inject({ method: 'POST', url, headers: { cookie: aliceCookie } });
    expect(member.statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/rides/zz/assign', headers: { cookie: vendorCookie } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/rides/8080/assign', headers: { cookie: vendorCookie } }))
        .statusCode,
    ).toBe(404);
    const row = await t.db
      .selectFrom('rides')
      .select(['status', 'vendorId'])
      .where('id', '=', ride.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'assigned', vendorId: vendor.id });
  });

  it('lets exactly one of two vendors win when they assign at the same moment', async () => {
    // Several rounds: one pair of requests can happen to run one after the other, which proves nothing.
    for (let round = 0; round < 5; round += 1) {
      const ride = await createRide(t.db, alice);
      const url = `/api/rides/${String(ride.id)}/assign`;
      const [a, b] = await Promise.all([
        t.app.inject({ method: 'POST', url, headers: { cookie: vendorCookie } }),
        t.app.inject({ method: 'POST', url, headers: { cookie: rivalCookie } }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const winner = a.statusCode === 200 ? vendor : rival;
      const row = await t.db
        .selectFrom('rides')
        .select(['status', 'vendorId'])
        .where('id', '=', ride.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'assigned', vendorId: winner.id });
    }
  });
});

describe('POST /api/rides/:id/unassign and /complete', () => {
  const DAY = 86_400_000;

  it('the vendor unassigns a ride days ahead; the ride is open again', async () => {
    const ride = await createRide(t.db, alice, {
      status: 'assigned',
      vendorId: vendor.id,
      date: new Date(Date.now() + 5 * DAY),
    });
    const url = `/api/rides/${String(ride.id)}/unassign`;
    const stranger = await t.app.inject({ method: 'POST', url, headers: { cookie: rivalCookie } });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json<Json>().error).toBe('Only the assigned vendor or the ride organizer can release the driver');
    const res = await t.app.inject({ method: 'POST', url, headers: { cookie: vendorCookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json<Json>()).toMatchObject({ id: ride.id, status: 'open', vendorId: null, driver: null });
    const again = await t.app.inject({ method: 'POST', url, headers: { cookie: aliceCookie } });
    expect(again.statusCode).toBe(409);
    expect(again.json<Json>().error).toBe('This ride has no driver assigned');
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/rides/zz/unassign',
      headers: { cookie: vendorCookie },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<Json>().error).toBe(idParamMessage('id'));
  });

  it('the vendor cannot unassign within 24 h; the organiser can release the driver', async () => {
    const ride = await createRide(t.db, alice, {
      status: 'assigned',
      vendorId: vendor.id,
      date: new Date(Date.now() + 3_600_000),
    });
    const url = `/api/rides/${String(ride.id)}/unassign`;
    const late = await t.app.inject({ method: 'POST', url, headers: { cookie: vendorCookie } });
    expect(late.statusCode).toBe(409);
    expect(late.json<Json>().error).toBe('A ride can only be unassigned until 24 hours before departure');
    const released = await t.app.inject({ method: 'POST', url, headers: { cookie: aliceCookie } });
    expect(released.statusCode).toBe(200);
    expect(released.json<Json>()).toMatchObject({ status: 'open', vendorId: null });
  });

  it('the vendor marks a past ride completed; not a future one, not twice', async () => {
    const past = await createRide(t.db, alice, {
      status: 'assigned',
      vendorId: vendor.id,
      date: new Date(Date.now() - DAY),
    });
    const future = await createRide(t.db, alice, { status: 'assigned', vendorId: vendor.id });
    const url = `/api/rides/${String(past.id)}/complete`;
    const member = await t.app.inject({ method: 'POST', url, headers: { cookie: aliceCookie } });
    expect(member.statusCode).toBe(403);
    expect(member.json<Json>().error).toBe('Only vendors can do this');
    const res = await t.app.inject({ method: 'POST', url, headers: { cookie: vendorCookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json<Json>()).toMatchObject({ id: past.id, status: 'completed', vendorId: vendor.id });
    const twice = await t.app.inject({ method: 'POST', url, headers: { cookie: vendorCookie } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json<Json>().error).toBe('This ride is already completed');
    const early = await t.app.inject({
      method: 'POST',
      url: `/api/rides/${String(future.id)}/complete`,
      headers: { cookie: vendorCookie },
    });
    expect(early.statusCode).toBe(409);
    expect(early.json<Json>().error).toBe('A ride can only be marked completed after its departure');
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/rides/8080/complete',
      headers: { cookie: vendorCookie },
    });
    expect(missing.statusCode).toBe(404);
    const rows = await t.db.selectFrom('rides').select(['id', 'status']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: past.id, status: 'completed' },
      { id: future.id, status: 'assigned' },
    ]);
  });
});
