import { createHash, randomInt } from 'node:crypto';

import { createResetCode, normalizeResetCode } from '@rideshare/domain';

/** A new one-time reset code from the operating system's cryptographic generator. */
export function generateResetCode(): string {
  return createResetCode((exclusiveMax) => randomInt(exclusiveMax));
}

/**
 * Only this digest is stored. A plain SHA-256 (not argon2) is enough here: unlike a password, the
 * code is ~59 random bits that live 30 minutes, so a leaked digest cannot be reversed in time, and a
 * deterministic digest lets the code be looked up directly.
 */
export function hashResetCode(code: string): string {
  return createHash('sha256').update(normalizeResetCode(code)).digest('hex');
}
