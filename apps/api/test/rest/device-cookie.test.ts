/**
 * Device cookies per browser (docs/sign-in-protection.md#device-cookies): each browser gets a
 * random nonce of its own, bound to the account's password version, and counts its own failures.
 * An outside review sent 30 guesses from 30 addresses with one old cookie and all were checked;
 * after a password change the old cookie still skipped the ceiling.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';

import { createUser } from '../factories';
import { appsPerTest } from '../helpers/app';
import { useTestDatabase } from '../helpers/db';
import { testEnv } from '../helpers/env';

const t = useTestDatabase();
const appWith = appsPerTest(() => t.db);
const PER_ACCOUNT = testEnv().LOGIN_MAX_FAILURES_PER_ACCOUNT; // 5
const CEILING = testEnv().LOGIN_MAX_FAILURES_PER_ACCOUNT_ALL; // 20
const address = (i: number) => `203.0.113.${String(i + 1)}`;

function login(app: FastifyInstance, from: string, password: string, device = '') {
  return app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { 'x-forwarded-for': from, ...(device ? { cookie: device } : {}) },
    payload: { discordUsername: 'victim', password },
  });
}

function deviceCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'rideshare.device');
  expect(cookie, 'a device cookie').toBeDefined();
  return `rideshare.device=${cookie?.value ?? ''}`;
}

function tally(responses: LightMyRequestResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const res of responses) counts[res.statusCode] = (counts[res.statusCode] ?? 0) + 1;
  return counts;
}

describe('the device cookie', () => {
  it('differs between two browsers of one account', async () => {
    const app = await appWith({ TRUST_PROXY: 'loopback' });
    const victim = await createUser(t.db, { discordUsername: 'victim' });
    const one = deviceCookie(await login(app, address(1), victim.password));
    const two = deviceCookie(await login(app, address(2), victim.password));
    expect(one).not.toBe(two);
  });

  it('counts its own failures: 30 guesses from 30 addresses with one cookie check at most 5', async () => {
    const app = await appWith({ TRUST_PROXY: 'loopback' });
    const victim = await createUser(t.db, { discordUsername: 'victim' });
    const stolen = deviceCookie(await login(app, '198.51.100.5', victim.password));
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(app, address(i), `guess-number-${String(i)}`, stolen)),
    );
    expect(tally(responses)).toEqual({ 401: PER_ACCOUNT, 429: 30 - PER_ACCOUNT });
    // The member's other browsers are not held back by that cookie's count.
    expect((await login(app, '198.51.100.9', victim.password)).statusCode).toBe(200);
  });

  it('names nobody once the password changed: guesses with it count against the ceiling again', async () => {
    const app = await appWith({ TRUST_PROXY: 'loopback' });
    const victim = await createUser(t.db, { discordUsername: 'victim' });
    const signedIn = await login(app, '198.51.100.5', victim.password);
    const old = deviceCookie(signedIn);
    const session = signedIn.cookies.find((c) => c.name === 'rideshare.sid');
    const changed = await app.inject({
      method: 'POST',
      url: '/api/reset-password',
      headers: { 'x-forwarded-for': '198.51.100.5', cookie: `rideshare.sid=${session?.value ?? ''}` },
      payload: { currentPassword: victim.password, newPassword: 'a-brand-new-password-1' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(app, address(i), `guess-number-${String(i)}`, old)),
    );
    expect(tally(responses)).toEqual({ 401: CEILING, 429: 30 - CEILING });
  });
});
