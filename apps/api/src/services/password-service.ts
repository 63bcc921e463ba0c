/**
 * The password steps: changing one's own password, an administrator's reset, issuing a reset code
 * and completing a reset with one. Each write runs in one transaction; passwords are hashed before
 * it opens (argon2 is slow and must not run while a transaction holds locks).
 */
import type { Database } from '@rideshare/db';
import {
  assertResetCodeUsable,
  DomainError,
  isDomainError,
  notFound,
  RESET_CODE_INVALID_MESSAGE,
  resetCodeExpiry,
} from '@rideshare/domain';
import type { Kysely } from 'kysely';

import { hashPassword, verifyPassword, type PasswordHashOptions } from '../auth/password';
import { generateResetCode, hashResetCode } from '../auth/reset-code';
import { setCalendarTokenHash } from '../repositories/calendar-repository';
import {
  findResetCodeForUpdate,
  markResetCodeUsed,
  replaceResetCode,
  voidUnusedResetCodes,
  type NewResetCode,
} from '../repositories/password-reset-repository';
import { publishSessionsEnded } from '../events/publish';
import { deleteUserSessions } from '../repositories/session-repository';
import {
  findPasswordHashById,
  findUserIdentityByUsername,
  lockUserForUpdate,
  updateUserPassword,
} from '../repositories/user-repository';
import { withSignInAttempt, type CredentialPolicy, type SignInAttempt } from './sign-in-service';

const userNotFound = (): never => {
  throw notFound('user');
};

/**
 * Every password change (own, admin reset, reset code) ends in the same place: the new hash is
 * stored, outstanding reset codes are voided, the user's sessions end and their calendar feed's
 * token is revoked, all in one transaction, so whoever held the old password, an old cookie or the
 * feed's URL is out. `keepSessionId` spares the session of the person who just changed their own
 * password (they can make a new feed link).
 */
async function replacePassword(
  db: Kysely<Database>,
  args: { userId: number; passwordHash: string; keepSessionId?: string | null },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await updateUserPassword(trx, args.userId, args.passwordHash);
    await voidUnusedResetCodes(trx, args.userId);
    await deleteUserSessions(trx, args.userId, { exceptSessionId: args.keepSessionId ?? null });
    await setCalendarTokenHash(trx, args.userId, null);
    await publishSessionsEnded(trx, { userId: args.userId, exceptSessionId: args.keepSessionId ?? null });
  });
}

/**
 * Stores a new reset code (as its digest) for a user, voiding the user's older unused ones. The
 * user's row lock makes concurrent issues take turns, so exactly one code survives; a user gone in
 * the meantime is NOT_FOUND.
 */
async function issueResetCode(db: Kysely<Database>, args: NewResetCode): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await lockUserForUpdate(trx, args.userId))) userNotFound();
    await replaceResetCode(trx, args);
  });
}

/**
 * Completes a reset with a one-time code, in one transaction: the code's row is locked (so it works
 * exactly once) and checked by the domain rule, marked used, the password replaced, other unused
 * codes voided, every session of the user ended and their calendar feed revoked. Answers false, having written nothing, when
 * there is no such user (`userId` null) or the code is wrong, used or expired.
 */
async function completePasswordReset(
  db: Kysely<Database>,
  args: { userId: number | null; codeHash: string; passwordHash: string; now: Date },
): Promise<boolean> {
  const { userId } = args;
  try {
    await db.transaction().execute(async (trx) => {
      const code = userId === null ? null : await findResetCodeForUpdate(trx, userId, args.codeHash);
      assertResetCodeUsable(code, args.now);
      await markResetCodeUsed(trx, code.id, args.now);
      await updateUserPassword(trx, code.userId, args.passwordHash);
      await voidUnusedResetCodes(trx, code.userId);
      await deleteUserSessions(trx, code.userId);
      await setCalendarTokenHash(trx, code.userId, null);
      await publishSessionsEnded(trx, { userId: code.userId });
    });
    return true;
  } catch (error) {
    if (isDomainError(error) && error.code === 'RESET_CODE_INVALID') return false;
    throw error;
  }
}

/**
 * Changes the caller's own password; the current one must be given (a stolen session alone
 * cannot), and every guess counts against the sign-in limits before it is checked
 * (WRONG_PASSWORD otherwise). Every other session of the user ends; `keepSessionId` stays.
 */
export async function changeOwnPassword(
  db: Kysely<Database>,
  args: {
    userId: number;
    attempt: SignInAttempt;
    currentPassword: string;
    newPassword: string;
    keepSessionId: string | null;
  },
  policy: CredentialPolicy,
): Promise<void> {
  const verified = await withSignInAttempt(db, args.attempt, policy.throttle, policy.now, async () => {
    const hash = await findPasswordHashById(db, args.userId);
    return hash !== null && (await verifyPassword(hash, args.currentPassword, policy.hash)) ? true : null;
  });
  if (!verified) throw new DomainError('WRONG_PASSWORD', 'Current password is incorrect');
  const passwordHash = await hashPassword(args.newPassword, policy.hash);
  await replacePassword(db, { userId: args.userId, passwordHash, keepSessionId: args.keepSessionId });
}

/**
 * Finishes a reset with a one-time code, as one throttled sign-in attempt on the account (the code
 * is checked after the attempt is counted, so codes cannot be guessed faster than passwords). A
 * wrong, used or expired code and an unknown username all get the same RESET_CODE_INVALID.
 */
export async function resetPasswordWithCode(
  db: Kysely<Database>,
  args: { attempt: SignInAttempt; code: string; newPassword: string },
  policy: CredentialPolicy,
): Promise<void> {
  const now = policy.now();
  const reset = await withSignInAttempt(db, args.attempt, policy.throttle, policy.now, async () => {
    // Hashed up front, whatever the outcome: every refusal costs the same time, and the slow
    // argon2 work stays outside the transaction.
    const passwordHash = await hashPassword(args.newPassword, policy.hash);
    const codeHash = hashResetCode(args.code);
    const user = await findUserIdentityByUsername(db, args.attempt.discordUsername);
    const done = await completePasswordReset(db, { userId: user?.id ?? null, codeHash, passwordHash, now });
    return done ? true : null;
  });
  // One answer for a wrong, used or expired code and an unknown user, so a guess learns nothing.
  if (!reset) throw new DomainError('RESET_CODE_INVALID', RESET_CODE_INVALID_MESSAGE);
}

/**
 * An administrator sets a new password for a user (named by Discord username, any case): all of
 * that user's sessions end, except the admin's own current one when they reset themselves.
 */
export async function resetPasswordAsAdmin(
  db: Kysely<Database>,
  args: { discordUsername: string; newPassword: string; adminId: number; adminSessionId: string | null },
  hash: PasswordHashOptions,
): Promise<{ discordUsername: string }> {
  const target = (await findUserIdentityByUsername(db, args.discordUsername)) ?? userNotFound();
  const passwordHash = await hashPassword(args.newPassword, hash);
  await replacePassword(db, {
    userId: target.id,
    passwordHash,
    keepSessionId: target.id === args.adminId ? args.adminSessionId : null,
  });
  return { discordUsername: target.discordUsername };
}

/**
 * Issues a one-time reset code for a user, for the admin to pass on: cryptographically random,
 * stored only as its digest, usable once until it expires; older unused codes are voided. The
 * plain code is only in the answer.
 */
export async function issueResetCodeFor(
  db: Kysely<Database>,
  args: { discordUsername: string; adminId: number; now: Date },
): Promise<{ discordUsername: string; code: string; expiresAt: string }> {
  const target = (await findUserIdentityByUsername(db, args.discordUsername)) ?? userNotFound();
  const code = generateResetCode();
  const expiresAt = resetCodeExpiry(args.now);
  await issueResetCode(db, { userId: target.id, codeHash: hashResetCode(code), expiresAt, createdBy: args.adminId });
  return { discordUsername: target.discordUsername, code, expiresAt: expiresAt.toISOString() };
}
