import { availableParallelism } from 'node:os';

import { DomainError } from '@rideshare/domain';
import argon2 from 'argon2';

import type { Env } from '../env';

export interface PasswordWorkOptions {
  /**
   * How many computations may wait for a slot; one more is refused with PasswordQueueFullError
   * (answered 503 with Retry-After) rather than queued without end behind a flood.
   */
  maxQueue?: number;
}

export interface PasswordHashOptions extends PasswordWorkOptions {
  memoryCost: number;
  timeCost: number;
}

/** The configured argon2 cost, and how many password computations may wait in line. */
export const hashOptions = (env: Env): PasswordHashOptions => ({
  memoryCost: env.ARGON2_MEMORY_KIB,
  timeCost: env.ARGON2_TIME_COST,
  maxQueue: env.ARGON2_MAX_QUEUE,
});

/**
 * At most one argon2 computation per CPU core at a time (and never more than libuv's 4 threads).
 * Each one holds its full memory cost (19 MiB by default) while it runs, and more of them than
 * cores only time-slice the same CPUs: a burst of logins would then add 4 x 19 MiB to the peak
 * memory and occupy every libuv thread that static files and DNS also need, for no extra
 * throughput. Callers past the limit wait in line here, up to ARGON2_MAX_QUEUE of them
 * (bench: docs/benchmarks.md).
 */
export const MAX_CONCURRENT_HASHES = Math.max(1, Math.min(4, availableParallelism()));

/** How long a refused caller is told to wait: the line moves by several computations a second. */
export const PASSWORD_QUEUE_RETRY_AFTER_SECONDS = 1;

/**
 * The line of password computations is full: the server is too busy to check one more now.
 * A SERVER_BUSY refusal (503 with Retry-After), not an internal error.
 */
export class PasswordQueueFullError extends DomainError {
  readonly retryAfterSeconds = PASSWORD_QUEUE_RETRY_AFTER_SECONDS;

  constructor() {
    super('SERVER_BUSY', 'The server is busy checking passwords. Please try again in a moment.');
  }
}

/**
 * Runs at most `max` of the given tasks at once; the others wait in line, first come first served.
 * A task arriving when `maxWaiting` are already waiting is refused with PasswordQueueFullError.
 */
export function createLimiter(max: number): <T>(work: () => Promise<T>, options?: PasswordWorkOptions) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (work, options = {}) => {
    if (running >= max) {
      if (waiting.length >= (options.maxQueue ?? Number.POSITIVE_INFINITY)) throw new PasswordQueueFullError();
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
      });
    } else {
      running += 1;
    }
    try {
      return await work();
    } finally {
      // Hand the slot straight to the next in line, or free it.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

/**
 * The process's one line of argon2 work. Exported so tests can occupy it (and see what a full line
 * answers); production code goes through hashPassword / verifyPassword.
 */
export const runPasswordWork = createLimiter(MAX_CONCURRENT_HASHES);

/** argon2id with explicit cost (OWASP's minimum profile by default: 19 MiB, 2 passes). */
export function hashPassword(password: string, opts: PasswordHashOptions): Promise<string> {
  return runPasswordWork(
    () =>
      argon2.hash(password, {
        type: argon2.argon2id,
        memoryCost: opts.memoryCost,
        timeCost: opts.timeCost,
        parallelism: 1,
      }),
    opts,
  );
}

export function verifyPassword(hash: string, password: string, opts: PasswordWorkOptions = {}): Promise<boolean> {
  return runPasswordWork(async () => {
    try {
      return await argon2.verify(hash, password);
    } catch {
      // A malformed stored hash is a failed login, never a crash.
      return false;
    }
  }, opts);
}

/**
 * Whether a stored hash was made with other settings than the configured ones (a raised cost, or
 * an older algorithm), so that it should be replaced the next time the password is known.
 */
export function hashNeedsUpgrade(hash: string, opts: PasswordHashOptions): boolean {
  if (!hash.startsWith('$argon2id$')) return true;
  try {
    return argon2.needsRehash(hash, { memoryCost: opts.memoryCost, timeCost: opts.timeCost, parallelism: 1 });
  } catch {
    return true;
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * Spends the same time as a real verification when the account does not exist, so response times
 * do not reveal which Discord usernames are registered.
 */
export async function verifyAgainstDummy(password: string, opts: PasswordHashOptions): Promise<void> {
  // Made once without a queue bound: a refusal here must not be remembered as the dummy hash.
  dummyHash ??= hashPassword('dummy-password-for-timing', { memoryCost: opts.memoryCost, timeCost: opts.timeCost });
  await verifyPassword(await dummyHash, password, opts);
}
