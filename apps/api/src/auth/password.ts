import { availableParallelism } from 'node:os';

import argon2 from 'argon2';

export interface PasswordHashOptions {
  memoryCost: number;
  timeCost: number;
}

/**
 * At most one argon2 computation per CPU core at a time (and never more than libuv's 4 threads).
 * Each one holds its full memory cost (19 MiB by default) while it runs, and more of them than
 * cores only time-slice the same CPUs: a burst of logins would then add 4 x 19 MiB to the peak
 * memory and occupy every libuv thread that static files and DNS also need, for no extra
 * throughput. Callers past the limit wait in line here (bench: docs/benchmarks.md).
 */
export const MAX_CONCURRENT_HASHES = Math.max(1, Math.min(4, availableParallelism()));

/** Runs at most `max` of the given tasks at once; the others wait in line, first come first served. */
export function createLimiter(max: number): <T>(work: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (work) => {
    if (running >= max) {
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

const limited = createLimiter(MAX_CONCURRENT_HASHES);

/** argon2id with explicit cost (OWASP's minimum profile by default: 19 MiB, 2 passes). */
export function hashPassword(password: string, opts: PasswordHashOptions): Promise<string> {
  return limited(() =>
    argon2.hash(password, {
      type: argon2.argon2id,
      memoryCost: opts.memoryCost,
      timeCost: opts.timeCost,
      parallelism: 1,
    }),
  );
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await limited(() => argon2.verify(hash, password));
  } catch {
    // A malformed stored hash is a failed login, never a crash.
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * Spends the same time as a real verification when the account does not exist, so response times
 * do not reveal which Discord usernames are registered.
 */
export async function verifyAgainstDummy(password: string, opts: PasswordHashOptions): Promise<void> {
  dummyHash ??= hashPassword('dummy-password-for-timing', opts);
  await verifyPassword(await dummyHash, password);
}
