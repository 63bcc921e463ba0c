/**
 * docs/security.md#security: every password or reset-code
 * guess is counted before it is checked, atomically, so guesses sent at once (as many requests, or
 * as one tRPC batch) cannot all get past the limit; and the account's count is kept per client
 * address, with growing waits, so a stranger's guesses never lock the member out.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';

import { createUser, DEFAULT_PASSWORD } from '../factories';
import { callerAs, fakeSession, passwordIs, refusal } from '../helpers/accounts';
import { appsPerTest, loginAs } from '../helpers/app';
import { useTestDatabase } from '../helpers/db';
import { testEnv } from '../helpers/env';

const t = useTestDatabase();
const appWith = appsPerTest(() => t.db);
const env = testEnv();
const LIMIT = env.LOGIN_MAX_FAILURES_PER_ACCOUNT; // 5

function tally(responses: LightMyRequestResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const res of responses) counts[res.statusCode] = (counts[res.statusCode] ?? 0) + 1;
  return counts;
}

const fifty = <T>(make: (i: number) => T): T[] => Array.from({ length: 50 }, (_, i) => make(i));

describe('guesses sent at the same moment', () => {
  it('checks at most the limit of 50 simultaneous wrong passwords; the rest get 429 with Retry-After', async () => {
    const app = await appWith();
    const victim = await createUser(t.db, { discordUsername: 'victim' });
    const responses = await Promise.all(
      fifty((i) =>
        app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { discordUsername: 'victim', password: `guess-number-${String(i)}` },
        }),
      ),
    );
    // 401 = the password was checked (and was wrong); 429 = refused before any check.
    expect(tally(responses)).toEqual({ 401: LIMIT, 429: 50 - LIMIT });
    const refused = responses.find((r) => r.statusCode === 429);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused?.json<{ error: string }>().error).toMatch(
      /^Too many failed login attempts\. Please try again in \d+ minutes\.$/,
    );
    // The right password is refused too until the wait is over.
    const right = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { discordUsername: 'victim', password: victim.password },
    });
    expect(right.statusCode).toBe(429);
  });

  it('refuses a tRPC batch of 50 login calls, or of any 2, without checking a single password', async () => {
    const app = await appWith();
    await createUser(t.db, { discordUsername: 'victim' });
    const batch = (n: number) =>
      app.inject({
        method: 'POST',
        url: `/trpc/${Array.from({ length: n }, () => 'auth.login').join(',')}?batch=1`,
        payload: Object.fromEntries(
          Array.from({ length: n }, (_, i) => [
            String(i),
            { discordUsername: 'victim', password: `guess-${String(i)}` },
          ]),
        ),
      });
    type Failure = { error: { message: string; data: { code: string } } };
    // More than 10 calls: the whole request is refused before any call is looked at.
    const tooMany = await batch(50);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json<Failure>().error).toMatchObject({
      message: 'Batch call exceeds maximum size',
      data: { code: 'BAD_REQUEST' },
    });
    // Up to 10, but with a credential procedure among them: every call is refused.
    for (const n of [10, 2]) {
      const res = await batch(n);
      expect(res.statusCode).toBe(400);
      const results = res.json<Failure[]>();
      expect(results).toHaveLength(n);
      for (const result of results) {
        expect(result.error).toMatchObject({
          message: 'auth.login cannot be batched with other calls; send it on its own',
          data: { code: 'BAD_REQUEST' },
        });
      }
    }
    expect(await t.db.selectFrom('loginThrottle').select('key').execute()).toEqual([]);

    // One call in a batch envelope (what the web app's batching link sends) still works.
    const single = await batch(1);
    expect(single.statusCode).toBe(401);
    expect(single.json<{ error: { data: { code: string } } }[]>()[0]?.error.data.code).toBe('UNAUTHORIZED');
  });

  it('checks at most the limit of 50 simultaneous wrong current passwords on a password change', async () => {
    const app = await appWith();
    const alice = await createUser(t.db, { discordUsername: 'alice' });
    const cookie = await loginAs(app, alice);
    const responses = await Promise.all(
      fifty((i) =>
        app.inject({
          method: 'POST',
          url: '/api/reset-password',
          headers: { cookie },
          payload: { currentPassword: `guess-number-${String(i)}`, newPassword: 'taken-over-1' },
        }),
      ),
    );
    expect(tally(responses)).toEqual({ 400: LIMIT, 429: 50 - LIMIT });
    expect(await passwordIs(t.db, alice.id, alice.password)).toBe(true);
  });

  it('checks at most the limit of 50 simultaneous wrong reset codes', async () => {
    const app = await appWith();
    const admin = await createUser(t.db, { discordUsername: 'boss', isAdmin: true });
    const bob = await createUser(t.db, { discordUsername: 'bob' });
    await (await callerAs(t.db, env, admin.id)).admin.issueResetCode({ discordUsername: 'bob' });
    const responses = await Promise.all(
      fifty((i) =>
        app.inject({
          method: 'POST',
          url: '/api/complete-password-reset',
          payload: {
            discordUsername: 'bob',
            code: `WRONG${String(i).padStart(2, '0')}CODEXYZ`,
            newPassword: 'taken-over-1',
          },
        }),
      ),
    );
    expect(tally(responses)).toEqual({ 400: LIMIT, 429: 50 - LIMIT });
    expect(await passwordIs(t.db, bob.id, bob.password)).toBe(true);
  });
});

describe('a stranger cannot lock a member out', () => {
  const STRANGER = '203.0.113.66';
  const MEMBER = '198.51.100.5';

  async function login(app: FastifyInstance, from: string, discordUsername: string, password: string) {
    return app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'x-forwarded-for': from },
      payload: { discordUsername, password },
    });
  }

  it("slows the stranger down on the admin's account while the admin signs in from their own address", async () => {
    const app = await appWith({ TRUST_PROXY: 'loopback' });
    const admin = await createUser(t.db, { discordUsername: 'the-admin', isAdmin: true });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1)
      statuses.push((await login(app, STRANGER, 'the-admin', `guess-${String(i)}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    // Even the right password from the stranger's address waits.
    expect((await login(app, STRANGER, 'the-admin', admin.password)).statusCode).toBe(429);

    expect((await login(app, MEMBER, 'the-admin', admin.password)).statusCode).toBe(200);
    // A typo of their own from home counts only against home.
    expect((await login(app, MEMBER, 'The-Admin', 'my-typo-1')).statusCode).toBe(401);
    expect((await login(app, MEMBER, 'the-admin', admin.password)).statusCode).toBe(200);
  });

  it('still limits one address trying many accounts', async () => {
    const app = await appWith({ TRUST_PROXY: 'loopback', LOGIN_MAX_FAILURES_PER_ADDRESS: '6' });
    const carol = await createUser(t.db, { discordUsername: 'carol' });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1)
      statuses.push((await login(app, STRANGER, `ghost${String(i)}`, 'wrong-password')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
    expect((await login(app, STRANGER, 'carol', carol.password)).statusCode).toBe(429);
    expect((await login(app, MEMBER, 'carol', carol.password)).statusCode).toBe(200);
  });

  it('makes every wait after the first longer (growing delays), then forgets a quiet account', async () => {
    await createUser(t.db, { discordUsername: 'dana', password: 'dana-password-1' });
    const start = new Date('2030-03-01T00:00:00.000Z');
    const guessAt = async (minutes: number, password = 'wrong-guess-1') => {
      const caller = await callerAs(t.db, env, null, {
        clientIp: STRANGER,
        session: fakeSession('s'),
        now: () => new Date(start.getTime() + minutes * 60_000),
      });
      return refusal(caller.auth.login({ discordUsername: 'dana', password })).catch(() => ({
        code: 'OK',
        message: '',
      }));
    };
    for (let i = 0; i < LIMIT; i += 1) expect((await guessAt(0)).code).toBe('UNAUTHORIZED');
    expect(await guessAt(1)).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many failed login attempts. Please try again in 14 minutes.',
    });
    // First wait: 15 minutes. The next wrong guess earns 30, then 60.
    expect((await guessAt(15)).code).toBe('UNAUTHORIZED');
    expect(await guessAt(16)).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many failed login attempts. Please try again in 29 minutes.',
    });
    expect((await guessAt(44)).code).toBe('TOO_MANY_REQUESTS');
    expect((await guessAt(45)).code).toBe('UNAUTHORIZED');
    expect(await guessAt(46)).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many failed login attempts. Please try again in 59 minutes.',
    });
    // Quiet for a window after the last wait ended: the count starts again.
    expect((await guessAt(45 + 60 + 15, 'dana-password-1')).code).toBe('OK');
  });
});

describe('a ceiling per account across addresses (device cookies)', () => {
  const CEILING = testEnv().LOGIN_MAX_FAILURES_PER_ACCOUNT_ALL; // 20
  const address = (i: number) => `203.0.113.${String(i + 1)}`;

  function login(app: FastifyInstance, from: string, discordUsername: string, password: string, device = '') {
    return app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'x-forwarded-for': from, ...(device ? { cookie: device } : {}) },
      payload: { discordUsername, password },
    });
  }

  /** The device cookie an answer set, as a Cookie header. */
  function deviceCookie(res: LightMyRequestResponse): string {
    const cookie = res.cookies.find((c) => c.name === 'rideshare.device');
    expect(cookie, 'a device cookie').toBeDefined();
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    return `rideshare.device=${cookie?.value ?? ''}`;
  }

  it('checks at most the ceiling of 30 simultaneous guesses from 30 addresses; the member’s own device still signs in', async () => {
    const app = await appWith({ TRUST_PROXY: 'loopback' });
    const victim = await createUser(t.db, { discordUsername: 'victim' });
    // The member signed in from home before: the browser keeps the account's device cookie.
    const home = deviceCookie(await login(app, '198.51.100.5', 'victim', victim.password));

    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(app, address(i), 'victim', `guess-number-${String(i)}`)),
    );
    expect(tally(responses)).toEqual({ 401: CEILING, 429: 30 - CEILING });
    expect(Number(responses.find((r) => r.statusCode === 429)?.headers['retry-after'])).toBeGreaterThan(0);

    // A new address and a browser that never signed in to it waits, even with the right password.
    expect((await login(app, '192.0.2.200', 'victim', victim.password)).statusCode).toBe(429);
    // A forged or edited device cookie counts for nothing.
    const edited = home.replace(/=(.)/, (_m, c: string) => `=${c === 'A' ? 'B' : 'A'}`);
    expect((await login(app, '192.0.2.201', 'victim', victim.password, edited)).statusCode).toBe(429);
    // The member's own browser signs in, from any address.
    expect((await login(app, '192.0.2.202', 'victim', victim.password, home)).statusCode).toBe(200);
    // Its typos are not held against the ceiling, nor stopped by it.
    expect((await login(app, '192.0.2.202', 'victim', 'my-typo-1', home)).statusCode).toBe(401);
    const signedIn = await login(app, '192.0.2.202', 'victim', victim.password, home);
    expect(signedIn.statusCode).toBe(200);

    // The member is told once in the inbox (more guesses past the ceiling add nothing).
    await login(app, '192.0.2.203', 'victim', 'one-more-guess');
    const session = signedIn.cookies.find((c) => c.name === 'rideshare.sid');
    const inbox = await app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: { cookie: `rideshare.sid=${session?.value ?? ''}` },
    });
    expect(inbox.statusCode).toBe(200);
    const { items } = inbox.json<{ items: { kind: string; rideId: number | null; rideDirection: string | null }[] }>();
    expect(items).toEqual([expect.objectContaining({ kind: 'sign_in_guessing', rideId: null, rideDirection: null })]);
  });

  it('registering gives the browser the device cookie too; it names the account by a digest, not by name', async () => {
    const app = await appWith({ TRUST_PROXY: 'loopback', LOGIN_MAX_FAILURES_PER_ACCOUNT_ALL: '2' });
    const registered = await app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'x-forwarded-for': '198.51.100.7' },
      payload: { discordUsername: 'newbie', password: 'newbie-pass-1' },
    });
    expect(registered.statusCode).toBe(201);
    const device = deviceCookie(registered);
    expect(device).not.toContain('newbie');
    for (let i = 0; i < 3; i += 1) await login(app, address(i), 'newbie', `guess-${String(i)}`);
    expect((await login(app, address(10), 'newbie', 'newbie-pass-1')).statusCode).toBe(429);
    expect((await login(app, address(11), 'newbie', 'newbie-pass-1', device)).statusCode).toBe(200);
  });
});

describe('Retry-After on refusals', () => {
  it('is sent with 429 over tRPC as well as REST', async () => {
    const app = await appWith({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '1' });
    await createUser(t.db, { discordUsername: 'erin' });
    const first = await app.inject({
      method: 'POST',
      url: '/trpc/auth.login',
      payload: { discordUsername: 'erin', password: 'wrong-password' },
    });
    expect(first.statusCode).toBe(401);
    const second = await app.inject({
      method: 'POST',
      url: '/trpc/auth.login',
      payload: { discordUsername: 'erin', password: DEFAULT_PASSWORD },
    });
    expect(second.statusCode).toBe(429);
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(second.json<{ error: { data: { domainCode: string } } }>().error.data.domainCode).toBe('RATE_LIMITED');
  });
});
