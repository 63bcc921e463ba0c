/**
 * Account rules beyond the input schemas: whose profile one may change, the texts of the password
 * reset flow, and the one-time reset codes the administrator hands out (docs/product.md#profile).
 */
import { DomainError } from './errors';

/** The answer to "forgot password": there is no self-service e-mail reset, a person helps. */
export const PASSWORD_RESET_REQUEST_MESSAGE =
  'To reset your password, please contact the administrator on Discord. Alternatively, you can create a new account with a different Discord username.';

/** One message for a wrong, used or expired code (and an unknown user), so a guess learns nothing. */
export const RESET_CODE_INVALID_MESSAGE =
  'This reset code is invalid, already used or expired. Please ask the administrator for a new one.';

/** What a user sees after finishing a reset with a code. */
export const PASSWORD_RESET_COMPLETE_MESSAGE =
  'Your password has been reset. You can now log in with your new password.';

/**
 * Letters and digits that cannot be mistaken for one another when read out or retyped from a chat
 * message: no 0/O, 1/I/L. 31 symbols, so a 12-symbol code carries about 59 bits of randomness.
 */
export const RESET_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** Symbols in a generated reset code. */
export const RESET_CODE_LENGTH = 12;
/** How long an issued reset code stays usable. */
export const RESET_CODE_TTL_MINUTES = 30;

/**
 * Nobody may change another person's profile, whatever the client sends.
 *
 * @example assertOwnProfile(7, 8) // throws NOT_OWN_PROFILE 'You can only update your own profile'
 */
export function assertOwnProfile(actorId: number, profileId: number): void {
  if (actorId !== profileId) {
    throw new DomainError('NOT_OWN_PROFILE', 'You can only update your own profile');
  }
}

/**
 * Builds a reset code from a random source. `randomIndex(n)` must return a uniformly random whole
 * number in [0, n) from a cryptographic generator (the API passes `crypto.randomInt`).
 *
 * @example createResetCode(() => 0) // 'AAAAAAAAAAAA'
 */
export function createResetCode(randomIndex: (exclusiveMax: number) => number): string {
  let code = '';
  for (let i = 0; i < RESET_CODE_LENGTH; i += 1) {
    const index = randomIndex(RESET_CODE_ALPHABET.length);
    const symbol = RESET_CODE_ALPHABET[index];
    if (symbol === undefined) throw new RangeError(`random index ${String(index)} is outside the alphabet`);
    code += symbol;
  }
  return code;
}

/**
 * The canonical form of a typed code: people retype codes from chat with spaces, dashes or lower
 * case, none of which should make a correct code fail.
 *
 * @example normalizeResetCode(' abcd-efgh jkmn ') // 'ABCDEFGHJKMN'
 */
export function normalizeResetCode(code: string): string {
  return code.replace(/[\s-]+/g, '').toUpperCase();
}

/**
 * When a code issued at `issuedAt` stops working.
 *
 * @example resetCodeExpiry(new Date('2026-11-21T07:00:00Z')) // 2026-11-21T07:30:00.000Z
 */
export function resetCodeExpiry(issuedAt: Date): Date {
  return new Date(issuedAt.getTime() + RESET_CODE_TTL_MINUTES * 60_000);
}

/**
 * A code works once, and only before its expiry (at the exact expiry instant it no longer works).
 *
 * @example isResetCodeUsable({ expiresAt: '2026-11-21T07:30:00Z', usedAt: null }, new Date('2026-11-21T07:10:00Z')) // true
 */
export function isResetCodeUsable(
  code: { expiresAt: Date | string; usedAt: Date | string | null },
  now: Date,
): boolean {
  if (code.usedAt !== null) return false;
  const expiresAt = code.expiresAt instanceof Date ? code.expiresAt : new Date(code.expiresAt);
  return now.getTime() < expiresAt.getTime();
}

/**
 * A code check that throws the one invalid-code refusal.
 *
 * @example assertResetCodeUsable(null, now) // throws RESET_CODE_INVALID
 */
export function assertResetCodeUsable<T extends { expiresAt: Date | string; usedAt: Date | string | null }>(
  code: T | null | undefined,
  now: Date,
): asserts code is T {
  if (!code || !isResetCodeUsable(code, now)) {
    throw new DomainError('RESET_CODE_INVALID', RESET_CODE_INVALID_MESSAGE);
  }
}
