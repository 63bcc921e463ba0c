/**
 * docs/security.md#security: an idle timeout beside the absolute one (7 days, the admin's 12 hours),
 * `Cache-Control: no-store` on authenticated answers, argon2 hashes upgraded at sign-in when the
 * configured cost changed, and production refusing plain HTTP unless told otherwise.
 */
import { createHash } from 'node:crypto';

import { Signer } from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';

import { parseEnv } from '../../src/env';
import { findPasswordHashById } from '../../src/repositories/user-repository';
import { createUser, type TestUser } from '../factories';
import { appsPerTest, loginAs } from '../helpers/app';
import { useTestDatabase } from '../helpers/db';
import { testEnv } from '../helpers/env';

const t = useTestDatabase();
const appWith = appsPerTest(() => t.db);

const HOUR = 3_600_000;

/** Pretends the user's sessions were last used `ms` ago (as if time had passed since). */
async function lastUsedAgo(userId: number, ms: number): Promise<void> {
  await t.db
    .updateTable('sessions')
    .set({ lastSeenAt: new Date(Date.now() - ms) })
    .where(sql<string>`sess->>'userId'`, '=', String(userId))
    .execute();
}

async function sessionRows(userId: number) {
  return t.db
    .selectFrom('sessions')
    .select(['sid', 'lastSeenAt'])
    .where(sql<string>`sess->>'userId'`, '=', String(userId))
    .execute();
}

const me = (app: FastifyInstance, cookie: string) =>
  app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });

describe('stored session ids', () => {
  it('keeps only the SHA-256 of the id: a copy of the sessions table signs nobody in', async () => {
    const app = await appWith();
    const alice = await createUser(t.db, { discordUsername: 'alice' });
    const cookie = await loginAs(app, alice);
    const sessionId = decodeURIComponent(cookie.split('=')[1] ?? '').split('.')[0] ?? '';
    expect(sessionId.length).toBeGreaterThan(20);
    const rows = await sessionRows(alice.id);
    expect(rows.map((row) => row.sid)).toEqual([createHash('sha256').update(sessionId).digest('hex')]);

    // Someone holding the table (and even the cookie secret) makes a cookie of what it stores.
    const signer = new Signer(testEnv().SESSION_SECRETS);
    const forged = `rideshare.sid=${encodeURIComponent(signer.sign(rows[0]?.sid ?? ''))}`;
    expect((await me(app, forged)).statusCode).toBe(401);
    // The real cookie still works, and signing out removes the row.
    expect((await me(app, cookie)).statusCode).toBe(200);
    await app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(await sessionRows(alice.id)).toEqual([]);
  });
});

describe('idle timeout', () => {
  let alice: TestUser;
  let admin: TestUser;

  beforeEach(async () => {
    alice = await createUser(t.db, { discordUsername: 'alice' });
    admin = await createUser(t.db, { discordUsername: 'the-admin', isAdmin: true });
  });

  it("ends a member's session unused for 7 days, and keeps one unused for less", async () => {
    const app = await appWith();
    const fresh = await loginAs(app, alice);
    const stale = await loginAs(app, alice);
    const [freshRow, staleRow] = await sessionRows(alice.id);
    expect(freshRow && staleRow).toBeTruthy();
    await t.db
      .updateTable('sessions')
      .set({ lastSeenAt: new Date(Date.now() - 7 * 24 * HOUR - 60_000) })
      .where('sid', '=', staleRow?.sid ?? '')
      .execute();
    const freshLastSeen = new Date(Date.now() - 6 * 24 * HOUR);
    await t.db
      .updateTable('sessions')
      .set({ lastSeenAt: freshLastSeen })
      .where('sid', '=', freshRow?.sid ?? '')
      .execute();

    const ended = await me(app, stale);
    expect(ended.statusCode).toBe(401);
    // Ended server-side, and the browser is told to drop the cookie.
    expect(String(ended.headers['set-cookie'])).toMatch(/^rideshare\.sid=;/);
    expect((await sessionRows(alice.id)).map((r) => r.sid)).toEqual([freshRow?.sid]);

    expect((await me(app, fresh)).statusCode).toBe(200);
    // Using it wrote the use down: the idle time starts again.
    const [touched] = await sessionRows(alice.id);
    expect(touched?.lastSeenAt.getTime()).toBeGreaterThan(freshLastSeen.getTime());
  });

  it("ends the administrator's session after 12 hours unused, a member's not", async () => {
    const app = await appWith();
    const adminCookie = await loginAs(app, admin);
    const aliceCookie = await loginAs(app, alice);
    await lastUsedAgo(admin.id, 13 * HOUR);
    await lastUsedAgo(alice.id, 13 * HOUR);
    expect((await me(app, adminCookie)).statusCode).toBe(401);
    const resetTool = await app.inject({
      method: 'POST',
      url: '/api/admin/reset-code',
      headers: { cookie: adminCookie },
      payload: { discordUsername: 'alice' },
    });
    expect(resetTool.statusCode).toBe(401);
    expect((await me(app, aliceCookie)).statusCode).toBe(200);
  });

  it('follows SESSION_IDLE_HOURS and SESSION_ADMIN_IDLE_HOURS', async () => {
    const app = await appWith({ SESSION_IDLE_HOURS: '2', SESSION_ADMIN_IDLE_HOURS: '1' });
    const aliceCookie = await loginAs(app, alice);
    const adminCookie = await loginAs(app, admin);
    await lastUsedAgo(alice.id, 90 * 60_000);
    await lastUsedAgo(admin.id, 90 * 60_000);
    expect((await me(app, aliceCookie)).statusCode).toBe(200);
    expect((await me(app, adminCookie)).statusCode).toBe(401);
    await lastUsedAgo(alice.id, 2 * HOUR);
    expect((await me(app, aliceCookie)).statusCode).toBe(401);
  });

  it('lets someone whose session ended sign in or out again on the same request (no 500)', async () => {
    const app = await appWith();
    const cookie = await loginAs(app, alice);
    await lastUsedAgo(alice.id, 8 * 24 * HOUR);
    const again = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { cookie },
      payload: { discordUsername: 'alice', password: alice.password },
    });
    expect(again.statusCode).toBe(200);

    const other = await loginAs(app, alice);
    await lastUsedAgo(alice.id, 8 * 24 * HOUR);
    const logout = await app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: other } });
    expect(logout.statusCode).toBe(200);
    expect((await me(app, other)).statusCode).toBe(401);
  });
});

describe('Cache-Control on authenticated answers', () => {
  it('is no-store for answers given within a session, over REST and tRPC, and for sign-in itself', async () => {
    const app = await appWith();
    const alice = await createUser(t.db, { discordUsername: 'alice' });
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { discordUsername: 'alice', password: alice.password },
    });
    expect(login.headers['cache-control']).toBe('no-store');
    const cookie = await loginAs(app, alice);
    for (const url of ['/api/auth/me', '/api/rides', '/api/rides/user/joined', '/trpc/auth.me']) {
      const res = await app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const logout = await app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(logout.headers['cache-control']).toBe('no-store');
  });

  it('leaves anonymous answers alone', async () => {
    const app = await appWith();
    const anonymous = await app.inject({ method: 'GET', url: '/api/rides' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers['cache-control']).not.toBe('no-store');
  });
});

/** The memory and time cost recorded in an argon2 hash ('$argon2id$v=19$m=…,p=…,t=…$…'). */
function costOf(hash: string | null): { m?: string; t?: string } {
  const params = Object.fromEntries((hash?.split('$')[3] ?? '').split(',').map((p) => p.split('=')));
  return { m: params.m as string | undefined, t: params.t as string | undefined };
}

describe('argon2 cost changes', () => {
  it('re-hashes a stored password with the configured cost when its owner signs in', async () => {
    // The factories hash with 1024 KiB / 1 pass; the deployment has since raised the cost.
    const alice = await createUser(t.db, { discordUsername: 'alice', password: 'alice-password-1' });
    const before = await findPasswordHashById(t.db, alice.id);
    expect(costOf(before)).toEqual({ m: '1024', t: '1' });

    const raised = await appWith({ ARGON2_MEMORY_KIB: '2048', ARGON2_TIME_COST: '2' });
    await loginAs(raised, alice);
    const after = await findPasswordHashById(t.db, alice.id);
    expect(after).toMatch(/^\$argon2id\$/);
    expect(costOf(after)).toEqual({ m: '2048', t: '2' });
    // Still the same password, and a second sign-in leaves the upgraded hash alone.
    await loginAs(raised, alice);
    expect(await findPasswordHashById(t.db, alice.id)).toBe(after);
  });

  it('leaves the hash alone when the cost has not changed, and after a wrong password', async () => {
    const alice = await createUser(t.db, { discordUsername: 'alice', password: 'alice-password-1' });
    const before = await findPasswordHashById(t.db, alice.id);
    const same = await appWith();
    await loginAs(same, alice);
    expect(await findPasswordHashById(t.db, alice.id)).toBe(before);
    const raised = await appWith({ ARGON2_MEMORY_KIB: '2048' });
    const wrong = await raised.inject({
      method: 'POST',
      url: '/api/login',
      payload: { discordUsername: 'alice', password: 'not-her-password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(await findPasswordHashById(t.db, alice.id)).toBe(before);
  });
});

describe('production over plain HTTP', () => {
  const SECRET = 'x'.repeat(40);

  it.each<Record<string, string>>([{}, { PUBLIC_URL: 'http://rides.example.com' }])(
    'refuses to start with %j',
    (extra) => {
      expect(() => parseEnv({ NODE_ENV: 'production', SESSION_SECRET: SECRET, ...extra })).toThrow(
        /PUBLIC_URL: must be an https:\/\/ URL in production \(set ALLOW_INSECURE_PUBLIC_URL=true/,
      );
    },
  );

  it('starts over https, or over http when ALLOW_INSECURE_PUBLIC_URL=true says so', () => {
    expect(
      parseEnv({ NODE_ENV: 'production', SESSION_SECRET: SECRET, PUBLIC_URL: 'https://rides.example.com' }),
    ).toMatchObject({
      COOKIE_SECURE: true,
    });
    expect(
      parseEnv({
        NODE_ENV: 'production',
        SESSION_SECRET: SECRET,
        PUBLIC_URL: 'http://localhost:3000',
        ALLOW_INSECURE_PUBLIC_URL: 'true',
      }),
    ).toMatchObject({ COOKIE_SECURE: false });
    // Outside production, plain HTTP needs no flag (development, tests).
    expect(parseEnv({ NODE_ENV: 'development' })).toMatchObject({ COOKIE_SECURE: false });
  });

  it('warns that ADMIN_DISCORD_USERNAME no longer grants anything', () => {
    expect(parseEnv({ ADMIN_DISCORD_USERNAME: 'boss' }).STARTUP_WARNINGS).toEqual([
      expect.stringMatching(/^ADMIN_DISCORD_USERNAME is no longer used and grants nothing: .*admin:grant/),
    ]);
    expect(parseEnv({}).STARTUP_WARNINGS).toEqual([]);
  });
});
