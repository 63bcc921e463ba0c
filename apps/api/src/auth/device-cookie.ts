/**
 * Device cookies (docs/sign-in-protection.md#device-cookies): a browser that signed in to an account
 * keeps a signed cookie saying so, and sign-ins to that account from it skip the account's ceiling
 * across all addresses, so a guessing campaign from many addresses slows down strangers' devices
 * only, never the member's own. Each browser's cookie carries a random nonce of its own (so two
 * browsers' cookies differ, and each counts its own failures), and names each account by a digest
 * of the lower-cased username (not the name itself) together with a digest of the account's
 * password version: a password change leaves every earlier cookie naming nobody. It is signed with
 * the session secrets (the first signs, all verify), so it cannot be forged or edited; it holds at
 * most MAX_ACCOUNTS accounts, the latest first.
 */
import { createHash, randomBytes } from 'node:crypto';

import { Signer } from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { Env } from '../env';

export const DEVICE_COOKIE_NAME = 'rideshare.device';
const MAX_ACCOUNTS = 5;
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** What a procedure may know and say about the caller's device. */
export interface DeviceControl {
  /**
   * This browser's nonce when it signed in to the account named `discordUsername` with the password
   * whose version is `passwordVersion` (see {@link passwordVersionOf}); null otherwise.
   */
  knows(discordUsername: string, passwordVersion: string): string | null;
  /** Remembers that this browser signed in to the account with that password (sent with the answer). */
  remember(discordUsername: string, passwordVersion: string): void;
}

/** A password's version as the cookie carries it: 64 bits of the SHA-256 of its stored hash. */
export function passwordVersionOf(passwordHash: string): string {
  return createHash('sha256').update(passwordHash, 'utf8').digest('base64url').slice(0, 11);
}

/** The cookie's content: this browser's nonce, and its accounts (`<account>.<password version>`). */
interface DeviceState {
  nonce: string;
  entries: string[];
}

const FORMAT = 'v2';
const NONCE = /^[A-Za-z0-9_-]{22}$/;
const ENTRY = /^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{11}$/;

/** The device cookie's name: with the `__Host-` prefix exactly when cookies are Secure (HTTPS). */
export function deviceCookieName(env: Pick<Env, 'COOKIE_SECURE'>): string {
  return env.COOKIE_SECURE ? `__Host-${DEVICE_COOKIE_NAME}` : DEVICE_COOKIE_NAME;
}

/** How the cookie names an account: 128 bits of the SHA-256 of the lower-cased username. */
export function deviceAccountToken(discordUsername: string): string {
  return createHash('sha256').update(discordUsername.toLowerCase(), 'utf8').digest('base64url').slice(0, 22);
}

/**
 * What a request's device cookie says (null when missing, unsigned, tampered with, or of the
 * earlier format without a nonce, which names nobody any more).
 */
function stateOf(request: FastifyRequest, env: Env, signer: Signer): DeviceState | null {
  const cookies = request.cookies as FastifyRequest['cookies'] | undefined;
  const raw = cookies?.[deviceCookieName(env)];
  if (!raw) return null;
  const unsigned = signer.unsign(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  const [format, nonce, ...entries] = unsigned.value.split('~');
  if (format !== FORMAT || !nonce || !NONCE.test(nonce)) return null;
  return { nonce, entries: entries.filter((entry) => ENTRY.test(entry)) };
}

/** The cookie to write back, per request (set by `remember`). */
const pending = new WeakMap<FastifyRequest, DeviceState>();

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
  let read: DeviceState | null | undefined;
  const state = () => (read === undefined ? (read = stateOf(request, env, signerFor(env))) : read);
  return {
    knows: (discordUsername, passwordVersion) => {
      const current = state();
      const entry = `${deviceAccountToken(discordUsername)}.${passwordVersion}`;
      return current?.entries.includes(entry) ? current.nonce : null;
    },
    remember: (discordUsername, passwordVersion) => {
      const token = deviceAccountToken(discordUsername);
      const current = pending.get(request) ?? state() ?? { nonce: randomBytes(16).toString('base64url'), entries: [] };
      const others = current.entries.filter((entry) => !entry.startsWith(`${token}.`));
      pending.set(request, {
        nonce: current.nonce,
        entries: [`${token}.${passwordVersion}`, ...others].slice(0, MAX_ACCOUNTS),
      });
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
    const state = pending.get(request);
    if (!state) return;
    reply.setCookie(deviceCookieName(env), signer.sign([FORMAT, state.nonce, ...state.entries].join('~')), {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      // Secure exactly when the session cookie is (per request behind a trusted TLS proxy).
      secure,
      maxAge: MAX_AGE_SECONDS,
    });
  });
}
