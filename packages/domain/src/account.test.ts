import { describe, expect, it } from 'vitest';
import {
  assertOwnProfile,
  assertResetCodeUsable,
  createResetCode,
  isResetCodeUsable,
  normalizeResetCode,
  RESET_CODE_ALPHABET,
  RESET_CODE_INVALID_MESSAGE,
  RESET_CODE_LENGTH,
  resetCodeExpiry,
} from './account';
import { issueResetCodeInput, updateProfileInput } from './schemas';
import { DISCORD_USERNAME_RULE } from './schemas';
import { expectDomainError } from './test-helpers';

const NOW = new Date('2026-11-21T07:00:00.000Z');

describe('assertOwnProfile', () => {
  it('lets a user update their own profile', () => {
    expect(() => {
      assertOwnProfile(7, 7);
    }).not.toThrow();
  });

  it.each([
    [7, 8],
    [1, 2],
    [8, 7],
  ])('refuses user %i updating profile %i', (actor, target) => {
    expectDomainError(
      () => {
        assertOwnProfile(actor, target);
      },
      'NOT_OWN_PROFILE',
      'You can only update your own profile',
    );
  });
});

describe('reset codes', () => {
  it('has no look-alike symbols in the alphabet, and no repeats', () => {
    for (const symbol of ['0', 'O', '1', 'I', 'L']) expect(RESET_CODE_ALPHABET).not.toContain(symbol);
    expect(new Set(RESET_CODE_ALPHABET).size).toBe(RESET_CODE_ALPHABET.length);
    expect(RESET_CODE_LENGTH).toBeGreaterThanOrEqual(10);
  });

  it('builds a code of the configured length from the random source', () => {
    const indexes = [0, 30, 1, 29, 2, 28, 3, 27, 4, 26, 5, 25];
    let call = 0;
    const code = createResetCode((max) => {
      expect(max).toBe(RESET_CODE_ALPHABET.length);
      const next = indexes[call] ?? 0;
      call += 1;
      return next;
    });
    expect(code).toBe('A9B8C7D6E5F4');
    expect(call).toBe(RESET_CODE_LENGTH);
  });

  it('refuses a random source that leaves the alphabet', () => {
    expect(() => createResetCode(() => RESET_CODE_ALPHABET.length)).toThrow(RangeError);
  });

  it.each([
    ['abcd-efgh-jkmn', 'ABCDEFGHJKMN'],
    ['  ABCD EFGH\tJKMN ', 'ABCDEFGHJKMN'],
    ['ABCDEFGHJKMN', 'ABCDEFGHJKMN'],
  ])('normalizes %j to %j', (typed, expected) => {
    expect(normalizeResetCode(typed)).toBe(expected);
  });

  it('expires 30 minutes after issue', () => {
    expect(resetCodeExpiry(NOW).toISOString()).toBe('2026-11-21T07:30:00.000Z');
  });

  it.each([
    ['unused, before expiry', { expiresAt: '2026-11-21T07:30:00.000Z', usedAt: null }, true],
    ['unused, one millisecond before expiry', { expiresAt: '2026-11-21T07:00:00.001Z', usedAt: null }, true],
    ['unused, at the expiry instant', { expiresAt: NOW, usedAt: null }, false],
    ['unused, after expiry', { expiresAt: '2026-11-21T06:59:59.000Z', usedAt: null }, false],
    ['used before expiry', { expiresAt: '2026-11-21T07:30:00.000Z', usedAt: '2026-11-21T06:50:00.000Z' }, false],
  ])('a code %s is usable: %s', (_label, code, expected) => {
    expect(isResetCodeUsable(code, NOW)).toBe(expected);
  });

  it('refuses a missing, used or expired code with one message', () => {
    for (const code of [
      null,
      undefined,
      { expiresAt: '2026-11-21T07:30:00.000Z', usedAt: '2026-11-21T06:50:00.000Z' },
      { expiresAt: '2026-11-21T06:00:00.000Z', usedAt: null },
    ]) {
      expectDomainError(
        () => {
          assertResetCodeUsable(code, NOW);
        },
        'RESET_CODE_INVALID',
        RESET_CODE_INVALID_MESSAGE,
      );
    }
    expect(() => {
      assertResetCodeUsable({ expiresAt: '2026-11-21T07:30:00.000Z', usedAt: null }, NOW);
    }).not.toThrow();
  });
});

describe('updateProfileInput', () => {
  it('needs a valid id and reads the profile fields like profileUpdateInput', () => {
    expect(
      updateProfileInput.parse({ id: 3, name: '  Ann ', whatsappNumber: '', isVendor: true, password: 'x' }),
    ).toEqual({
      id: 3,
      name: 'Ann',
      whatsappNumber: null,
    });
    for (const id of [0, -1, 1.5, '3', null, 2_147_483_648]) {
      const result = updateProfileInput.safeParse({ id, name: 'Ann' });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Invalid id');
    }
  });

  it('bounds the text fields', () => {
    const result = updateProfileInput.safeParse({ id: 1, name: 'x'.repeat(101) });
    expect(result.error?.issues[0]?.message).toBe('Name must be at most 100 characters');
  });
});

describe('issueResetCodeInput', () => {
  it.each([
    [{}, "Please enter the user's Discord username"],
    [{ discordUsername: '   ' }, "Please enter the user's Discord username"],
    [{ discordUsername: 'x'.repeat(33) }, DISCORD_USERNAME_RULE],
    [{ discordUsername: 'bad-name!' }, DISCORD_USERNAME_RULE],
  ])('refuses %j', (value, message) => {
    expect(issueResetCodeInput.safeParse(value).error?.issues[0]?.message).toBe(message);
  });

  it('trims and lower-cases the username', () => {
    expect(issueResetCodeInput.parse({ discordUsername: ' Bob ' })).toEqual({ discordUsername: 'bob' });
  });
});
