import { describe, expect, it } from 'vitest';

import { createUser, DEFAULT_PASSWORD } from '../factories';
import { createTestApp, loginAs, sessionCookie, useTestApp } from '../helpers/app';

const t = useTestApp();

const member = {
  discordUsername: 'alice_sg',
  password: 'supersecret1',
  name: 'Alice Tan',
  whatsappNumber: '+65 9123 4567',
  malaysianNumber: '',
  revolutUsername: '',
  isVendor: false,
};

function expectNoSecrets(body: string) {
  expect(body).not.toMatch(/argon2/i);
  expect(body).not.toMatch(/passwordHash|password_hash/);
  expect(body).not.toContain(member.password);
}

describe('register → me → logout → me', () => {
  it('registers, signs in, and signs out server-side', async () => {
    const reg = await t.app.inject({ method: 'POST', url: '/api/register', payload: member });
    expect(reg.statusCode).toBe(201);
    expectNoSecrets(reg.body);
    const user = reg.json<Record<string, unknown>>();
    expect(user).toMatchObject({
      id: 1,
      discordUsername: 'alice_sg',
      name: 'Alice Tan',
      whatsappNumber: '+65 9123 4567',
      malaysianNumber: null,
      revolutUsername: null,
      isVendor: false,
      companyName: null,
      driverDetails: null,
    });
    expect(user).not.toHaveProperty('password');

    const cookie = sessionCookie(reg);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: 1, discordUsername: 'alice_sg' });
    expectNoSecrets(me.body);

    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    const sessions = await t.db.selectFrom('sessions').select('sid').execute();
    expect(sessions).toHaveLength(0);

    const after = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: 'Not authenticated' });
  });

  it('answers 401 to me without a session, and stores no session for anonymous visitors', async () => {
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(me.statusCode).toBe(401);
    expect(me.headers['set-cookie']).toBeUndefined();
    expect(await t.db.selectFrom('sessions').select('sid').execute()).toHaveLength(0);
  });

  it('stores vendor fields as companyName and driverDetails', async () => {
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        discordUsername: 'vendor_co',
        password: 'vendorpass1',
        isVendor: true,
        companyName: 'Border Cabs',
        driverDetails: { name: 'Ahmad', contact: '+60 12-345 6789', carNumber: 'JQB 1234' },
      },
    });
    expect(reg.statusCode).toBe(201);
    expect(reg.json()).toMatchObject({
      isVendor: true,
      companyName: 'Border Cabs',
      driverDetails: { name: 'Ahmad', contact: '+60 12-345 6789', carNumber: 'JQB 1234' },
    });
  });

  it('refuses a vendor without the four vendor fields, writing nothing', async () => {
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { discordUsername: 'vendor2', password: 'vendorpass1', isVendor: true },
    });
    expect(reg.statusCode).toBe(400);
    expect(reg.json<{ error: string }>().error).toBe('Company name is required for vendors');
    expect(await t.db.selectFrom('users').select('id').execute()).toHaveLength(0);
  });

  it('refuses a duplicate Discord username in any letter case', async () => {
    await t.app.inject({ method: 'POST', url: '/api/register', payload: member });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { ...member, discordUsername: 'ALICE_SG' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: string }>().error).toMatch(/already exists/);
    expect(await t.db.selectFrom('users').select('id').execute()).toHaveLength(1);
  });

  it('refuses a short password with the spec message', async () => {
    const reg = await t.app.inject({ method: 'POST', url: '/api/register', payload: { ...member, password: 'short' } });
    expect(reg.statusCode).toBe(400);
    expect(reg.json<{ error: string }>().error).toBe('Password must be at least 8 characters long');
  });
});

describe('login', () => {
  it('signs in with the right password (username case-insensitive) and regenerates the session id', async () => {
    const user = await createUser(t.db, { discordUsername: 'bob' });
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { discordUsername: 'BOB', password: DEFAULT_PASSWORD },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id: user.id, discordUsername: 'bob' });
    expectNoSecrets(first.body);
    const cookie1 = sessionCookie(first);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { cookie: cookie1 },
      payload: { discordUsername: 'bob', password: DEFAULT_PASSWORD },
    });
    const cookie2 = sessionCookie(second);
    expect(cookie2).not.toBe(cookie1);
    // The old id no longer signs anyone in.
    const stale = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: cookie1 } });
    expect(stale.statusCode).toBe(401);
  });

  it('answers 401 with the same message for a wrong password and an unknown user', async () => {
    await createUser(t.db, { discordUsername: 'carol' });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { discordUsername: 'carol', password: 'nope-nope' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { discordUsername: 'nobody', password: 'nope-nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'Invalid Discord username or password' });
    expect(unknown.json()).toEqual({ error: 'Invalid Discord username or password' });
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('rate-limits an account after repeated failures, even with the right password', async () => {
    const user = await createUser(t.db, { discordUsername: 'dave' });
    for (let i = 0; i < 5; i += 1) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { discordUsername: 'dave', password: 'wrong-password' },
      });
      expect(r.statusCode).toBe(401);
    }
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { discordUsername: 'dave', password: user.password },
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json<{ error: string }>().error).toMatch(/Too many failed login attempts/);
  });

  it('rate-limits one address trying many accounts', async () => {
    for (let i = 0; i < 20; i += 1) {
      await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { discordUsername: `ghost${String(i)}`, password: 'wrong-password' },
      });
    }
    const user = await createUser(t.db, { discordUsername: 'erin' });
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { discordUsername: 'erin', password: user.password },
    });
    expect(blocked.statusCode).toBe(429);
  });

  it('keeps a session valid across a rebuilt app (sessions live in Postgres)', async () => {
    const user = await createUser(t.db);
    const cookie = await loginAs(t.app, user);
    const other = await createTestApp(t.db);
    try {
      const me = await other.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ id: user.id });
    } finally {
      await other.close();
    }
  });
});

describe('bad input never answers 5xx and writes nothing', () => {
  it.each([
    ['malformed JSON', '{"discordUsername": "x", ', 'application/json'],
    ['a JSON array', '[1,2,3]', 'application/json'],
    ['a JSON string', '"hello"', 'application/json'],
    ['wrong types', JSON.stringify({ discordUsername: 42, password: ['a'] }), 'application/json'],
    ['an empty object', '{}', 'application/json'],
    ['form encoding', 'discordUsername=x&password=y', 'application/x-www-form-urlencoded'],
  ])('register with %s → 4xx', async (_label, payload, contentType) => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload,
      headers: { 'content-type': contentType },
    });
    expect(r.statusCode).toBeGreaterThanOrEqual(400);
    expect(r.statusCode).toBeLessThan(500);
    expect(typeof r.json<{ error: string }>().error).toBe('string');
    expect(await t.db.selectFrom('users').select('id').execute()).toHaveLength(0);
  });

  it('refuses an oversized body with 413', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { discordUsername: 'big', password: 'x'.repeat(200 * 1024) },
    });
    expect(r.statusCode).toBe(413);
    expect(r.json()).toEqual({ error: 'The request body is too large' });
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(r.statusCode).toBe(404);
    expect(r.json<{ error: string }>().error).toMatch(/Not found/);
  });
});

describe('health', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' });
  });
});
