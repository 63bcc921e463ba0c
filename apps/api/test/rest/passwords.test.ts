import {
  PASSWORD_RESET_COMPLETE_MESSAGE,
  PASSWORD_RESET_REQUEST_MESSAGE,
  RESET_CODE_INVALID_MESSAGE,
} from '@rideshare/domain';
import { beforeEach, describe, expect, it } from 'vitest';

import { setUserAdmin } from '../../src/repositories/user-repository';
import { createUser, type TestUser } from '../factories';
import { loginAs, useTestApp } from '../helpers/app';
import { sessionIdsOf } from '../helpers/accounts';
import { TEST_ADMIN_USERNAME } from '../helpers/env';

const t = useTestApp();

/** No answer may carry a password, an argon2 hash or a stored reset-code digest. */
function expectNoSecrets(body: string, ...secrets: string[]) {
  expect(body).not.toMatch(/argon2/i);
  expect(body).not.toMatch(/passwordHash|password_hash|codeHash|code_hash/);
  expect(body).not.toMatch(/[0-9a-f]{64}/);
  for (const secret of secrets) expect(body).not.toContain(secret);
}

async function signedIn(cookie: string): Promise<boolean> {
  const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
  return me.statusCode === 200;
}

async function canLogin(discordUsername: string, password: string): Promise<boolean> {
  const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { discordUsername, password } });
  return res.statusCode === 200;
}

function post(url: string, payload: unknown, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers: cookie ? { cookie } : {},
  });
}

describe('POST /api/reset-password (change own password)', () => {
  it('changes the password, ends the other sessions and keeps this one', async () => {
    const alice = await createUser(t.db, { discordUsername: 'alice' });
    const here = await loginAs(t.app, alice);
    const phone = await loginAs(t.app, alice);
    const bob = await createUser(t.db, { discordUsername: 'bob' });
    const bobCookie = await loginAs(t.app, bob);

    const res = await post(
      '/api/reset-password',
      { currentPassword: alice.password, newPassword: 'alice-new-pass' },
      here,
    );

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Password reset successful!' });
    expectNoSecrets(res.body, 'alice-new-pass', alice.password);
    expect(await signedIn(here)).toBe(true);
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(bobCookie)).toBe(true);
    expect(await canLogin('alice', 'alice-new-pass')).toBe(true);
    expect(await canLogin('alice', alice.password)).toBe(false);
  });

  it('answers 400 for a wrong current password', async () => {
    const alice = await createUser(t.db, { discordUsername: 'alice' });
    const cookie = await loginAs(t.app, alice);
    const res = await post(
      '/api/reset-password',
      { currentPassword: 'wrong-password', newPassword: 'alice-new-pass' },
      cookie,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Current password is incorrect' });
    expect(await canLogin('alice', alice.password)).toBe(true);
  });

  it.each([
    [{ currentPassword: 'x', newPassword: 'short' }, 'New password must be at least 8 characters long'],
    [{ currentPassword: 'x', newPassword: '' }, 'Please enter a new password'],
    [{ currentPassword: '', newPassword: 'long-enough-1' }, 'Please enter your current password'],
    [{}, 'Please enter your current password'],
  ])('answers 400 to %j with the spec message', async (payload, message) => {
    const alice = await createUser(t.db);
    const cookie = await loginAs(t.app, alice);
    const res = await post('/api/reset-password', payload, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toBe(message);
  });

  it('answers 401 when signed out', async () => {
    const res = await post('/api/reset-password', { currentPassword: 'whatever1', newPassword: 'long-enough-1' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'You must be logged in' });
  });
});

describe('POST /api/request-password-reset', () => {
  it('answers the contact-the-administrator message, signed in or not', async () => {
    const res = await post('/api/request-password-reset', { discordUsername: 'anyone' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: PASSWORD_RESET_REQUEST_MESSAGE });
    const empty = await t.app.inject({ method: 'POST', url: '/api/request-password-reset' });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ message: PASSWORD_RESET_REQUEST_MESSAGE });
  });
});

describe('admin paths', () => {
  let admin: TestUser;
  let bob: TestUser;
  let adminCookie: string;

  beforeEach(async () => {
    admin = await createUser(t.db, {
      discordUsername: TEST_ADMIN_USERNAME,
      password: 'admin-password-1',
      isAdmin: true,
    });
    bob = await createUser(t.db, { discordUsername: 'Bob' });
    expect(admin.id).toBe(1);
    adminCookie = await loginAs(t.app, admin);
  });

  describe('POST /api/admin/reset-user-password', () => {
    it("resets the user's password and signs them out everywhere", async () => {
      const bobPhone = await loginAs(t.app, bob);
      const bobLaptop = await loginAs(t.app, bob);
      const res = await post(
        '/api/admin/reset-user-password',
        { discordUsername: 'bob', newPassword: 'bob-new-password' },
        adminCookie,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Password for Bob has been reset' });
      expectNoSecrets(res.body, 'bob-new-password');
      expect(await signedIn(bobPhone)).toBe(false);
      expect(await signedIn(bobLaptop)).toBe(false);
      expect(await signedIn(adminCookie)).toBe(true);
      expect(await canLogin('Bob', 'bob-new-password')).toBe(true);
      expect(await canLogin('Bob', bob.password)).toBe(false);
    });

    it('answers 404 for an unknown user', async () => {
      const res = await post(
        '/api/admin/reset-user-password',
        { discordUsername: 'ghost', newPassword: 'long-enough-1' },
        adminCookie,
      );
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'User not found' });
    });

    it.each([
      [{ discordUsername: 'Bob', newPassword: 'short' }, 'New password must be at least 8 characters long'],
      [{ discordUsername: '', newPassword: 'long-enough-1' }, "Please enter the user's Discord username"],
      [{ discordUsername: 'Bob' }, 'Please enter a new password'],
    ])('answers 400 to %j', async (payload, message) => {
      const res = await post('/api/admin/reset-user-password', payload, adminCookie);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: string }>().error).toBe(message);
      expect(await canLogin('Bob', bob.password)).toBe(true);
    });

    it('answers 403 to a member, whatever admin claims the request makes', async () => {
      const bobCookie = await loginAs(t.app, bob);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/reset-user-password',
        headers: { cookie: bobCookie, 'x-admin': 'true' },
        payload: { discordUsername: TEST_ADMIN_USERNAME, newPassword: 'taken-over-1', isAdmin: true, userId: 1 },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'Only the administrator can do this' });
      expect(await canLogin(TEST_ADMIN_USERNAME, 'admin-password-1')).toBe(true);
    });

    it('answers 401 when signed out', async () => {
      const res = await post('/api/admin/reset-user-password', { discordUsername: 'Bob', newPassword: 'taken-over-1' });
      expect(res.statusCode).toBe(401);
      expect(await canLogin('Bob', bob.password)).toBe(true);
    });

    it('stops treating a signed-in admin as admin once the right is revoked (checked on every call)', async () => {
      await setUserAdmin(t.db, TEST_ADMIN_USERNAME, false);
      const res = await post(
        '/api/admin/reset-user-password',
        { discordUsername: 'Bob', newPassword: 'taken-over-1' },
        adminCookie,
      );
      expect(res.statusCode).toBe(403);
    });
  });

  describe('POST /api/admin/reset-code → POST /api/complete-password-reset', () => {
    it('issues a code the user redeems once for a new password; all their sessions end', async () => {
      const bobSession = await loginAs(t.app, bob);
      const before = Date.now();
      const issued = await post('/api/admin/reset-code', { discordUsername: 'bob' }, adminCookie);
      const after = Date.now();
      expect(issued.statusCode).toBe(201);
      const { code, expiresAt, discordUsername } = issued.json<{
        code: string;
        expiresAt: string;
        discordUsername: string;
      }>();
      expect(discordUsername).toBe('Bob');
      expect(code).toMatch(/^[A-HJKMNP-Z2-9]{12}$/);
      // 30 minutes from when it was issued, however long the request took.
      expect(Date.parse(expiresAt)).toBeGreaterThanOrEqual(before + 30 * 60_000);
      expect(Date.parse(expiresAt)).toBeLessThanOrEqual(after + 30 * 60_000);
      expectNoSecrets(issued.body);

      const done = await post('/api/complete-password-reset', {
        discordUsername: 'Bob',
        code,
        newPassword: 'bob-chosen-pass',
      });
      expect(done.statusCode).toBe(200);
      expect(done.json()).toEqual({ message: PASSWORD_RESET_COMPLETE_MESSAGE });
      expectNoSecrets(done.body, code, 'bob-chosen-pass');
      expect(await signedIn(bobSession)).toBe(false);
      expect(await sessionIdsOf(t.db, bob.id)).toEqual([]);
      expect(await canLogin('Bob', 'bob-chosen-pass')).toBe(true);
      expect(await canLogin('Bob', bob.password)).toBe(false);

      const again = await post('/api/complete-password-reset', {
        discordUsername: 'Bob',
        code,
        newPassword: 'someone-else-1',
      });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ error: RESET_CODE_INVALID_MESSAGE });
      expect(await canLogin('Bob', 'bob-chosen-pass')).toBe(true);
    });

    it('refuses an expired code and a wrong code with the same 400', async () => {
      const issued = await post('/api/admin/reset-code', { discordUsername: 'Bob' }, adminCookie);
      const { code } = issued.json<{ code: string }>();
      const wrong = await post('/api/complete-password-reset', {
        discordUsername: 'Bob',
        code: 'ZZZZZZZZZZZZ',
        newPassword: 'long-enough-1',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ error: RESET_CODE_INVALID_MESSAGE });

      await t.db
        .updateTable('passwordResetCodes')
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .execute();
      const expired = await post('/api/complete-password-reset', {
        discordUsername: 'Bob',
        code,
        newPassword: 'long-enough-1',
      });
      expect(expired.statusCode).toBe(400);
      expect(expired.json()).toEqual({ error: RESET_CODE_INVALID_MESSAGE });
      expect(await canLogin('Bob', bob.password)).toBe(true);
    });

    it('answers 429 after repeated wrong codes from one account', async () => {
      const issued = await post('/api/admin/reset-code', { discordUsername: 'Bob' }, adminCookie);
      const { code } = issued.json<{ code: string }>();
      for (let i = 0; i < 5; i += 1) {
        const r = await post('/api/complete-password-reset', {
          discordUsername: 'Bob',
          code: `WRONG${String(i)}CODE99`,
          newPassword: 'long-enough-1',
        });
        expect(r.statusCode).toBe(400);
      }
      const blocked = await post('/api/complete-password-reset', {
        discordUsername: 'Bob',
        code,
        newPassword: 'long-enough-1',
      });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json<{ error: string }>().error).toMatch(/Too many failed login attempts/);
      expect(await canLogin('Bob', bob.password)).toBe(false); // the account is throttled for logins too
    });

    it('answers 400 with the field message for a short password', async () => {
      const res = await post('/api/complete-password-reset', {
        discordUsername: 'Bob',
        code: 'ABCDEFGHJKMN',
        newPassword: 'short',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: string }>().error).toBe('New password must be at least 8 characters long');
    });

    it('refuses to issue codes for non-admins (403), the signed out (401) and unknown users (404)', async () => {
      const bobCookie = await loginAs(t.app, bob);
      const member = await post('/api/admin/reset-code', { discordUsername: TEST_ADMIN_USERNAME }, bobCookie);
      expect(member.statusCode).toBe(403);
      expect(member.json()).toEqual({ error: 'Only the administrator can do this' });
      const anonymous = await post('/api/admin/reset-code', { discordUsername: 'Bob' });
      expect(anonymous.statusCode).toBe(401);
      const unknown = await post('/api/admin/reset-code', { discordUsername: 'ghost' }, adminCookie);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ error: 'User not found' });
      expect(await t.db.selectFrom('passwordResetCodes').select('id').execute()).toHaveLength(0);
    });
  });
});

describe('who is admin, over HTTP', () => {
  it('is neither user 1 nor the admin name, only a granted right', async () => {
    const first = await createUser(t.db, { discordUsername: 'first_user', password: 'first-password' });
    const impostor = await createUser(t.db, { discordUsername: TEST_ADMIN_USERNAME });
    expect(first.id).toBe(1);
    for (const user of [first, impostor]) {
      const cookie = await loginAs(t.app, user);
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
      expect(me.json()).toMatchObject({ isAdmin: false });
      const res = await post(
        '/api/admin/reset-user-password',
        { discordUsername: user === first ? TEST_ADMIN_USERNAME : 'first_user', newPassword: 'taken-over-1' },
        cookie,
      );
      expect(res.statusCode).toBe(403);
      const code = await post('/api/admin/reset-code', { discordUsername: 'first_user' }, cookie);
      expect(code.statusCode).toBe(403);
    }
    expect(await canLogin('first_user', 'first-password')).toBe(true);
  });
});
