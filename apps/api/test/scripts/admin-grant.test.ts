/**
 * docs/security.md#security: whoever registered first under ADMIN_DISCORD_USERNAME
 * used to become the administrator. Now the right is an operator's act (`admin:grant`), and
 * registering under any name grants nothing.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';

import { main } from '../../scripts/admin-grant';
import { appsPerTest, sessionCookie } from '../helpers/app';
import { useTestDatabase } from '../helpers/db';
import { captureIo } from '../helpers/scripts';

const t = useTestDatabase();
const appWith = appsPerTest(() => t.db);

async function grant(args: string[]) {
  const capture = captureIo();
  const code = await main(args, { DATABASE_URL: t.tdb.connectionString, LOG_LEVEL: 'silent' }, capture.io);
  return { code, out: capture.out(), err: capture.err() };
}

async function register(
  app: FastifyInstance,
  discordUsername: string,
): Promise<{ id: number; cookie: string; isAdmin: boolean }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { discordUsername, password: 'long-enough-1', isVendor: false },
  });
  expect(res.statusCode).toBe(201);
  const body = res.json<{ id: number; isAdmin: boolean }>();
  return { id: body.id, isAdmin: body.isAdmin, cookie: sessionCookie(res) };
}

async function adminStatus(app: FastifyInstance, cookie: string): Promise<{ isAdmin: boolean; toolStatus: number }> {
  const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
  const tool = await app.inject({
    method: 'POST',
    url: '/api/admin/reset-code',
    headers: { cookie },
    payload: { discordUsername: 'someone_else' },
  });
  return { isAdmin: me.json<{ isAdmin: boolean }>().isAdmin, toolStatus: tool.statusCode };
}

describe('who becomes administrator', () => {
  it('is not whoever registers first under the configured admin name', async () => {
    // A deployment still configured the old way: ADMIN_DISCORD_USERNAME=boss.
    const app = await appWith({ ADMIN_DISCORD_USERNAME: 'boss' });
    const squatter = await register(app, 'boss');
    expect(squatter.id).toBe(1);
    expect(squatter.isAdmin).toBe(false);
    expect(await adminStatus(app, squatter.cookie)).toEqual({ isAdmin: false, toolStatus: 403 });
    const row = await t.db
      .selectFrom('users')
      .select('isAdmin')
      .where('id', '=', squatter.id)
      .executeTakeFirstOrThrow();
    expect(row.isAdmin).toBe(false);
  });

  it('is whoever the operator grants it to with admin:grant, until revoked', async () => {
    const app = await appWith();
    await register(app, 'first_member');
    const chosen = await register(app, 'night_shift');
    await register(app, 'someone_else');
    expect(await adminStatus(app, chosen.cookie)).toEqual({ isAdmin: false, toolStatus: 403 });

    const granted = await grant(['--user', 'Night_Shift']);
    expect(granted).toEqual({
      code: 0,
      out: `night_shift (user ${String(chosen.id)}) is now an administrator. Their admin sessions end after 12 hours unused.\n`,
      err: '',
    });
    // The same session, next request: decided from the user's row, not from the session.
    expect(await adminStatus(app, chosen.cookie)).toEqual({ isAdmin: true, toolStatus: 201 });
    expect((await grant(['--list'])).out).toBe(`Administrators:\n  night_shift (user ${String(chosen.id)})\n`);

    const revoked = await grant(['--user', 'Night_Shift', '--revoke']);
    expect(revoked).toMatchObject({ code: 0, err: '' });
    expect(revoked.out).toContain('is no longer an administrator');
    expect(await adminStatus(app, chosen.cookie)).toEqual({ isAdmin: false, toolStatus: 403 });
    expect((await grant(['--list'])).out).toBe('Nobody holds administrator rights.\n');
  });

  it('exits 1 for a user who has not registered, granting nothing', async () => {
    const result = await grant(['--user', 'ghost']);
    expect(result).toEqual({
      code: 1,
      out: '',
      err: 'No user with the Discord username "ghost". They must register first.\n',
    });
    expect(await t.db.selectFrom('users').select('id').where('isAdmin', '=', true).execute()).toEqual([]);
  });

  it.each([
    [[], '--user <discord username> is required'],
    [['--list', '--user', 'bob'], '--list takes no other flag'],
    [['--user', 'bob', '--admin', 'x'], "Unknown option '--admin'"],
  ])('exits 2 with usage for %j', async (args, message) => {
    const result = await grant(args);
    expect(result.code).toBe(2);
    expect(result.err).toContain(message);
    expect(result.err).toContain('Usage: admin-grant');
  });
});
