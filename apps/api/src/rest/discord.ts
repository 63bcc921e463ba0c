/**
 * Sign in with Discord over HTTP (docs/sign-in.md#calls): GET /api/auth/discord starts the flow
 * (302 to Discord with a state and an S256 code challenge, both kept in a short-lived signed
 * HttpOnly cookie), GET /api/auth/discord/callback finishes it (302 to `returnTo`, or to /login
 * with a refusal key), and the profile's calls to claim the Discord name and to unlink.
 */
import { DISCORD_NAME_TAKEN, safeReturnPath, type DiscordRefusal } from '@rideshare/domain';
import type { FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { z } from 'zod';

import {
  DISCORD_FLOW_COOKIE,
  DISCORD_FLOW_COOKIE_PATH,
  DISCORD_FLOW_MAX_AGE_SECONDS,
  discordEnabled,
  discordIdentityFor,
  DiscordRefused,
  openDiscordFlow,
  sealDiscordFlow,
  startDiscordFlow,
} from '../auth/discord-oauth';
import { sessionCookieSecure } from '../plugins/session';
import { DiscordLinkRefused, linkDiscord, signInWithDiscord } from '../services/discord-account-service';
import { createContextFromRequest, type ContextInner, type HttpContextDeps } from '../trpc/context';
import { route, type RouteDeps } from './table';

const startInput = z.object({
  returnTo: z.string().optional().meta({ description: 'A same-site path to land on afterwards (anything else: `/`).' }),
  intent: z.enum(['link']).optional().meta({ description: '`link`: link Discord to the signed-in account.' }),
});

const callbackInput = z.object({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional().meta({ description: 'What Discord says when the member declined.' }),
});

function queryOf(request: FastifyRequest): Record<string, unknown> {
  return (request.query ?? {}) as Record<string, unknown>;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/**
 * Where a refusal lands: the login page, with a key it maps to a fixed sentence; a member who is
 * signed in (a link that failed) is on the profile, which says it the same way.
 */
function refusalPath(reason: DiscordRefusal, signedIn = false): string {
  return `${signedIn ? '/profile' : '/login'}?discord=${reason}`;
}

/** What both halves of the flow share: the settings, the flow cookie's options, the clock. */
function flowOf(deps: HttpContextDeps) {
  const { env } = deps;
  const secure = sessionCookieSecure(env);
  const cookieOptions = { path: DISCORD_FLOW_COOKIE_PATH, httpOnly: true, sameSite: 'lax' as const, secure };
  const now = () => (deps.now ?? (() => new Date()))();
  return { env, cookieOptions, now };
}

function redirect(reply: FastifyReply, path: string) {
  void reply.header('cache-control', 'no-store');
  return reply.redirect(path, 302);
}

/** GET /api/auth/discord: 302 to Discord, the flow kept in its cookie. */
function startHandler({ http: deps }: RouteDeps): RouteHandlerMethod {
  const { env, cookieOptions, now } = flowOf(deps);
  return async (request, reply) => {
    if (!discordEnabled(env)) return reply.code(404).send({ error: 'Sign in with Discord is not configured' });
    const query = queryOf(request);
    const link = text(query.intent) === 'link';
    const ctx: ContextInner = await createContextFromRequest(deps, { req: request });
    if (link && !ctx.user) return redirect(reply, refusalPath('signin'));
    const returnTo = safeReturnPath(text(query.returnTo), link ? '/profile' : '/');
    const { flow, url } = startDiscordFlow(env, ctx.origin, {
      returnTo,
      linkUserId: link ? (ctx.user?.id ?? null) : null,
      now: now(),
    });
    void reply.setCookie(DISCORD_FLOW_COOKIE, sealDiscordFlow(env.SESSION_SECRETS, flow), {
      ...cookieOptions,
      maxAge: DISCORD_FLOW_MAX_AGE_SECONDS,
    });
    return redirect(reply, url.toString());
  };
}

/** GET /api/auth/discord/callback: signs in (or links) and 302s on. */
function callbackHandler({ http: deps }: RouteDeps): RouteHandlerMethod {
  const { env, cookieOptions, now } = flowOf(deps);
  return async (request, reply) => {
    if (!discordEnabled(env)) return reply.code(404).send({ error: 'Sign in with Discord is not configured' });
    const query = queryOf(request);
    const flow = openDiscordFlow(env.SESSION_SECRETS, request.cookies[DISCORD_FLOW_COOKIE], now());
    // The flow is used once, whatever happens next.
    void reply.clearCookie(DISCORD_FLOW_COOKIE, cookieOptions);
    const ctx = await createContextFromRequest(deps, { req: request });
    const refuse = (reason: DiscordRefusal) => redirect(reply, refusalPath(reason, ctx.user !== null));
    const state = text(query.state);
    if (!flow || !state || state !== flow.state) return refuse('state');
    if (text(query.error)) return refuse('denied');
    const code = text(query.code);
    if (!code) return refuse('code');

    let identity;
    try {
      identity = await discordIdentityFor(env, ctx.origin, code, flow.verifier);
    } catch (error) {
      if (error instanceof DiscordRefused) {
        request.log.info({ reason: error.reason }, 'discord sign-in refused');
        return refuse(error.reason);
      }
      throw error;
    }

    if (flow.linkUserId !== null) {
      // Linking belongs to the member who started it, still signed in.
      if (!ctx.user || ctx.user.id !== flow.linkUserId) return refuse('signin');
      try {
        const outcome = await linkDiscord(deps.db, ctx.user.id, identity);
        return redirect(
          reply,
          outcome === 'linked' ? '/profile?discord=linked' : `/profile?discord=${DISCORD_NAME_TAKEN}`,
        );
      } catch (error) {
        if (error instanceof DiscordLinkRefused) return refuse(error.reason);
        throw error;
      }
    }

    const signedIn = await signInWithDiscord(deps.db, identity);
    if (!ctx.session) return refuse('error');
    // A new session id, as a password sign-in gets (no id from before signing in lives on).
    await ctx.session.signIn(signedIn.userId);
    if (signedIn.outcome === 'name-taken') return redirect(reply, `/profile?discord=${DISCORD_NAME_TAKEN}`);
    if (signedIn.outcome === 'new') return redirect(reply, '/profile?discord=welcome');
    return redirect(reply, flow.returnTo);
  };
}

export const discordRoutes = [
  route({
    method: 'GET',
    path: '/api/auth/discord',
    summary: 'Start signing in (or, with `intent=link`, linking) with Discord: 302 to Discord',
    status: 302,
    inputSchema: startInput,
    responses: { 404: 'Sign in with Discord is not configured on this server.' },
    handle: startHandler,
  }),
  route({
    method: 'GET',
    path: '/api/auth/discord/callback',
    summary:
      'Where Discord sends the member back: signs in (a new session) and 302s to `returnTo`, or to /login saying why not',
    status: 302,
    inputSchema: callbackInput,
    responses: { 404: 'Sign in with Discord is not configured on this server.' },
    handle: callbackHandler,
  }),
  route({
    method: 'POST',
    path: '/api/auth/discord/claim',
    procedure: 'auth.claimDiscordName',
    summary: 'Claim your verified Discord name from the unverified account holding it',
    responses: { 409: 'Discord is not linked, the name is yours already, or a verified member holds it.' },
  }),
  route({
    method: 'POST',
    path: '/api/auth/discord/unlink',
    procedure: 'auth.unlinkDiscord',
    summary: 'Unlink Discord from your account (needs a password set)',
    responses: { 409: 'Discord is not linked, or the account has no password to sign in with.' },
  }),
];
