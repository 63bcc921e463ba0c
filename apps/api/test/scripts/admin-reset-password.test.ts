import { beforeEach, describe, expect, it } from 'vitest';

import { main } from '../../scripts/admin-reset-password';
import { createUser, type TestUser } from '../factories';
import { insertSession, sessionIdsOf } from '../helpers/accounts';
import { useTestApp } from '../helpers/app';
import { TEST_ADMIN_USERNAME } from '../helpers/env';
import { captureIo, unreachableUrl } from '../helpers/scripts';

const t = useTestApp({ listen: true });
let admin: TestUser;
let bob: TestUser;

beforeEach(async () => {
  admin = await createUser(t.db, {
    discordUsername: TEST_ADMIN_USERNAME,
    password: 'admin-password-1',
    isAdmin: true,
  });
  bob = await createUser(t.db, { discordUsername: 'bob' });
});

async function canLogin(discordUsername: string, password: string): Promise<boolean> {
  const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { discordUsername, password } });
  return res.statusCode === 200;
}

const ADMIN_ENV = { ADMIN_PASSWORD: 'admin-password-1', NEW_PASSWORD: 'bob-new-password' };

async function run(args: string[], env: Record<string, string | undefined>) {
  const capture = captureIo();
  const code = await main(args, env, capture.io);
  return { code, out: capture.out(), err: capture.err() };
}

describe('admin-reset-password script', () => {
  it('resets the password through the API: the new one works, the old one does not, sessions end', async () => {
    await insertSession(t.db, 'bob-phone', bob.id);
    const result = await run(['--url', t.baseUrl, '--admin', TEST_ADMIN_USERNAME, '--user', 'BOB'], ADMIN_ENV);
    expect(result).toMatchObject({ code: 0, out: 'Password for bob has been reset\n', err: '' });
    expect(await sessionIdsOf(t.db, bob.id)).toEqual([]);
    // The script signed itself out again.
    expect(await sessionIdsOf(t.db, admin.id)).toEqual([]);
    expect(await canLogin('bob', 'bob-new-password')).toBe(true);
    expect(await canLogin('bob', bob.password)).toBe(false);
  });

  it('with --code issues a reset code that the user can redeem', async () => {
    const result = await run(['--url', t.baseUrl, '--admin', TEST_ADMIN_USERNAME, '--user', 'bob', '--code'], {
      ADMIN_PASSWORD: 'admin-password-1',
    });
    expect(result.code).toBe(0);
    const code = /Reset code for bob: ([A-Z0-9]{12})\n/.exec(result.out)?.[1];
    expect(code).toBeDefined();
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/complete-password-reset',
      payload: { discordUsername: 'bob', code, newPassword: 'chosen-by-bob' },
    });
    expect(done.statusCode).toBe(200);
    expect(await canLogin('bob', 'chosen-by-bob')).toBe(true);
  });

  it('exits 1 with the reason when the admin password is wrong', async () => {
    const result = await run(['--url', t.baseUrl, '--admin', TEST_ADMIN_USERNAME, '--user', 'bob'], {
      ...ADMIN_ENV,
      ADMIN_PASSWORD: 'wrong-password',
    });
    expect(result.code).toBe(1);
    expect(result.err).toBe(
      `Could not sign in as ${TEST_ADMIN_USERNAME}: Invalid Discord username or password (HTTP 401 UNAUTHORIZED)\n`,
    );
    expect(await canLogin('bob', bob.password)).toBe(true);
  });

  it('exits 1 when the signed-in account is not the admin', async () => {
    const result = await run(['--url', t.baseUrl, '--admin', 'bob', '--user', TEST_ADMIN_USERNAME], {
      ADMIN_PASSWORD: bob.password,
      NEW_PASSWORD: 'taken-over-1',
    });
    expect(result.code).toBe(1);
    expect(result.err).toBe('Password reset failed: Only the administrator can do this (HTTP 403 FORBIDDEN)\n');
    expect(await canLogin(TEST_ADMIN_USERNAME, 'admin-password-1')).toBe(true);
  });

  it('exits 1 for an unknown user and for a too-short new password', async () => {
    const unknown = await run(['--url', t.baseUrl, '--admin', TEST_ADMIN_USERNAME, '--user', 'ghost'], ADMIN_ENV);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toBe('Password reset failed: User not found (HTTP 404 NOT_FOUND)\n');
    const short = await run(['--url', t.baseUrl, '--admin', TEST_ADMIN_USERNAME, '--user', 'bob'], {
      ...ADMIN_ENV,
      NEW_PASSWORD: 'short',
    });
    expect(short.code).toBe(1);
    expect(short.err).toBe(
      'Password reset failed: New password must be at least 8 characters long (HTTP 400 BAD_REQUEST)\n',
    );
    expect(await canLogin('bob', bob.password)).toBe(true);
  });

  it.each([
    [['--admin', TEST_ADMIN_USERNAME, '--user', 'bob'], { NEW_PASSWORD: 'x-password-1' }, 'ADMIN_PASSWORD must be set'],
    [
      ['--admin', TEST_ADMIN_USERNAME, '--user', 'bob'],
      { ADMIN_PASSWORD: 'admin-password-1' },
      'NEW_PASSWORD must be set',
    ],
    [['--user', 'bob'], ADMIN_ENV, '--admin <admin discord username> is required'],
    [['--admin', TEST_ADMIN_USERNAME], ADMIN_ENV, '--user <discord username> is required'],
    [['--admin', 'a', '--user', 'b', '--password', 'on-the-command-line'], ADMIN_ENV, "Unknown option '--password'"],
    [['--admin', 'a', '--user', 'b', '--url', 'ftp://example'], ADMIN_ENV, '--url must be an http(s) URL'],
  ])('exits 2 with usage for %j', async (args, env, message) => {
    const result = await run(args, env);
    expect(result.code).toBe(2);
    expect(result.err).toContain(message);
    expect(result.err).toContain('Usage: admin-reset-password');
    expect(await canLogin('bob', bob.password)).toBe(true);
  });

  it('exits 3 when the API cannot be reached', async () => {
    const result = await run(
      ['--url', await unreachableUrl(), '--admin', TEST_ADMIN_USERNAME, '--user', 'bob'],
      ADMIN_ENV,
    );
    expect(result.code).toBe(3);
    expect(result.err).toMatch(/^Could not sign in as rideshare_admin: Could not reach the API/);
  });
});
