import type { FastifyInstance, InjectOptions } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';

import { createRide, createUser, createVendor, TEST_PERMIT, type TestUser } from '../factories';
import { appsPerTest, loginAs } from '../helpers/app';
import { useTestDatabase } from '../helpers/db';

const t = useTestDatabase();
const appWith = appsPerTest(() => t.db);

let alice: TestUser;
beforeEach(async () => {
  alice = await createUser(t.db, { discordUsername: 'alice' });
});

const DAY = 86_400_000;
const ridePayload = () => ({
  direction: 'SG->FC',
  maxPassengers: 4,
  date: new Date(Date.now() + 2 * DAY).toISOString(),
  pickupLocation: 'Pasir Ris MRT',
  dropoffLocations: ['Forest City'],
});

/** The Host every request below is addressed to, as a browser on http://rides.test:3000 sends it. */
const HOST = 'rides.test:3000';

async function rideCount(): Promise<number> {
  return (await t.db.selectFrom('rides').select('id').execute()).length;
}

/** Creates a ride over REST and over tRPC with alice's session and the given browser headers. */
async function createRides(app: FastifyInstance, headers: Record<string, string>) {
  const cookie = await loginAs(app, alice);
  const request = (url: string): InjectOptions => ({
    method: 'POST',
    url,
    headers: { host: HOST, cookie, ...headers },
    payload: ridePayload(),
  });
  const rest = await app.inject(request('/api/rides'));
  const trpc = await app.inject(request('/trpc/ride.create'));
  return { rest, trpc };
}

const REFUSED = /^Cross-site request refused: changes can only be made from this app's own pages/;

describe('cross-site writes', () => {
  it.each([
    ['another site', { origin: 'https://evil.example' }],
    ['the same host on another port', { origin: 'http://rides.test:4000' }],
    ['an opaque origin (sandboxed frame, file:)', { origin: 'null' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site (a sibling subdomain)', { 'sec-fetch-site': 'same-site' }],
  ])('refuses a write with a session cookie from %s, over REST and tRPC, writing nothing', async (_label, headers) => {
    const app = await appWith();
    const { rest, trpc } = await createRides(app, headers);
    for (const res of [rest, trpc]) {
      expect(res.statusCode).toBe(403);
      expect(res.json<{ error: string }>().error).toMatch(REFUSED);
    }
    expect(await rideCount()).toBe(0);
  });

  it.each([
    ['its own origin (no PUBLIC_URL: the Host)', { origin: `http://${HOST}` }, {}],
    ['its own origin behind a TLS proxy (scheme not compared without PUBLIC_URL)', { origin: `https://${HOST}` }, {}],
    ['Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin' }, {}],
    ['Sec-Fetch-Site: none (typed by the user)', { 'sec-fetch-site': 'none' }, {}],
    ['an origin in CORS_ORIGIN', { origin: 'https://app.example.com' }, { CORS_ORIGIN: 'https://app.example.com' }],
    ['PUBLIC_URL', { origin: 'http://rides.example.com:8080' }, { PUBLIC_URL: 'http://rides.example.com:8080/' }],
    ['no Origin and no Sec-Fetch-Site (curl, scripts, the typed client)', {}, {}],
  ])('lets a write from %s through', async (_label, headers, env) => {
    const app = await appWith(env);
    const { rest, trpc } = await createRides(app, headers);
    expect(rest.statusCode).toBe(201);
    expect(trpc.statusCode).toBe(200);
    expect(await rideCount()).toBe(2);
  });

  it('with PUBLIC_URL set, the own origin is PUBLIC_URL only, not whatever Host a request names', async () => {
    const app = await appWith({ PUBLIC_URL: 'http://rides.example.com:8080' });
    const { rest, trpc } = await createRides(app, { origin: `http://${HOST}` });
    expect([rest.statusCode, trpc.statusCode]).toEqual([403, 403]);
    expect(await rideCount()).toBe(0);
  });

  it('behind a trusted proxy, the forwarded host is the own origin; an untrusted peer cannot claim one', async () => {
    const headers = { origin: 'https://rides.example.com', 'x-forwarded-host': 'rides.example.com' };
    const untrusted = await createRides(await appWith(), headers);
    expect([untrusted.rest.statusCode, untrusted.trpc.statusCode]).toEqual([403, 403]);
    const trusted = await createRides(await appWith({ TRUST_PROXY: 'loopback' }), headers);
    expect([trusted.rest.statusCode, trusted.trpc.statusCode]).toEqual([201, 200]);
  });

  it('refuses a cross-site log-in (signing the victim into the attacker’s account) and log-out', async () => {
    const app = await appWith();
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { origin: 'https://evil.example' },
      payload: { discordUsername: 'alice', password: alice.password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.headers['set-cookie']).toBeUndefined();

    const cookie = await loginAs(app, alice);
    const logout = await app.inject({
      method: 'POST',
      url: '/trpc/auth.logout',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(logout.statusCode).toBe(403);
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
  });

  it('leaves reads alone: a cross-site GET is answered (CORS decides whether the page may read it)', async () => {
    const app = await appWith();
    const cookie = await loginAs(app, alice);
    const me = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(me.statusCode).toBe(200);
    expect(me.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('REST write bodies are JSON', () => {
  it.each([
    ['text/plain', 'text/plain'],
    ['text/plain with a charset', 'text/plain; charset=utf-8'],
    ['form encoding', 'application/x-www-form-urlencoded'],
    ['multipart', 'multipart/form-data; boundary=x'],
  ])('refuses a %s body with 415 and a clear message, writing nothing', async (_label, contentType) => {
    const app = await appWith();
    const cookie = await loginAs(app, alice);
    const res = await app.inject({
      method: 'POST',
      url: '/api/rides',
      headers: { cookie, 'content-type': contentType },
      payload: JSON.stringify(ridePayload()),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      error: 'Unsupported content type: send the request body as JSON (Content-Type: application/json)',
    });
    expect(await rideCount()).toBe(0);
  });

  it('tRPC refuses a text/plain body too, writing nothing', async () => {
    const app = await appWith();
    const cookie = await loginAs(app, alice);
    const res = await app.inject({
      method: 'POST',
      url: '/trpc/ride.create',
      headers: { cookie, 'content-type': 'text/plain' },
      payload: JSON.stringify(ridePayload()),
    });
    expect(res.statusCode).toBe(415);
    expect(await rideCount()).toBe(0);
  });

  it('refuses a body with no content type', async () => {
    const app = await appWith();
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-length': '40' },
      payload: JSON.stringify({ discordUsername: 'alice', password: 'x' }).padEnd(40),
    });
    expect(res.statusCode).toBe(415);
  });

  it('accepts JSON with a charset, and bodyless writes (log-out, lock sequence, assign) with no content type', async () => {
    const app = await appWith();
    // A Malaysian permit picks up in Forest City, so it may take this FC->SG ride.
    const vendor = await createVendor(t.db, {
      discordUsername: 'vendor_co',
      permit: { ...TEST_PERMIT, country: 'MY' },
    });
    // Drop-off sequences belong to FC->SG rides.
    const ride = await createRide(t.db, alice, { direction: 'FC->SG' });
    const cookie = await loginAs(app, alice);
    const created = await app.inject({
      method: 'POST',
      url: '/api/rides',
      headers: { cookie, host: HOST, origin: `http://${HOST}`, 'content-type': 'application/json; charset=utf-8' },
      payload: JSON.stringify(ridePayload()),
    });
    expect(created.statusCode).toBe(201);

    const lock = await app.inject({
      method: 'POST',
      url: `/api/rides/${String(ride.id)}/lockSequence`,
      headers: { cookie, host: HOST, origin: `http://${HOST}` },
    });
    expect(lock.statusCode).toBe(200);

    const vendorCookie = await loginAs(app, vendor);
    const assign = await app.inject({
      method: 'POST',
      url: `/api/rides/${String(ride.id)}/assign`,
      headers: { cookie: vendorCookie, 'content-length': '0' },
    });
    expect(assign.statusCode).toBe(200);

    const logout = await app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie, host: HOST, origin: `http://${HOST}` },
    });
    expect(logout.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(401);
  });
});
