import type { Database } from '@rideshare/db';
import { RateLimitedError, takeAttempts, tooManyAttemptsMessage, type AttemptPolicy } from '@rideshare/domain';
import type { Kysely } from 'kysely';

import { passwordVersionOf } from '../auth/device-cookie';
import { hashOptions, PasswordQueueFullError, type PasswordHashOptions } from '../auth/password';
import type { Env } from '../env';
import { publishUserEvent } from '../events/publish';
import { clientAddressKey } from '../http/client-address';
import {
  deleteThrottleCounter,
  deleteThrottleCountersBefore,
  findThrottleCounters,
  lockThrottleKeys,
  refundThrottleAttempt,
  saveThrottleCounters,
} from '../repositories/login-throttle-repository';
import { insertAccountNoticeOnce } from '../repositories/notification-repository';
import { findUserCredentialsByUsername, findUserIdentityByUsername } from '../repositories/user-repository';

export interface ThrottleLimits {
  /** Attempts on one account from one client address before that address waits for that account. */
  maxPerAccount: number;
  /** Attempts from one client address (any accounts) before the address waits. */
  maxPerAddress: number;
  /**
   * Attempts on one account from all addresses together before devices that never signed in to it
   * wait for it too (a device with the account's device cookie is never held back by this).
   */
  maxPerAccountAll: number;
  /** The first wait, and the quiet time after which a count restarts. */
  windowMinutes: number;
  /** The longest wait; waits double from `windowMinutes` up to this. */
  maxLockoutMinutes: number;
}

/** The configured sign-in limits (LOGIN_*). */
export const throttleLimits = (env: Env): ThrottleLimits => ({
  maxPerAccount: env.LOGIN_MAX_FAILURES_PER_ACCOUNT,
  maxPerAddress: env.LOGIN_MAX_FAILURES_PER_ADDRESS,
  maxPerAccountAll: env.LOGIN_MAX_FAILURES_PER_ACCOUNT_ALL,
  windowMinutes: env.LOGIN_FAILURE_WINDOW_MINUTES,
  maxLockoutMinutes: env.LOGIN_MAX_LOCKOUT_MINUTES,
});

/** How passwords are hashed and sign-in attempts limited, and the clock the limits count by. */
export interface CredentialPolicy {
  hash: PasswordHashOptions;
  throttle: ThrottleLimits;
  now: () => Date;
}

/** The configured credential policy, on the procedures' clock. */
export const credentialPolicy = (env: Env, now: () => Date): CredentialPolicy => ({
  hash: hashOptions(env),
  throttle: throttleLimits(env),
  now,
});

/** The version of the account's current password the device cookie is bound to; null for no such account. */
export async function passwordVersionFor(db: Kysely<Database>, discordUsername: string): Promise<string | null> {
  const credentials = await findUserCredentialsByUsername(db, discordUsername);
  return credentials ? passwordVersionOf(credentials.passwordHash) : null;
}

/** Who is trying to sign in as whom: the account named, the client's address and its device. */
export interface SignInAttempt {
  discordUsername: string;
  clientIp: string;
  /**
   * The browser's nonce when it holds the account's device cookie for its current password (it
   * signed in to this account with it before); null or missing for any other browser.
   */
  knownDevice?: string | null;
}

/**
 * The counters an attempt touches. The account's count is kept per client address, so a
 * stranger's wrong guesses slow the stranger down but never lock the member (or the admin) out
 * from their own address; the address's own count catches one address trying many accounts; and
 * the account's count across all addresses puts a ceiling on guessing spread over many addresses,
 * counted and enforced only for devices without the account's device cookie. A device with it
 * counts its own failures instead (`device`, as many as one address may make), so a copied cookie
 * used from many addresses still gets no more guesses than one address.
 */
export function throttleKeys(attempt: SignInAttempt): { accountAtAddress: string; address: string; account: string } {
  const address = `ip:${clientAddressKey(attempt.clientIp)}`;
  const account = `account:${attempt.discordUsername.toLowerCase()}`;
  return { accountAtAddress: `${account}|${address}`, address, account: `${account}|all` };
}

/** The counter of a known device's own failures on the account. */
function deviceKey(attempt: SignInAttempt, nonce: string): string {
  return `${throttleKeys(attempt).account.replace(/\|all$/, '')}|device:${nonce}`;
}

/** The keys an attempt counts against: the ceiling across addresses for an unknown device, the device's own count for a known one. */
function countedKeys(attempt: SignInAttempt): string[] {
  const keys = throttleKeys(attempt);
  return attempt.knownDevice
    ? [keys.accountAtAddress, keys.address, deviceKey(attempt, attempt.knownDevice)]
    : [keys.accountAtAddress, keys.address, keys.account];
}

function policyOf(key: string, attempt: SignInAttempt, limits: ThrottleLimits): AttemptPolicy {
  const windowMs = limits.windowMinutes * 60_000;
  const maxWaitMs = Math.max(windowMs, limits.maxLockoutMinutes * 60_000);
  const keys = throttleKeys(attempt);
  const maxFailures =
    key === keys.address ? limits.maxPerAddress : key === keys.account ? limits.maxPerAccountAll : limits.maxPerAccount;
  return { maxFailures, windowMs, maxWaitMs };
}

/**
 * Counts a sign-in attempt (login, change of password, reset code) *before* the secret is checked,
 * under per-key advisory locks, so concurrent guesses (many requests, or one batch) cannot all read
 * the count before any of them adds to it: at most the limit are ever checked. Throws
 * RateLimitedError (429 with Retry-After) when the account-from-address, the address or (for a
 * device without the account's device cookie) the account across all addresses must wait.
 * Counters live in Postgres, so the limits hold across every API instance.
 */
export async function countSignInAttempt(
  db: Kysely<Database>,
  attempt: SignInAttempt,
  limits: ThrottleLimits,
  clock: () => Date,
): Promise<{ reachedCeiling: boolean }> {
  const keys = countedKeys(attempt);
  const verdict = await db.transaction().execute(async (trx) => {
    await lockThrottleKeys(trx, keys);
    // Read only once the locks are held, so the times stored follow the order attempts counted in.
    const now = clock();
    const counters = await findThrottleCounters(trx, keys);
    const decided = takeAttempts(
      keys.map((key) => ({ key, counter: counters.get(key) ?? null, policy: policyOf(key, attempt, limits) })),
      now,
    );
    if (decided.allowed) await saveThrottleCounters(trx, decided.counters);
    return decided;
  });
  if (!verdict.allowed) {
    throw new RateLimitedError(tooManyAttemptsMessage(verdict.retryAfterMs), Math.ceil(verdict.retryAfterMs / 1000));
  }
  // This attempt filled the ceiling across addresses (counted under its lock: exactly one does).
  const ceiling = throttleKeys(attempt).account;
  const reachedCeiling = verdict.counters.some(
    ({ key, counter }) => key === ceiling && counter.failures === limits.maxPerAccountAll,
  );
  return { reachedCeiling };
}

/**
 * Tells the account's owner in their inbox that wrong passwords from many addresses reached the
 * ceiling (once: not again while that notice is unread). Nothing for a name with no account.
 */
async function tellOwnerOfGuessing(db: Kysely<Database>, discordUsername: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const user = await findUserIdentityByUsername(trx, discordUsername);
    if (!user) return;
    if (await insertAccountNoticeOnce(trx, user.id, 'sign_in_guessing')) {
      await publishUserEvent(trx, 'notifications.changed', user.id, null);
    }
  });
}

/**
 * The secret was right: the account's count from this address starts again, and the address gets
 * this attempt back (a member signing in is not held against the next person at that address).
 */
export async function forgiveSignInAttempt(db: Kysely<Database>, attempt: SignInAttempt): Promise<void> {
  const keys = throttleKeys(attempt);
  await deleteThrottleCounter(db, keys.accountAtAddress);
  await refundThrottleAttempt(db, keys.address);
  // The ceiling across addresses only gets this attempt back: the guesses of others still count.
  if (!attempt.knownDevice) await refundThrottleAttempt(db, keys.account);
  // The member's own browser: its count starts again.
  else await deleteThrottleCounter(db, deviceKey(attempt, attempt.knownDevice));
}

/** Takes the attempt back from every counter it counted against: it was never checked. */
async function refundSignInAttempt(db: Kysely<Database>, attempt: SignInAttempt): Promise<void> {
  for (const key of countedKeys(attempt)) await refundThrottleAttempt(db, key);
}

/**
 * Runs `check` as one throttled sign-in attempt: counted before it runs (refused with 429 past the
 * limits), forgiven when the secret was right (`check` returns a value), kept when it was wrong
 * (`check` returns null), and taken back when the server was too busy to check it at all (the 503
 * of a full password queue is not a wrong guess).
 */
export async function withSignInAttempt<T>(
  db: Kysely<Database>,
  attempt: SignInAttempt,
  limits: ThrottleLimits,
  clock: () => Date,
  check: () => Promise<T | null>,
): Promise<T | null> {
  const { reachedCeiling } = await countSignInAttempt(db, attempt, limits, clock);
  let result: T | null;
  try {
    result = await check();
  } catch (error) {
    if (error instanceof PasswordQueueFullError) await refundSignInAttempt(db, attempt);
    throw error;
  }
  if (result !== null) await forgiveSignInAttempt(db, attempt);
  else {
    await sweepSignInCounters(db, limits, clock());
    if (reachedCeiling) await tellOwnerOfGuessing(db, attempt.discordUsername);
  }
  return result;
}

/** Keeps the table small: a counter whose longest wait and quiet window are over counts for nothing. */
export async function sweepSignInCounters(db: Kysely<Database>, limits: ThrottleLimits, now: Date): Promise<void> {
  const horizonMs = (Math.max(limits.maxLockoutMinutes, limits.windowMinutes) + limits.windowMinutes) * 60_000;
  await deleteThrottleCountersBefore(db, new Date(now.getTime() - horizonMs));
}
