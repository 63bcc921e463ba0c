import { RESET_CODE_ALPHABET, RESET_CODE_LENGTH } from '@rideshare/domain';
import { describe, expect, it } from 'vitest';

import { hashResetCode } from '../../src/auth/reset-code';
import { setUserAdmin } from '../../src/repositories/user-repository';
import { createUser } from '../factories';
import { callerAs, fakeSession, insertSession, passwordIs, refusal, sessionIdsOf } from '../helpers/accounts';
import { useTestDatabase } from '../helpers/db';
import { TEST_ADMIN_USERNAME, testEnv } from '../helpers/env';

const t = useTestDatabase();
const env = testEnv();

const NOT_ADMIN = { code: 'FORBIDDEN', message: 'Only the administrator can do this' };

/** An administrator (granted, as `admin:grant` does) and a member. */
async function seedAdminAndBob() {
  const admin = await createUser(t.db, { discordUsername: TEST_ADMIN_USERNAME, isAdmin: true });
  const bob = await createUser(t.db, { discordUsername: 'Bob_SG' });
  return { admin, bob };
}

describe('admin.resetUserPassword', () => {
  it("sets the user's new password, finds them in any case, and ends all their sessions", async () => {
    const { admin, bob } = await seedAdminAndBob();
    await insertSession(t.db, 'bob-phone', bob.id);
    await insertSession(t.db, 'bob-laptop', bob.id);
    await insertSession(t.db, 'admin-current', admin.id);
    const caller = await callerAs(t.db, env, admin.id, { session: fakeSession('admin-current') });

    const result = await caller.admin.resetUserPassword({ discordUsername: 'bob_sg', newPassword: 'brand-new-pass' });

    expect(result).toEqual({ message: 'Password for Bob_SG has been reset' });
    expect(await passwordIs(t.db, bob.id, 'brand-new-pass')).toBe(true);
    expect(await passwordIs(t.db, bob.id, bob.password)).toBe(false);
    expect(await sessionIdsOf(t.db, bob.id)).toEqual([]);
    expect(await sessionIdsOf(t.db, admin.id)).toEqual(['admin-current']);
    expect(await passwordIs(t.db, admin.id, admin.password)).toBe(true);
  });

  it('keeps the admin signed in on this session when they reset their own password', async () => {
    const { admin } = await seedAdminAndBob();
    await insertSession(t.db, 'admin-current', admin.id);
    await insertSession(t.db, 'admin-other', admin.id);
    const caller = await callerAs(t.db, env, admin.id, { session: fakeSession('admin-current') });
    await caller.admin.resetUserPassword({ discordUsername: TEST_ADMIN_USERNAME, newPassword: 'admin-new-pass' });
    expect(await sessionIdsOf(t.db, admin.id)).toEqual(['admin-current']);
    expect(await passwordIs(t.db, admin.id, 'admin-new-pass')).toBe(true);
  });

  it('answers NOT_FOUND for an unknown user', async () => {
    const { admin } = await seedAdminAndBob();
    const caller = await callerAs(t.db, env, admin.id);
    expect(
      await refusal(caller.admin.resetUserPassword({ discordUsername: 'nobody', newPassword: 'whatever-123' })),
    ).toEqual({
      code: 'NOT_FOUND',
      message: 'User not found',
    });
  });

  it.each([
    [{ discordUsername: 'Bob_SG', newPassword: 'short' }, 'New password must be at least 8 characters long'],
    [{ discordUsername: 'Bob_SG', newPassword: '' }, 'Please enter a new password'],
    [{ discordUsername: '  ', newPassword: 'long-enough-1' }, "Please enter the user's Discord username"],
  ])('refuses %j with the spec message', async (input, message) => {
    const { admin, bob } = await seedAdminAndBob();
    const caller = await callerAs(t.db, env, admin.id);
    expect(await refusal(caller.admin.resetUserPassword(input))).toEqual({ code: 'BAD_REQUEST', message });
    expect(await passwordIs(t.db, bob.id, bob.password)).toBe(true);
  });

  it('refuses a member who is not the admin', async () => {
    const { bob } = await seedAdminAndBob();
    await insertSession(t.db, 'bob-1', bob.id);
    const caller = await callerAs(t.db, env, bob.id);
    expect(
      await refusal(
        caller.admin.resetUserPassword({ discordUsername: TEST_ADMIN_USERNAME, newPassword: 'taken-over-1' }),
      ),
    ).toEqual(NOT_ADMIN);
    expect(await passwordIs(t.db, 1, 'taken-over-1')).toBe(false);
  });

  it('refuses user 1 under the admin name when no operator granted the right', async () => {
    const first = await createUser(t.db, { discordUsername: TEST_ADMIN_USERNAME });
    const bob = await createUser(t.db, { discordUsername: 'bob' });
    expect(first.id).toBe(1);
    // A configuration still naming an admin (the old ADMIN_DISCORD_USERNAME) grants nothing.
    const caller = await callerAs(t.db, testEnv({ ADMIN_DISCORD_USERNAME: TEST_ADMIN_USERNAME }), first.id);
    expect(
      await refusal(caller.admin.resetUserPassword({ discordUsername: 'bob', newPassword: 'taken-over-1' })),
    ).toEqual(NOT_ADMIN);
    expect(await passwordIs(t.db, bob.id, bob.password)).toBe(true);
  });

  it('accepts whoever holds the granted right, whatever their id or name', async () => {
    const first = await createUser(t.db, { discordUsername: 'first_user' });
    const operatorPick = await createUser(t.db, { discordUsername: 'night_shift', isAdmin: true });
    expect(operatorPick.id).toBe(2);
    const caller = await callerAs(t.db, env, operatorPick.id);
    await caller.admin.resetUserPassword({ discordUsername: 'first_user', newPassword: 'reset-by-admin-1' });
    expect(await passwordIs(t.db, first.id, 'reset-by-admin-1')).toBe(true);
  });

  it('stops accepting an admin as soon as the right is revoked', async () => {
    const { admin } = await seedAdminAndBob();
    expect(await setUserAdmin(t.db, TEST_ADMIN_USERNAME, false)).toMatchObject({ id: admin.id, isAdmin: false });
    const caller = await callerAs(t.db, env, admin.id);
    expect(
      await refusal(caller.admin.resetUserPassword({ discordUsername: 'Bob_SG', newPassword: 'taken-over-1' })),
    ).toEqual(NOT_ADMIN);
  });

  it('refuses a signed-out caller', async () => {
    await seedAdminAndBob();
    const caller = await callerAs(t.db, env, null);
    expect(
      await refusal(caller.admin.resetUserPassword({ discordUsername: 'Bob_SG', newPassword: 'taken-over-1' })),
    ).toEqual({
      code: 'UNAUTHORIZED',
      message: 'You must be logged in',
    });
  });

  it('voids an outstanding reset code of that user', async () => {
    const { admin } = await seedAdminAndBob();
    const caller = await callerAs(t.db, env, admin.id);
    const { code } = await caller.admin.issueResetCode({ discordUsername: 'Bob_SG' });
    await caller.admin.resetUserPassword({ discordUsername: 'Bob_SG', newPassword: 'brand-new-pass' });
    const anon = await callerAs(t.db, env, null);
    expect(
      await refusal(anon.auth.completePasswordReset({ discordUsername: 'Bob_SG', code, newPassword: 'attacker-pass' })),
    ).toMatchObject({
      code: 'BAD_REQUEST',
    });
  });
});

describe('admin.issueResetCode', () => {
  it('returns a random one-time code that expires in 30 minutes, storing only its hash', async () => {
    const { admin, bob } = await seedAdminAndBob();
    const now = new Date('2030-01-01T00:00:00.000Z');
    const caller = await callerAs(t.db, env, admin.id, { now: () => now });
    const issued = await caller.admin.issueResetCode({ discordUsername: 'BOB_sg' });

    expect(issued.discordUsername).toBe('Bob_SG');
    expect(issued.expiresAt).toBe('2030-01-01T00:30:00.000Z');
    expect(issued.code).toHaveLength(RESET_CODE_LENGTH);
    for (const symbol of issued.code) expect(RESET_CODE_ALPHABET).toContain(symbol);

    const rows = await t.db.selectFrom('passwordResetCodes').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId: bob.id,
      createdBy: admin.id,
      usedAt: null,
      codeHash: hashResetCode(issued.code),
    });
    expect(rows[0]?.codeHash).not.toContain(issued.code);
    expect(rows[0]?.expiresAt.toISOString()).toBe('2030-01-01T00:30:00.000Z');
    // Issuing changes no password and ends no session.
    expect(await passwordIs(t.db, bob.id, bob.password)).toBe(true);
  });

  it('gives a different code every time and voids the older unused one', async () => {
    const { admin } = await seedAdminAndBob();
    const caller = await callerAs(t.db, env, admin.id);
    const first = await caller.admin.issueResetCode({ discordUsername: 'Bob_SG' });
    const second = await caller.admin.issueResetCode({ discordUsername: 'Bob_SG' });
    expect(second.code).not.toBe(first.code);
    const rows = await t.db.selectFrom('passwordResetCodes').select('codeHash').execute();
    expect(rows.map((r) => r.codeHash)).toEqual([hashResetCode(second.code)]);
  });

  it('leaves exactly one working code when two are issued at the same moment', async () => {
    const { admin } = await seedAdminAndBob();
    const caller = await callerAs(t.db, env, admin.id);
    await Promise.all([
      caller.admin.issueResetCode({ discordUsername: 'Bob_SG' }),
      caller.admin.issueResetCode({ discordUsername: 'Bob_SG' }),
      caller.admin.issueResetCode({ discordUsername: 'Bob_SG' }),
    ]);
    expect(await t.db.selectFrom('passwordResetCodes').select('id').where('usedAt', 'is', null).execute()).toHaveLength(
      1,
    );
  });

  it('refuses non-admins, the signed out, and unknown users', async () => {
    const { admin, bob } = await seedAdminAndBob();
    expect(
      await refusal((await callerAs(t.db, env, bob.id)).admin.issueResetCode({ discordUsername: TEST_ADMIN_USERNAME })),
    ).toEqual(NOT_ADMIN);
    expect(
      await refusal((await callerAs(t.db, env, null)).admin.issueResetCode({ discordUsername: 'Bob_SG' })),
    ).toMatchObject({
      code: 'UNAUTHORIZED',
    });
    expect(
      await refusal((await callerAs(t.db, env, admin.id)).admin.issueResetCode({ discordUsername: 'ghost' })),
    ).toEqual({
      code: 'NOT_FOUND',
      message: 'User not found',
    });
    expect(await refusal((await callerAs(t.db, env, admin.id)).admin.issueResetCode({ discordUsername: '' }))).toEqual({
      code: 'BAD_REQUEST',
      message: "Please enter the user's Discord username",
    });
    expect(await t.db.selectFrom('passwordResetCodes').select('id').execute()).toHaveLength(0);
  });
});
