import argon2 from 'argon2';

export interface PasswordHashOptions {
  memoryCost: number;
  timeCost: number;
}

/** argon2id with explicit cost (OWASP's minimum profile by default: 19 MiB, 2 passes). */
export function hashPassword(password: string, opts: PasswordHashOptions): Promise<string> {
  return argon2.hash(password, {
    type: argon2.argon2id,
    memoryCost: opts.memoryCost,
    timeCost: opts.timeCost,
    parallelism: 1,
  });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
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
