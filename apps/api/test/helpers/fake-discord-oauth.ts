/**
 * A fake Discord for tests (no test reaches the internet): a small Fastify app on 127.0.0.1 at a
 * random port answering what Sign in with Discord calls (docs/sign-in.md#calls):
 *
 * - `GET /oauth2/authorize`: approves at once as the member set with `signInAs` (or `POST
 *   /_fake/member`), remembering the code challenge, and redirects back with a code and the state;
 * - `POST /api/oauth2/token`: checks the client id and secret, the redirect URI and the PKCE verifier
 *   against the S256 challenge; a code works once;
 * - `GET /api/users/@me` and `GET /api/users/@me/guilds/{id}/member` for the token's member.
 *
 * The API's settings point at it: `DISCORD_API_BASE={url}/api`, `DISCORD_AUTHORIZE_URL={url}/oauth2/authorize`.
 */
import { createHash, randomBytes } from 'node:crypto';

import Fastify, { type FastifyInstance } from 'fastify';

export interface FakeDiscordMember {
  id: string;
  username: string;
  globalName?: string | null;
  /** The servers (guild ids) the member is on. */
  guilds?: string[];
}

export interface FakeDiscordOptions {
  clientId: string;
  clientSecret: string;
}

interface IssuedCode {
  member: FakeDiscordMember;
  challenge: string;
  redirectUri: string;
  used: boolean;
}

export interface FakeDiscord {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** The settings that point the API at this fake. */
  readonly env: Record<string, string>;
  /** Who approves the next authorize request. */
  signInAs(member: FakeDiscordMember): void;
  /** Every token request's outcome, in order ('ok' or the refusal). */
  readonly tokenOutcomes: string[];
  close(): Promise<void>;
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

function basicCredentials(header: string | undefined): { id: string; secret: string } | null {
  if (!header?.startsWith('Basic ')) return null;
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

function buildFake(options: FakeDiscordOptions, state: { member: FakeDiscordMember | null; outcomes: string[] }) {
  const app: FastifyInstance = Fastify({ logger: false });
  const codes = new Map<string, IssuedCode>();
  const tokens = new Map<string, FakeDiscordMember>();

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.post('/_fake/member', async (request) => {
    state.member = request.body as FakeDiscordMember;
    return { ok: true };
  });

  app.get('/oauth2/authorize', async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    const redirectUri = query.redirect_uri ?? '';
    if (
      query.response_type !== 'code' ||
      query.client_id !== options.clientId ||
      !redirectUri ||
      !query.state ||
      query.code_challenge_method !== 'S256' ||
      !query.code_challenge ||
      !query.scope
    ) {
      return reply.code(400).send({ error: 'invalid_request' });
    }
    const target = new URL(redirectUri);
    if (!state.member) {
      target.searchParams.set('error', 'access_denied');
    } else {
      const code = randomBytes(12).toString('hex');
      codes.set(code, { member: state.member, challenge: query.code_challenge, redirectUri, used: false });
      target.searchParams.set('code', code);
    }
    target.searchParams.set('state', query.state);
    return reply.redirect(target.toString(), 302);
  });

  app.post('/api/oauth2/token', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, string | undefined>;
    const refuse = (status: number, error: string) => {
      state.outcomes.push(error);
      return reply.code(status).send({ error });
    };
    const client = basicCredentials(request.headers.authorization) ?? {
      id: body.client_id ?? '',
      secret: body.client_secret ?? '',
    };
    if (client.id !== options.clientId || client.secret !== options.clientSecret) {
      return refuse(401, 'invalid_client');
    }
    if (body.grant_type !== 'authorization_code') return refuse(400, 'unsupported_grant_type');
    const issued = body.code ? codes.get(body.code) : undefined;
    if (!issued || issued.used) return refuse(400, 'invalid_grant');
    issued.used = true;
    if (body.redirect_uri !== issued.redirectUri) return refuse(400, 'invalid_grant');
    if (!body.code_verifier || s256(body.code_verifier) !== issued.challenge) return refuse(400, 'invalid_grant');
    const token = randomBytes(16).toString('hex');
    tokens.set(token, issued.member);
    state.outcomes.push('ok');
    return { access_token: token, token_type: 'Bearer', expires_in: 604800, scope: 'identify' };
  });

  const memberOf = (authorization: string | undefined) =>
    authorization?.startsWith('Bearer ') ? tokens.get(authorization.slice(7)) : undefined;

  app.get('/api/users/@me', async (request, reply) => {
    const member = memberOf(request.headers.authorization);
    if (!member) return reply.code(401).send({ message: '401: Unauthorized', code: 0 });
    return { id: member.id, username: member.username, global_name: member.globalName ?? null, discriminator: '0' };
  });

  app.get<{ Params: { guildId: string } }>('/api/users/@me/guilds/:guildId/member', async (request, reply) => {
    const member = memberOf(request.headers.authorization);
    if (!member) return reply.code(401).send({ message: '401: Unauthorized', code: 0 });
    if (!(member.guilds ?? []).includes(request.params.guildId)) {
      return reply.code(404).send({ message: 'Unknown Guild', code: 10004 });
    }
    return { user: { id: member.id, username: member.username }, roles: [], joined_at: '2026-01-01T00:00:00Z' };
  });
  return app;
}

/** Starts a fake Discord on a random loopback port. */
export async function startFakeDiscord(options: FakeDiscordOptions): Promise<FakeDiscord> {
  const state: { member: FakeDiscordMember | null; outcomes: string[] } = { member: null, outcomes: [] };
  const app = buildFake(options, state);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${String(port)}`;
  return {
    url,
    env: {
      DISCORD_CLIENT_ID: options.clientId,
      DISCORD_CLIENT_SECRET: options.clientSecret,
      DISCORD_API_BASE: `${url}/api`,
      DISCORD_AUTHORIZE_URL: `${url}/oauth2/authorize`,
    },
    signInAs(member) {
      state.member = member;
    },
    tokenOutcomes: state.outcomes,
    close: () => app.close(),
  };
}
