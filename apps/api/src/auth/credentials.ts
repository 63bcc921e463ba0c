import type { Database } from '@rideshare/db';
import type { Kysely } from 'kysely';

import type { Env } from '../env';
import { upgradeUserPasswordHash } from '../repositories/user-repository';
import type { ThrottleLimits } from '../services/sign-in-service';
import { hashNeedsUpgrade, hashPassword, PasswordQueueFullError, type PasswordHashOptions } from './password';

/** The configured argon2 cost, and how many password computations may wait in line. */
export const hashOptions = (env: Env): PasswordHashOptions => ({
  memoryCost: env.ARGON2_MEMORY_KIB,
  timeCost: env.ARGON2_TIME_COST,
  maxQueue: env.ARGON2_MAX_QUEUE,
});

export const throttleLimits = (env: Env): ThrottleLimits => ({
  maxPerAccount: env.LOGIN_MAX_FAILURES_PER_ACCOUNT,
  maxPerAddress: env.LOGIN_MAX_FAILURES_PER_ADDRESS,
  maxPerAccountAll: env.LOGIN_MAX_FAILURES_PER_ACCOUNT_ALL,
  windowMinutes: env.LOGIN_FAILURE_WINDOW_MINUTES,
  maxLockoutMinutes: env.LOGIN_MAX_LOCKOUT_MINUTES,
});

/**
 * After a successful sign-in, replaces a stored hash made with another argon2 cost than the one
 * configured now (ARGON2_MEMORY_KIB / ARGON2_TIME_COST were raised, say), while the password is at
 * hand. Only if the hash is still the one just checked; skipped (until the next sign-in) when the
 * server is too busy, since the sign-in itself already succeeded.
 */
export async function upgradePasswordHashIfNeeded(
  db: Kysely<Database>,
  args: { userId: number; checkedHash: string; password: string },
  opts: PasswordHashOptions,
): Promise<void> {
  if (!hashNeedsUpgrade(args.checkedHash, opts)) return;
  try {
    const upgraded = await hashPassword(args.password, opts);
    await upgradeUserPasswordHash(db, args.userId, args.checkedHash, upgraded);
  } catch (error) {
    if (!(error instanceof PasswordQueueFullError)) throw error;
  }
}
