/**
 * The Discord side of Sign in with Discord (docs/sign-in.md): OAuth 2.0 with PKCE through arctic's
 * OAuth2Client, every endpoint from the settings (DISCORD_API_BASE, DISCORD_AUTHORIZE_URL) so tests
 * talk to a fake, and the short-lived signed cookie that carries the state and the verifier from
 * the start of the flow to the callback.
 */
import { Signer } from '@fastify/cookie';
import {
  ArcticFetchError,
  CodeChallengeMethod,
  generateCodeVerifier,
  generateState,
  OAuth2Client,
  OAuth2RequestError,
} from 'arctic';

import type { Env } from '../env';

/** The flow's cookie: HttpOnly, SameSite=Lax (so Discord's redirect back carries it), only on these paths. */
export const DISCORD_FLOW_COOKIE = 'rideshare.discord';
export const DISCORD_FLOW_COOKIE_PATH = '/api/auth/discord';
/** How long a started sign-in may take on Discord's page. */
export const DISCORD_FLOW_MAX_AGE_SECONDS = 600;
/** Discord's API answers within this, or the sign-in is refused as unreachable. */
const DISCORD_CALL_TIMEOUT_MS = 10_000;

export type DiscordSettings = Pick<
  Env,
  'DISCORD_CLIENT_ID' | 'DISCORD_CLIENT_SECRET' | 'DISCORD_API_BASE' | 'DISCORD_AUTHORIZE_URL' | 'DISCORD_GUILD_ID'
>;

/** Both the client id and the secret are set: the feature is on. */
export function discordEnabled(env: DiscordSettings): boolean {
  return Boolean(env.DISCORD_CLIENT_ID && env.DISCORD_CLIENT_SECRET);
}

/** The scopes asked for: membership is read only when a community server is named. */
export function discordScopes(env: DiscordSettings): string[] {
  return env.DISCORD_GUILD_ID ? ['identify', 'guilds.members.read'] : ['identify'];
}

/** `{origin}/api/auth/discord/callback`: the address registered with the Discord application. */
export function discordRedirectUri(origin: string): string {
  return `${origin}/api/auth/discord/callback`;
}

function clientFor(env: DiscordSettings, origin: string): OAuth2Client {
  return new OAuth2Client(env.DISCORD_CLIENT_ID ?? '', env.DISCORD_CLIENT_SECRET ?? '', discordRedirectUri(origin));
}

/** What the flow's cookie holds between the start and the callback. */
export interface DiscordFlow {
  state: string;
  verifier: string;
  /** A same-site path (already checked) to land on afterwards. */
  returnTo: string;
  /** For `intent=link`: the signed-in user who started it; null for a sign-in. */
  linkUserId: number | null;
  /** When the flow lapses (ms since the epoch). */
  expiresAt: number;
}

/** A new flow and the authorize URL that starts it (state and an S256 code challenge in it). */
export function startDiscordFlow(
  env: DiscordSettings,
  origin: string,
  args: { returnTo: string; linkUserId: number | null; now: Date },
): { flow: DiscordFlow; url: URL } {
  const state = generateState();
  const verifier = generateCodeVerifier();
  const url = clientFor(env, origin).createAuthorizationURLWithPKCE(
    env.DISCORD_AUTHORIZE_URL,
    state,
    CodeChallengeMethod.S256,
    verifier,
    discordScopes(env),
  );
  const flow: DiscordFlow = {
    state,
    verifier,
    returnTo: args.returnTo,
    linkUserId: args.linkUserId,
    expiresAt: args.now.getTime() + DISCORD_FLOW_MAX_AGE_SECONDS * 1000,
  };
  return { flow, url };
}

/** The flow as a signed cookie value (signed with the session secrets: the first signs, all verify). */
export function sealDiscordFlow(secrets: string[], flow: DiscordFlow): string {
  return new Signer(secrets).sign(Buffer.from(JSON.stringify(flow), 'utf8').toString('base64url'));
}

/** The flow from a cookie value, or null when it is missing, tampered with, malformed or lapsed. */
export function openDiscordFlow(secrets: string[], value: string | undefined, now: Date): DiscordFlow | null {
  if (!value) return null;
  const unsigned = new Signer(secrets).unsign(value);
  if (!unsigned.valid || unsigned.value === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(unsigned.value, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const flow = parsed as Partial<DiscordFlow>;
  if (
    typeof flow.state !== 'string' ||
    typeof flow.verifier !== 'string' ||
    typeof flow.returnTo !== 'string' ||
    typeof flow.expiresAt !== 'number' ||
    !(flow.linkUserId === null || typeof flow.linkUserId === 'number')
  ) {
    return null;
  }
  if (flow.expiresAt <= now.getTime()) return null;
  return flow as DiscordFlow;
}

/** Who signed in on Discord. */
export interface DiscordIdentity {
  id: string;
  /** The unique Discord username (lower case). */
  username: string;
  /** The display name, when the member set one. */
  globalName: string | null;
}

/** Why Discord did not give us a member: the code was refused, not a member, or an error. */
export class DiscordRefused extends Error {
  constructor(readonly reason: 'code' | 'member' | 'error') {
    super(`Discord sign-in refused: ${reason}`);
    this.name = 'DiscordRefused';
  }
}

async function discordGet(env: DiscordSettings, path: string, accessToken: string): Promise<Response> {
  try {
    return await fetch(`${env.DISCORD_API_BASE}${path}`, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(DISCORD_CALL_TIMEOUT_MS),
    });
  } catch {
    throw new DiscordRefused('error');
  }
}

function identityOf(body: unknown): DiscordIdentity {
  const user = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const { id, username } = user;
  if (typeof id !== 'string' || !/^\d{1,25}$/.test(id) || typeof username !== 'string' || username.trim() === '') {
    throw new DiscordRefused('error');
  }
  const globalName = typeof user.global_name === 'string' && user.global_name.trim() ? user.global_name.trim() : null;
  return { id, username: username.trim().toLowerCase(), globalName };
}

/**
 * Exchanges the code (with the flow's verifier and the client secret), reads the user and, when
 * DISCORD_GUILD_ID is set, their membership of that server. Throws DiscordRefused.
 */
export async function discordIdentityFor(
  env: DiscordSettings,
  origin: string,
  code: string,
  verifier: string,
): Promise<DiscordIdentity> {
  let accessToken: string;
  try {
    const tokens = await clientFor(env, origin).validateAuthorizationCode(
      `${env.DISCORD_API_BASE}/oauth2/token`,
      code,
      verifier,
    );
    accessToken = tokens.accessToken();
  } catch (error) {
    if (error instanceof OAuth2RequestError) throw new DiscordRefused('code');
    if (error instanceof ArcticFetchError) throw new DiscordRefused('error');
    throw new DiscordRefused('error');
  }
  const me = await discordGet(env, '/users/@me', accessToken);
  if (!me.ok) throw new DiscordRefused('error');
  const identity = identityOf(await me.json().catch(() => null));
  if (env.DISCORD_GUILD_ID) {
    const member = await discordGet(env, `/users/@me/guilds/${env.DISCORD_GUILD_ID}/member`, accessToken);
    // Discord answers 404 (Unknown Guild / Unknown Member) to someone not on the server.
    if (member.status === 404 || member.status === 403) throw new DiscordRefused('member');
    if (!member.ok) throw new DiscordRefused('error');
  }
  return identity;
}
