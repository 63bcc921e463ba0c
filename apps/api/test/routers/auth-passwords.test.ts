import {
  PASSWORD_RESET_COMPLETE_MESSAGE,
  PASSWORD_RESET_REQUEST_MESSAGE,
  RESET_CODE_INVALID_MESSAGE,
} from '@rideshare/domain';
import { beforeEach, describe, expect, it } from 'vitest';

import { createUser, type TestUser } from '../factories';
import { callerAs, fakeSession, insertSession, passwordIs, refusal, sessionIdsOf } from '../helpers/accounts';
import { useTestDatabase } from '../helpers/db';
import { TEST_ADMIN_USERNAME, testEnv } from '../helpers/env';

const t = useTestDatabase();
const env = testEnv();

const INVALID_CODE = { code: 'BAD_REQUEST', message: RESET_CODE_INVALID_MESSAGE };

describe('auth.changePassword', () => {
  it('changes the password and ends every other session of the user, keeping this one', async () => {
    const alice = await createUser(t.db, { discordUsername: 'alice' });
    const bob = await createUser(t.db, { discordUsername: 'bob' });
    await insertSession(t.db, 'alice-here', alice.id);
    await insertSession(t.db, 'alice-phone', alice.id);
    await insertSession(t.db, 'alice-old-laptop', alice.id);
    await insertSession(t.db, 'bob-phone', bob.id);
    const caller = await callerAs(t.db, env, alice.id, { session: fakeSession('alice-here') });

    const result = await caller.auth.changePassword({ currentPassword: alice.password, newPassword: 'a-new-password' });

    expect(result).toEqual({ message: 'Password reset successful!' });
    expect(await passwordIs(t.db, alice.id, 'a-new-password')).toBe(true);
    expect(await passwordIs(t.db, alice.id, alice.password)).toBe(false);
    expect(await sessionIdsOf(t.db, alice.id)).toEqual(['alice-here']);
    expect(await sessionIdsOf(t.db, bob.id)).toEqual(['bob-phone']);
  });

  it('refuses a wrong current password, changing nothing', async () => {
    const alice = await createUser(t.db);
    await insertSession(t.db, 'alice-phone', alice.id);
    const caller = await callerAs(t.db, env, alice.id, { session: fakeSession('alice-here') });
    expect(
      await refusal(caller.auth.changePassword({ currentPassword: 'not-my-password', newPassword: 'a-new-password' })),
    ).toEqual({
      code: 'BAD_REQUEST',
      message: 'Current password is incorrect',
    });
    expect(await passwordIs(t.db, alice.id, alice.password)).toBe(true);
    expect(await sessionIdsOf(t.db, alice.id)).toEqual(['alice-phone']);
  });

  it('counts wrong current passwords against the login rate limit', async () => {
    const alice = await createUser(t.db);
    const caller = await callerAs(t.db, env, alice.id, { clientIp: '10.0.0.7' });
    for (let i = 0; i < env.LOGIN_MAX_FAILURES_PER_ACCOUNT; i += 1) {
      expect(
        (await refusal(caller.auth.changePassword({ currentPassword: 'wrong-guess', newPassword: 'a-new-password' })))
          .code,
      ).toBe('BAD_REQUEST');
    }
    const blocked = await refusal(
      caller.auth.changePassword({ currentPassword: alice.password, newPassword: 'a-new-password' }),
    );
    expect(blocked.code).toBe('TOO_MANY_REQUESTS');
    expect(blocked.message).toMatch(/^Too many failed login attempts/);
    expect(await passwordIs(t.db, alice.id, alice.password)).toBe(true);
  });

  it.each([
    [{ currentPassword: '', newPassword: 'a-new-password' }, 'Please enter your current password'],
    [{ currentPassword: 'x', newPassword: '' }, 'Please enter a new password'],
    [{ currentPassword: 'x', newPassword: 'short' }, 'New password must be at least 8 characters long'],
  ])('refuses %j with the spec message', async (input, message) => {
    const alice = await createUser(t.db);
    const caller = await callerAs(t.db, env, alice.id);
    expect(await refusal(caller.auth.changePassword(input))).toEqual({ code: 'BAD_REQUEST', message });
  });

  it('refuses a signed-out caller', async () => {
    const caller = await callerAs(t.db, env, null);
    expect(
      await refusal(caller.auth.changePassword({ currentPassword: 'whatever', newPassword: 'a-new-password' })),
    ).toEqual({
      code: 'UNAUTHORIZED',
      message: 'You must be logged in',
    });
  });
});

describe('auth.requestPasswordReset', () => {
  it('tells anyone to contact the administrator on Discord or register another username', async () => {
    const caller = await callerAs(t.db, env, null);
    const result = await caller.auth.requestPasswordReset();
    expect(result).toEqual({ message: PASSWORD_RESET_REQUEST_MESSAGE });
    expect(result.message).toMatch(/contact the administrator on Discord/);
    expect(result.message).toMatch(/create a new account with a different Discord username/);
  });
});

describe('auth.completePasswordReset', () => {
  let admin: TestUser;
  let bob: TestUser;
  const issuedAt = new Date('2030-05-01T10:00:00.000Z');

  beforeEach(async () => {
    admin = await createUser(t.db, { discordUsername: TEST_ADMIN_USERNAME, isAdmin: true });
    bob = await createUser(t.db, { discordUsername: 'Bob' });
  });

  async function issueFor(username: string, at = issuedAt): Promise<string> {
    const caller = await callerAs(t.db, env, admin.id, { now: () => at });
    return (await caller.admin.issueResetCode({ discordUsername: username })).code;
  }

  async function anonymous(minutesAfterIssue = 5, clientIp = '192.0.2.10') {
    return callerAs(t.db, env, null, {
      now: () => new Date(issuedAt.getTime() + minutesAfterIssue * 60_000),
      clientIp,
    });
  }

  it('sets the new password with a valid code, marks it used and ends all the user’s sessions', async () => {
    const code = await issueFor('Bob');
    await insertSession(t.db, 'bob-phone', bob.id);
    await insertSession(t.db, 'bob-laptop', bob.id);
    await insertSession(t.db, 'admin-1', admin.id);
    const caller = await anonymous(29);

    const result = await caller.auth.completePasswordReset({
      discordUsername: 'bob',
      code,
      newPassword: 'my-fresh-password',
    });

    expect(result).toEqual({ message: PASSWORD_RESET_COMPLETE_MESSAGE });
    expect(await passwordIs(t.db, bob.id, 'my-fresh-password')).toBe(true);
    expect(await passwordIs(t.db, bob.id, bob.password)).toBe(false);
    expect(await sessionIdsOf(t.db, bob.id)).toEqual([]);
    expect(await sessionIdsOf(t.db, admin.id)).toEqual(['admin-1']);
    const rows = await t.db.selectFrom('passwordResetCodes').select(['usedAt']).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.usedAt?.toISOString()).toBe('2030-05-01T10:29:00.000Z');
  });

  it('accepts the code typed in lower case with spaces or dashes', async () => {
    const code = await issueFor('Bob');
    const typed = `${code.slice(0, 4)}-${code.slice(4, 8)} ${code.slice(8)}`.toLowerCase();
    const caller = await anonymous();
    await caller.auth.completePasswordReset({ discordUsername: 'Bob', code: typed, newPassword: 'my-fresh-password' });
    expect(await passwordIs(t.db, bob.id, 'my-fresh-password')).toBe(true);
  });

  it('refuses a code used a second time', async () => {
    const code = await issueFor('Bob');
    const caller = await anonymous();
    await caller.auth.completePasswordReset({ discordUsername: 'Bob', code, newPassword: 'my-fresh-password' });
    expect(
      await refusal(
        caller.auth.completePasswordReset({ discordUsername: 'Bob', code, newPassword: 'attacker-password' }),
      ),
    ).toEqual(INVALID_CODE);
    expect(await passwordIs(t.db, bob.id, 'my-fresh-password')).toBe(true);
  });

  it('lets exactly one of two simultaneous uses of a code through', async () => {
    const code = await issueFor('Bob');
    const caller = await anonymous();
    const results = await Promise.allSettled([
      caller.auth.completePasswordReset({ discordUsername: 'Bob', code, newPassword: 'first-password' }),
      caller.auth.completePasswordReset({ discordUsername: 'Bob', code, newPassword: 'second-password' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const first = await passwordIs(t.db, bob.id, 'first-password');
    const second = await passwordIs(t.db, bob.id, 'second-password');
    expect(first !== second).toBe(true);
  });

  it('refuses an expired code (at and after 30 minutes)', async () => {
    const code = await issueFor('Bob');
    for (const minutes of [30, 31, 24 * 60]) {
      const caller = await anonymous(minutes);
      expect(
        await refusal(
          caller.auth.completePasswordReset({ discordUsername: 'Bob', code, newPassword: 'my-fresh-password' }),
        ),
      ).toEqual(INVALID_CODE);
    }
    expect(await passwordIs(t.db, bob.id, bob.password)).toBe(true);
  });

  it('refuses a wrong code, another user’s code and an unknown user with the same answer', async () => {
    const bobCode = await issueFor('Bob');
    const carol = await createUser(t.db, { discordUsername: 'carol' });
    const carolCode = await issueFor('carol');
    const caller = await anonymous();
    expect(
      await refusal(
        caller.auth.completePasswordReset({
          discordUsername: 'Bob',
          code: 'ABCDEFGHJKMN',
          newPassword: 'x-password-1',
        }),
      ),
    ).toEqual(INVALID_CODE);
    expect(
      await refusal(
        caller.auth.completePasswordReset({ discordUsername: 'Bob', code: carolCode, newPassword: 'x-password-1' }),
      ),
    ).toEqual(INVALID_CODE);
    expect(
      await refusal(
        caller.auth.completePasswordReset({ discordUsername: 'nobody', code: bobCode, newPassword: 'x-password-1' }),
      ),
    ).toEqual(INVALID_CODE);
    expect(await passwordIs(t.db, bob.id, bob.password)).toBe(true);
    expect(await passwordIs(t.db, carol.id, carol.password)).toBe(true);
  });

  it('refuses a code voided by a newer one', async () => {
    const older = await issueFor('Bob');
    const newer = await issueFor('Bob', new Date(issuedAt.getTime() + 60_000));
    const caller = await anonymous(2);
    expect(
      await refusal(
        caller.auth.completePasswordReset({ discordUsername: 'Bob', code: older, newPassword: 'x-password-1' }),
      ),
    ).toEqual(INVALID_CODE);
    await caller.auth.completePasswordReset({ discordUsername: 'Bob', code: newer, newPassword: 'x-password-1' });
    expect(await passwordIs(t.db, bob.id, 'x-password-1')).toBe(true);
  });

  it('counts wrong codes against the login rate limit, then refuses even the right code', async () => {
    const code = await issueFor('Bob');
    const caller = await anonymous(5, '198.51.100.4');
    for (let i = 0; i < env.LOGIN_MAX_FAILURES_PER_ACCOUNT; i += 1) {
      expect(
        await refusal(
          caller.auth.completePasswordReset({
            discordUsername: 'Bob',
            code: 'WRONGCODE234',
            newPassword: 'x-password-1',
          }),
        ),
      ).toEqual(INVALID_CODE);
    }
    const blocked = await refusal(
      caller.auth.completePasswordReset({ discordUsername: 'Bob', code, newPassword: 'x-password-1' }),
    );
    expect(blocked.code).toBe('TOO_MANY_REQUESTS');
    expect(await passwordIs(t.db, bob.id, bob.password)).toBe(true);
    // Logging in from that address is throttled by the same count; from Bob's own address it is not.
    const later = () => new Date(issuedAt.getTime() + 6 * 60_000);
    const sameAddress = await callerAs(t.db, env, null, {
      now: later,
      clientIp: '198.51.100.4',
      session: fakeSession('s1'),
    });
    expect((await refusal(sameAddress.auth.login({ discordUsername: 'bob', password: bob.password }))).code).toBe(
      'TOO_MANY_REQUESTS',
    );
    const bobsAddress = await callerAs(t.db, env, null, {
      now: later,
      clientIp: '203.0.113.99',
      session: fakeSession('s2'),
    });
    await expect(bobsAddress.auth.login({ discordUsername: 'bob', password: bob.password })).resolves.toMatchObject({
      id: bob.id,
    });
  });

  it.each([
    [{ discordUsername: 'Bob', code: '', newPassword: 'x-password-1' }, 'Reset code is required'],
    [{ discordUsername: 'Bob', code: 'ABC', newPassword: 'x-password-1' }, 'Reset code must be at least 6 characters'],
    [
      { discordUsername: 'Bob', code: 'ABCDEFGHJKMN', newPassword: 'short' },
      'New password must be at least 8 characters long',
    ],
    [{ discordUsername: '', code: 'ABCDEFGHJKMN', newPassword: 'x-password-1' }, 'Discord username is required'],
  ])('refuses %j with its message', async (input, message) => {
    const caller = await anonymous();
    expect(await refusal(caller.auth.completePasswordReset(input))).toEqual({ code: 'BAD_REQUEST', message });
  });
});
