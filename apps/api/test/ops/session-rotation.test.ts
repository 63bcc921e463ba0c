import { describe, expect, it } from 'vitest';

import { parseEnv } from '../../src/env';
import { createUser } from '../factories';
import { appsPerTest, loginAs, sessionCookie } from '../helpers/app';
import { useTestDatabase } from '../helpers/db';
import { testEnv } from '../helpers/env';

const OLD = 'old-secret-old-secret-old-secret-0001';
const NEW = 'new-secret-new-secret-new-secret-0002';

const t = useTestDatabase();
const openApp = appsPerTest(() => t.db);
const appWithSecret = (secret: string) => openApp({ SESSION_SECRET: secret });

describe('SESSION_SECRET as a list', () => {
  it('parses a comma-separated list: the first signs, all verify, each at least 32 characters', () => {
    const env = testEnv({ SESSION_SECRET: ` ${NEW} , ${OLD} ` });
    expect(env.SESSION_SECRETS).toEqual([NEW, OLD]);
    expect(env.SESSION_SECRET).toBe(NEW);
    expect(() => testEnv({ SESSION_SECRET: `${NEW},too-short` })).toThrow(
      /SESSION_SECRET: must be at least 32 characters/,
    );
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET: is required in production/);
    expect(() => parseEnv({ NODE_ENV: 'production', SESSION_SECRET: ' , ' })).toThrow(/SESSION_SECRET/);
  });

  it('rotates without signing anyone out, then retires the old secret', async () => {
    const user = await createUser(t.db, { discordUsername: 'erin' });

    const before = await appWithSecret(OLD);
    const oldCookie = await loginAs(before, user);

    // Step 1: the new secret goes in front, the old one stays to verify.
    const during = await appWithSecret(`${NEW},${OLD}`);
    const me = await during.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: oldCookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: user.id });
    // The answer re-issues the same session signed with the new secret.
    // One Set-Cookie: the re-signed session, not a clearing cookie next to it.
    expect([me.headers['set-cookie']].flat()).toHaveLength(1);
    const renewed = sessionCookie(me);
    expect(renewed).not.toBe(oldCookie);
    const sidOf = (cookie: string) => decodeURIComponent(cookie.split('=')[1] ?? '').split('.')[0];
    expect(sidOf(renewed)).toBe(sidOf(oldCookie));

    // A cookie already signed with the new secret is left alone.
    const again = await during.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: renewed } });
    expect(again.statusCode).toBe(200);
    expect(again.headers['set-cookie']).toBeUndefined();

    // New sign-ins are signed with the new secret.
    const fresh = await loginAs(during, user);

    // Step 2: the old secret is removed. Renewed and new cookies work; the never-renewed one is dead.
    const after = await appWithSecret(NEW);
    for (const cookie of [renewed, fresh]) {
      const res = await after.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
      expect(res.statusCode).toBe(200);
    }
    const stale = await after.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: oldCookie } });
    expect(stale.statusCode).toBe(401);
  });

  it('an instance that only knows the new secret rejects cookies signed with the old one', async () => {
    const user = await createUser(t.db, { discordUsername: 'frank' });
    const oldCookie = await loginAs(await appWithSecret(OLD), user);
    const newOnly = await appWithSecret(NEW);
    const res = await newOnly.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: oldCookie } });
    expect(res.statusCode).toBe(401);
  });
});
