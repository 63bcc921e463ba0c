/**
 * Drives Sign in with Discord against an app and the fake Discord (helpers/fake-discord-oauth.ts) the way
 * a browser does: start, follow the authorize redirect, come back to the callback with the cookies.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

import type { FakeDiscord, FakeDiscordMember } from './fake-discord-oauth';

export const FAKE_CLIENT = { clientId: 'rideshare-test-client', clientSecret: 'rideshare-test-secret' };
export const COMMUNITY_GUILD = '424242424242';

/** The cookies an answer sets, as `name=value` by name. */
export function setCookies(response: Pick<LightMyRequestResponse, 'headers'>): Map<string, string> {
  const header = response.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  return new Map(
    all.map((line) => {
      const pair = line.split(';')[0] ?? '';
      return [pair.slice(0, pair.indexOf('=')), pair];
    }),
  );
}

export interface DiscordRun {
  /** The start's answer (302 to Discord). */
  start: LightMyRequestResponse;
  /** The flow cookie (`rideshare.discord=…`) the start set. */
  flowCookie: string;
  /** The callback path and query Discord sent the browser back to. */
  callbackUrl: string;
  /** The callback's answer. */
  callback: LightMyRequestResponse;
  /** Where the callback sent the browser. */
  location: string;
  /** The session cookie the callback set, if any. */
  session: string | null;
}

/** Starts the flow (with the browser's session cookie, if any) and follows Discord's redirect back. */
export async function beginDiscord(
  app: FastifyInstance,
  fake: FakeDiscord,
  member: FakeDiscordMember | null,
  opts: { cookie?: string; query?: string } = {},
): Promise<Omit<DiscordRun, 'callback' | 'location' | 'session'>> {
  if (member) fake.signInAs(member);
  const start = await app.inject({
    method: 'GET',
    url: `/api/auth/discord${opts.query ? `?${opts.query}` : ''}`,
    headers: opts.cookie ? { cookie: opts.cookie } : {},
  });
  expect(start.statusCode).toBe(302);
  const flowCookie = setCookies(start).get('rideshare.discord') ?? '';
  const authorize = String(start.headers.location);
  expect(authorize.startsWith(fake.url)).toBe(true);
  const answer = await fetch(authorize, { redirect: 'manual' });
  expect(answer.status).toBe(302);
  const back = new URL(answer.headers.get('location') ?? '');
  return { start, flowCookie, callbackUrl: `${back.pathname}${back.search}` };
}

/** Calls the callback with the given cookies. */
export async function finishDiscord(
  app: FastifyInstance,
  callbackUrl: string,
  cookies: (string | null | undefined)[],
): Promise<{ callback: LightMyRequestResponse; location: string; session: string | null }> {
  const cookie = cookies.filter(Boolean).join('; ');
  const callback = await app.inject({ method: 'GET', url: callbackUrl, headers: cookie ? { cookie } : {} });
  expect(callback.statusCode).toBe(302);
  const session = [...setCookies(callback).entries()].find(([name]) => name.endsWith('rideshare.sid'))?.[1] ?? null;
  return { callback, location: String(callback.headers.location), session };
}

/** The whole flow in one go. */
export async function runDiscord(
  app: FastifyInstance,
  fake: FakeDiscord,
  member: FakeDiscordMember | null,
  opts: { cookie?: string; query?: string } = {},
): Promise<DiscordRun> {
  const begun = await beginDiscord(app, fake, member, opts);
  const done = await finishDiscord(app, begun.callbackUrl, [begun.flowCookie, opts.cookie]);
  return { ...begun, ...done };
}

/** `GET /api/auth/me` with a session cookie. */
export async function meWith(app: FastifyInstance, cookie: string | null): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url: '/api/auth/me', headers: cookie ? { cookie } : {} });
}
