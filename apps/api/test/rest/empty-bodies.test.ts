/**
 * Many HTTP client wrappers send `Content-Type: application/json` on every request, body or not.
 * An empty body is then no body: the calls that take none answer as without the header, a call
 * whose fields are all optional reads it as `{}`, and a call that needs fields still answers 400
 * naming them. See docs/http-requests.md#bodies.
 */
import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';

import { addPassenger, createRide, createUser, createVendor, type TestUser } from '../factories';
import { loginAs, useTestApp } from '../helpers/app';

const t = useTestApp();

type Json = Record<string, unknown>;

let alice: TestUser;
let bob: TestUser;
let aliceCookie: string;
beforeEach(async () => {
  alice = await createUser(t.db, { discordUsername: 'alice' });
  bob = await createUser(t.db, { discordUsername: 'bob' });
  aliceCookie = await loginAs(t.app, alice);
});

/** A request with a JSON content type and nothing after it (Content-Length: 0). */
function emptyJson(method: 'POST' | 'DELETE' | 'PATCH', url: string, cookie?: string) {
  return t.app.inject({
    method,
    url,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload: '',
  });
}

function expectNotRefusedForTheBody(res: LightMyRequestResponse) {
  expect(res.statusCode).toBeLessThan(500);
  expect(JSON.stringify(res.json<Json>().error ?? '')).not.toMatch(/body/i);
}

describe('calls that take no body', () => {
  it('POST /api/logout signs out', async () => {
    const res = await emptyJson('POST', '/api/logout', aliceCookie);
    expect(res.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: aliceCookie } });
    expect(me.statusCode).toBe(401);
  });

  it('POST /api/rides/:id/lockSequence locks the sequence', async () => {
    const ride = await createRide(t.db, alice, { direction: 'FC->SG' });
    await addPassenger(t.db, ride, bob, { location: 'Jurong' });
    const res = await emptyJson('POST', `/api/rides/${String(ride.id)}/lockSequence`, aliceCookie);
    expect(res.statusCode).toBe(200);
    const row = await t.db.selectFrom('rides').select('sequenceLocked').where('id', '=', ride.id).executeTakeFirst();
    expect(row?.sequenceLocked).toBe(true);
  });

  it('DELETE /api/rides/:id/passengers/:passengerId removes the passenger', async () => {
    const ride = await createRide(t.db, alice);
    const entry = await addPassenger(t.db, ride, bob);
    const res = await emptyJson('DELETE', `/api/rides/${String(ride.id)}/passengers/${String(entry.id)}`, aliceCookie);
    expect(res.statusCode).toBe(200);
    const left = await t.db.selectFrom('ridePassengers').select('id').where('id', '=', entry.id).execute();
    expect(left).toEqual([]);
  });

  it('DELETE /api/rides/:id deletes the ride', async () => {
    const ride = await createRide(t.db, alice);
    const res = await emptyJson('DELETE', `/api/rides/${String(ride.id)}`, aliceCookie);
    expect(res.statusCode).toBe(200);
    expect(await t.db.selectFrom('rides').select('id').execute()).toEqual([]);
  });

  it('the vendor calls and the calendar feed calls answer as without the header', async () => {
    const vendor = await createVendor(t.db, { discordUsername: 'vic' });
    const vendorCookie = await loginAs(t.app, vendor);
    const ride = await createRide(t.db, alice);
    const assign = await emptyJson('POST', `/api/rides/${String(ride.id)}/assign`, vendorCookie);
    expect(assign.statusCode).toBe(200);
    const unassign = await emptyJson('POST', `/api/rides/${String(ride.id)}/unassign`, vendorCookie);
    expect(unassign.statusCode).toBe(200);
    const feed = await emptyJson('POST', '/api/users/me/calendar-feed', aliceCookie);
    expect(feed.statusCode).toBe(200);
    const stop = await emptyJson('DELETE', '/api/users/me/calendar-feed', aliceCookie);
    expect(stop.statusCode).toBe(200);
    const reset = await emptyJson('POST', '/api/request-password-reset', aliceCookie);
    expectNotRefusedForTheBody(reset);
  });
});

describe('calls whose fields are all optional', () => {
  it('POST /api/notifications/read reads an empty body as {} (mark all read)', async () => {
    const res = await emptyJson('POST', '/api/notifications/read', aliceCookie);
    expect(res.statusCode).toBe(200);
  });
});

describe('calls that need fields', () => {
  it('POST /api/login answers 400 naming the missing fields', async () => {
    const res = await emptyJson('POST', '/api/login');
    expect(res.statusCode).toBe(400);
    const body = res.json<{ error: string; fieldErrors?: Record<string, string[]> }>();
    expectNotRefusedForTheBody(res);
    expect(Object.keys(body.fieldErrors ?? {})).toEqual(expect.arrayContaining(['discordUsername', 'password']));
  });

  it('POST /api/rides/:id/cancel answers 400 naming the reason', async () => {
    const ride = await createRide(t.db, alice);
    const res = await emptyJson('POST', `/api/rides/${String(ride.id)}/cancel`, aliceCookie);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<{ fieldErrors?: Json }>().fieldErrors ?? {})).toEqual(['reason']);
  });

  it('still refuses a body that is not JSON', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { 'content-type': 'application/json', cookie: aliceCookie },
      payload: '{',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ error: 'The request body is not valid JSON' });
  });
});
