/**
 * Device cookies (docs/sign-in-protection.md): a browser that signed in to an account keeps a signed
 * cookie saying so, and sign-ins to that account from it skip the account's ceiling across all
 * addresses, so a guessing campaign from many addresses slows down strangers' devices only, never
 * the member's own. The cookie names accounts by a digest of the lower-cased username (not the
 * name itself) and is signed with the session secrets (the first signs, all verify), so it cannot be
 * forged or edited; it holds at most MAX_ACCOUNTS accounts, the latest first.
 */
import { createHash } from 'node:crypto';

import { Signer } from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { Env } from '../env';

export const DEVICE_COOKIE_NAME = 'rideshare.device';
const MAX_ACCOUNTS = 5;
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** What a procedure may know and say about the caller's device. */
export interface DeviceControl {
  /** Whether this browser signed in to the account named `discordUsername` before. */
  knows(discordUsername: string): boolean;
  /** Remembers that this browser signed in to the account (sent with the answer). */
  remember(discordUsername: string): void;
}

/** The device cookie's name: with the `__Host-` prefix exactly when cookies are Secure (HTTPS). */
export function deviceCookieName(env: Pick<Env, 'COOKIE_SECURE'>): string {
  return env.COOKIE_SECURE ? `__Host-${DEVICE_COOKIE_NAME}` : DEVICE_COOKIE_NAME;
}

/** How the cookie names an account: 128 bits of the SHA-256 of the lower-cased username. */
export function deviceAccountToken(discordUsername: string): string {
  return createHash('sha256').update(discordUsername.toLowerCase(), 'utf8').digest('base64url').slice(0, 22);
}

/** The accounts a request's device cookie names (none when missing, unsigned or tampered with). */
function accountsOf(request: FastifyRequest, env: Env, signer: Signer): string[] {
  const cookies = request.cookies as FastifyRequest['cookies'] | undefined;
  const raw = cookies?.[deviceCookieName(env)];
  if (!raw) return [];
  const unsigned = signer.unsign(raw);
  if (!unsigned.valid || !unsigned.value) return [];
  return unsigned.value.split('~').filter((token) => /^[A-Za-z0-9_-]{22}$/.test(token));
}

/** The accounts to write back into the cookie, per request (set by `remember`). */
const pending = new WeakMap<FastifyRequest, string[]>();

/**
 * One signer per list of secrets: building a Signer tries its algorithm out (an HMAC over random
 * bytes), work every request would otherwise repeat to build its context.
 */
const signers = new WeakMap<readonly string[], Signer>();

function signerFor(env: Env): Signer {
  let signer = signers.get(env.SESSION_SECRETS);
  if (!signer) {
    signer = new Signer(env.SESSION_SECRETS);
    signers.set(env.SESSION_SECRETS, signer);
  }
  return signer;
}

/** The request's device, for the procedure context; its cookie is read when first asked. */
export function deviceOf(request: FastifyRequest, env: Env): DeviceControl {
  let known: string[] | null = null;
  const accounts = () => (known ??= accountsOf(request, env, signerFor(env)));
  return {
    knows: (discordUsername) => accounts().includes(deviceAccountToken(discordUsername)),
    remember: (discordUsername) => {
      const token = deviceAccountToken(discordUsername);
      const current = pending.get(request) ?? accounts();
      pending.set(request, [token, ...current.filter((t) => t !== token)].slice(0, MAX_ACCOUNTS));
    },
  };
}

/**
 * Sends the device cookie with any answer whose request remembered an account (after cookies are
 * registered); `secure` is the session cookie's decision, so both are Secure on the same requests.
 */
export function registerDeviceCookie(app: FastifyInstance, env: Env, secure: boolean | 'auto'): void {
  const signer = signerFor(env);
  app.addHook('onSend', async (request, reply) => {
    const accounts = pending.get(request);
    if (!accounts) return;
    reply.setCookie(deviceCookieName(env), signer.sign(accounts.join('~')), {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      // Secure exactly when the session cookie is (per request behind a trusted TLS proxy).
      secure,
      maxAge: MAX_AGE_SECONDS,
    });
  });
}
