import type { Database } from '@rideshare/db';
import type { Kysely } from 'kysely';

import type { Env } from '../env';
import { voidUnusedResetCodes } from '../repositories/password-reset-repository';
import { deleteUserSessions } from '../repositories/session-repository';
import { updateUserPassword } from '../repositories/user-repository';
import type { ThrottleLimits } from './login-throttle';

export const hashOptions = (env: Env) => ({ memoryCost: env.ARGON2_MEMORY_KIB, timeCost: env.ARGON2_TIME_COST });

export const throttleLimits = (env: Env): ThrottleLimits => ({
  maxPerAccount: env.LOGIN_MAX_FAILURES_PER_ACCOUNT,
  maxPerAddress: env.LOGIN_MAX_FAILURES_PER_ADDRESS,
  windowMinutes: env.LOGIN_FAILURE_WINDOW_MINUTES,
});

export const rateLimitedMessage = (limits: ThrottleLimits) =>
  `Too many failed login attempts. Please try again in ${String(limits.windowMinutes)} minutes.`;

/**
 * Every password change (own, admin reset, reset code) ends in the same place: the new hash is
 * stored, outstanding reset codes are voided, and the user's sessions end, all in one transaction,
 * so whoever held the old password or an old cookie is out. `keepSessionId` spares the session of
 * the person who just changed their own password. Hash the password before calling: argon2 is slow
 * and must not run while the transaction holds locks.
 */
export async function replacePassword(
  db: Kysely<Database>,
  args: { userId: number; passwordHash: string; keepSessionId?: string | null },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await updateUserPassword(trx, args.userId, args.passwordHash);
    await voidUnusedResetCodes(trx, args.userId);
    await deleteUserSessions(trx, args.userId, { exceptSessionId: args.keepSessionId ?? null });
  });
}
