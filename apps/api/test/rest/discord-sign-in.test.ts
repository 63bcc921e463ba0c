import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createUser } from '../factories';
import { createTestApp, loginAs, useTestApp } from '../helpers/app';
import {
  beginDiscord,
  COMMUNITY_GUILD,
  FAKE_CLIENT,
  finishDiscord,
  meWith,
  runDiscord,
  setCookies,
} from '../helpers/discord-flow';
import { startFakeDiscord, type FakeDiscord } from '../helpers/fake-discord-oauth';

let fake: FakeDiscord;
beforeAll(async () => {
  fake = await startFakeDiscord(FAKE_CLIENT);
});
afterAll(async () => {
  await fake.close();
});

const t = useTestApp({ build: (db) => createTestApp(db, { ...fake.env, DISCORD_GUILD_ID: COMMUNITY_GUILD }) });

const member = (id: string, username: string, globalName: string | null = null) => ({
  id,
  username,
  globalName,
  guilds: [COMMUNITY_GUILD],
});

async function userCount(): Promise<number> {
  const row = await t.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('GET /api/auth/discord', () => {
  it('redirects to the authorize URL with the client, redirect URI, scopes, a state and an S256 challenge', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/discord?returnTo=/rides' });
    expect(start.statusCode).toBe(302);
    const url = new URL(String(start.headers.location));
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.url}/oauth2/authorize`);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('client_id')).toBe(FAKE_CLIENT.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:80/api/auth/discord/callback');
    expect(url.searchParams.get('scope')).toBe('identify guilds.members.read');
    expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const line = ([] as string[])
      .concat(start.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('rideshare.discord='));
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Lax/i);
    expect(line).toMatch(/Path=\/api\/auth\/discord/);
    // Neither the state nor the verifier can be read from the cookie without the signature failing.
    expect(line).not.toContain(url.searchParams.get('state') ?? '-');
  });
});

describe('GET /api/auth/discord/callback', () => {
  it('signs a new member in with a new account (name from global_name), verified, and sends them to the profile', async () => {
    const run = await runDiscord(t.app, fake, member('1001', 'newbie', 'New Bie'));
    expect(run.location).toBe('/profile?discord=welcome');
    expect(run.session).not.toBeNull();
    const me = await meWith(t.app, run.session);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      discordUsername: 'newbie',
      name: 'New Bie',
      discordVerified: true,
      discordLinked: true,
      hasPassword: false,
    });
    const row = await t.db
      .selectFrom('users')
      .select(['discordId', 'passwordHash'])
      .where('discordUsername', '=', 'newbie')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ discordId: '1001', passwordHash: null });
    // No password works for an account made by Discord.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { discordUsername: 'newbie', password: 'anything-at-all' },
    });
    expect(login.statusCode).toBe(401);
  });

  it('signs a returning member into the same account, with a new session id, and honours a same-site returnTo', async () => {
    const first = await runDiscord(t.app, fake, member('1002', 'regular'));
    const firstMe = await meWith(t.app, first.session);
    const before = await userCount();
    const again = await runDiscord(t.app, fake, member('1002', 'regular'), {
      cookie: first.session ?? '',
      query: 'returnTo=%2Frides%2F5%3Ftab%3Dchat',
    });
    expect(again.location).toBe('/rides/5?tab=chat');
    expect(await userCount()).toBe(before);
    expect(again.session).not.toBeNull();
    expect(again.session).not.toBe(first.session);
    expect((await meWith(t.app, again.session)).json<{ id: number }>().id).toBe(firstMe.json<{ id: number }>().id);
    // The session id from before signing in is gone.
    expect((await meWith(t.app, first.session)).statusCode).toBe(401);
  });

  it('sends an off-site returnTo to / instead', async () => {
    await runDiscord(t.app, fake, member('1003', 'wanderer'));
    for (const returnTo of ['https://evil.example/x', '//evil.example/x', '/\\evil.example']) {
      const run = await runDiscord(t.app, fake, member('1003', 'wanderer'), {
        query: `returnTo=${encodeURIComponent(returnTo)}`,
      });
      expect(run.location).toBe('/');
      expect(run.session).not.toBeNull();
    }
  });

  it('refuses a Discord account that is not on the community server: nobody signed in, no account made', async () => {
    const before = await userCount();
    const run = await runDiscord(t.app, fake, { id: '1004', username: 'outsider', guilds: ['999'] });
    expect(run.location).toBe('/login?discord=member');
    expect(run.session).toBeNull();
    expect(await userCount()).toBe(before);
  });

  it('refuses a forged or missing state before any code is exchanged', async () => {
    const outcomes = fake.tokenOutcomes.length;
    const begun = await beginDiscord(t.app, fake, member('1005', 'forger'));
    const forged = begun.callbackUrl.replace(/state=[^&]+/, 'state=forged-state-value');
    const wrongState = await finishDiscord(t.app, forged, [begun.flowCookie]);
    expect(wrongState.location).toBe('/login?discord=state');
    expect(wrongState.session).toBeNull();
    // The flow cookie is cleared: even the right state does not work after a wrong one.
    expect(setCookies(wrongState.callback).get('rideshare.discord')).toBe('rideshare.discord=');
    const noCookie = await finishDiscord(t.app, begun.callbackUrl, []);
    expect(noCookie.location).toBe('/login?discord=state');
    const tampered = await finishDiscord(t.app, begun.callbackUrl, [`${begun.flowCookie}x`]);
    expect(tampered.location).toBe('/login?discord=state');
    expect(fake.tokenOutcomes.length).toBe(outcomes);
  });

  it('refuses a replayed code: Discord rejects it and nobody is signed in', async () => {
    const begun = await beginDiscord(t.app, fake, member('1006', 'replayer'));
    const first = await finishDiscord(t.app, begun.callbackUrl, [begun.flowCookie]);
    expect(first.session).not.toBeNull();
    const replay = await finishDiscord(t.app, begun.callbackUrl, [begun.flowCookie]);
    expect(replay.location).toBe('/login?discord=code');
    expect(replay.session).toBeNull();
    expect(fake.tokenOutcomes.at(-1)).toBe('invalid_grant');
  });

  it('never enters a password account that holds the Discord name: the member gets their own account', async () => {
    const holder = await createUser(t.db, { discordUsername: 'alice' });
    const run = await runDiscord(t.app, fake, member('1007', 'alice', 'Alice'));
    expect(run.location).toBe('/profile?discord=name-taken');
    const me = (await meWith(t.app, run.session)).json<{ id: number; discordUsername: string }>();
    expect(me.id).not.toBe(holder.id);
    expect(me).toMatchObject({ discordUsername: 'alice-discord', discordVerified: false, discordName: 'alice' });
    const holderRow = await t.db
      .selectFrom('users')
      .select(['discordUsername', 'discordId', 'discordVerified'])
      .where('id', '=', holder.id)
      .executeTakeFirstOrThrow();
    expect(holderRow).toEqual({ discordUsername: 'alice', discordId: null, discordVerified: false });
    // The holder still signs in with the password.
    await loginAs(t.app, holder);
  });

  it('lands a Discord error (the member declined) on /login', async () => {
    fake.signInAs(null as never);
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/discord' });
    const flowCookie = setCookies(start).get('rideshare.discord') ?? '';
    const answer = await fetch(String(start.headers.location), { redirect: 'manual' });
    const back = new URL(answer.headers.get('location') ?? '');
    const done = await finishDiscord(t.app, `${back.pathname}${back.search}`, [flowCookie]);
    expect(done.location).toBe('/login?discord=denied');
    expect(done.session).toBeNull();
  });
});

describe('PASSWORD_SIGNUP=false and look-alikes', () => {
  it('refuses password sign-up with 403 and a sentence, and keeps password sign-in', async () => {
    const app = await createTestApp(t.db, { ...fake.env, PASSWORD_SIGNUP: 'false' });
    try {
      const user = await createUser(t.db);
      const response = await app.inject({
        method: 'POST',
        url: '/api/register',
        payload: { discordUsername: 'closed_door', password: 'supersecret1', isVendor: false },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json<{ error: string }>().error).toMatch(/turned off.*Discord/);
      await loginAs(app, user);
      const config = await app.inject({ method: 'GET', url: '/api/config' });
      expect(config.json()).toMatchObject({ discordSignIn: true, passwordSignup: false });
    } finally {
      await app.close();
    }
  });

  it('refuses a username confusable with an existing one at sign-up', async () => {
    await createUser(t.db, { discordUsername: 'mike' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { discordUsername: 'rnike', password: 'supersecret1', isVendor: false },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json<{ error: string }>().error).toMatch(/looks like the name of an existing account/);
    const fine = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { discordUsername: 'mikel_tan', password: 'supersecret1', isVendor: false },
    });
    expect(fine.statusCode).toBe(201);
  });
});
