import { createHash, randomBytes } from 'node:crypto';

/**
 * A new secret link token (a personal calendar feed, a trip share link): 32 random bytes from the
 * operating system, base64url (43 characters).
 */
export function generateLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Only this digest is stored, and the feed is looked up by it. A plain SHA-256 (not argon2) is
 * enough: the token is 256 random bits, so a leaked digest cannot be turned back into a working
 * URL, and a deterministic digest can be looked up directly through the unique index.
 */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
