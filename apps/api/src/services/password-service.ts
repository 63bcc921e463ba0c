/**
 * The password write steps: replacing a password (own change, admin reset), issuing a reset code
 * and completing a reset with one. Each runs in one transaction; hash passwords before calling
 * (argon2 is slow and must not run while a transaction holds locks).
 */
import type { Database } from '@rideshare/db';
import { assertResetCodeUsable, isDomainError } from '@rideshare/domain';
import type { Kysely } from 'kysely';

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
import { lockUserForUpdate, updateUserPassword } from '../repositories/user-repository';
import { notFound } from '../trpc/errors';

/**
 * Every password change (own, admin reset, reset code) ends in the same place: the new hash is
 * stored, outstanding reset codes are voided, the user's sessions end and their calendar feed's
 * token is revoked, all in one transaction, so whoever held the old password, an old cookie or the
 * feed's URL is out. `keepSessionId` spares the session of the person who just changed their own
 * password (they can make a new feed link).
 */
export async function replacePassword(
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
export async function issueResetCode(db: Kysely<Database>, args: NewResetCode): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await lockUserForUpdate(trx, args.userId))) notFound('User');
    await replaceResetCode(trx, args);
  });
}

/**
 * Completes a reset with a one-time code, in one transaction: the code's row is locked (so it works
 * exactly once) and checked by the domain rule, marked used, the password replaced, other unused
 * codes voided, every session of the user ended and their calendar feed revoked. Answers false, having written nothing, when
 * there is no such user (`userId` null) or the code is wrong, used or expired.
 */
export async function completePasswordReset(
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
