import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createRide, createUser } from '../factories';
import { createTestApp, loginAs, useTestApp } from '../helpers/app';
import { COMMUNITY_GUILD, FAKE_CLIENT, meWith, runDiscord } from '../helpers/discord-flow';
import { startFakeDiscord, type FakeDiscord } from '../helpers/fake-discord-oauth';

let fake: FakeDiscord;
beforeAll(async () => {
  fake = await startFakeDiscord(FAKE_CLIENT);
});
afterAll(async () => {
  await fake.close();
});

const t = useTestApp({ build: (db) => createTestApp(db, { ...fake.env, DISCORD_GUILD_ID: COMMUNITY_GUILD }) });

const member = (id: string, username: string) => ({ id, username, globalName: null, guilds: [COMMUNITY_GUILD] });

async function post(url: string, cookie: string) {
  return t.app.inject({ method: 'POST', url, headers: { cookie }, payload: {} });
}

async function rowOf(id: number) {
  return t.db
    .selectFrom('users')
    .select(['discordUsername', 'discordId', 'discordVerified'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('linking Discord to a password account (intent=link)', () => {
  it('links the signed-in account, verifies it, and then signs in either way', async () => {
    const bob = await createUser(t.db, { discordUsername: 'bob' });
    const cookie = await loginAs(t.app, bob);
    const link = await runDiscord(t.app, fake, member('2001', 'bob'), { cookie, query: 'intent=link' });
    expect(link.location).toBe('/profile?discord=linked');
    expect(await rowOf(bob.id)).toEqual({ discordUsername: 'bob', discordId: '2001', discordVerified: true });
    expect((await meWith(t.app, cookie)).json()).toMatchObject({ discordVerified: true, hasPassword: true });

    const viaDiscord = await runDiscord(t.app, fake, member('2001', 'bob'), { query: 'returnTo=/my-rides' });
    expect(viaDiscord.location).toBe('/my-rides');
    expect((await meWith(t.app, viaDiscord.session)).json<{ id: number }>().id).toBe(bob.id);
    await loginAs(t.app, bob);
  });

  it('takes the Discord name when it is free, so the name shown is the verified one', async () => {
    const carol = await createUser(t.db, { discordUsername: 'carol_old' });
    const cookie = await loginAs(t.app, carol);
    const link = await runDiscord(t.app, fake, member('2002', 'carol'), { cookie, query: 'intent=link' });
    expect(link.location).toBe('/profile?discord=linked');
    expect(await rowOf(carol.id)).toEqual({ discordUsername: 'carol', discordId: '2002', discordVerified: true });
  });

  it('refuses to link without a session, and a Discord account linked to someone else', async () => {
    const signedOut = await t.app.inject({ method: 'GET', url: '/api/auth/discord?intent=link' });
    expect(signedOut.headers.location).toBe('/login?discord=signin');

    const dan = await createUser(t.db, { discordUsername: 'dan' });
    await runDiscord(t.app, fake, member('2003', 'dan_discord'));
    const cookie = await loginAs(t.app, dan);
    const link = await runDiscord(t.app, fake, member('2003', 'dan_discord'), { cookie, query: 'intent=link' });
    expect(link.location).toBe('/profile?discord=in-use');
    expect(await rowOf(dan.id)).toEqual({ discordUsername: 'dan', discordId: null, discordVerified: false });
  });

  it('unlinks only when a password is set', async () => {
    const erin = await createUser(t.db, { discordUsername: 'erin' });
    const cookie = await loginAs(t.app, erin);
    await runDiscord(t.app, fake, member('2004', 'erin'), { cookie, query: 'intent=link' });
    const unlinked = await post('/api/auth/discord/unlink', cookie);
    expect(unlinked.statusCode).toBe(200);
    expect(unlinked.json()).toMatchObject({ discordLinked: false, discordVerified: false });

    const discordOnly = await runDiscord(t.app, fake, member('2005', 'frank'));
    const refused = await post('/api/auth/discord/unlink', discordOnly.session ?? '');
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: string }>().error).toMatch(/Set a password before unlinking Discord/);
  });
});

describe('claiming the Discord name (POST /api/auth/discord/claim)', () => {
  it('renames the unverified holder, tells them and the administrators, and gives the owner the name', async () => {
    const admin = await createUser(t.db, { discordUsername: 'the_admin', isAdmin: true });
    const holder = await createUser(t.db, { discordUsername: 'grace' });
    const owner = await runDiscord(t.app, fake, member('3001', 'grace'));
    expect(owner.location).toBe('/profile?discord=name-taken');
    const ownerId = (await meWith(t.app, owner.session)).json<{ id: number }>().id;

    const claim = await post('/api/auth/discord/claim', owner.session ?? '');
    expect(claim.statusCode).toBe(200);
    expect(claim.json()).toMatchObject({
      id: ownerId,
      discordUsername: 'grace',
      discordVerified: true,
      discordName: null,
    });

    const renamed = `grace-unverified-${String(holder.id)}`;
    expect(await rowOf(holder.id)).toEqual({ discordUsername: renamed, discordId: null, discordVerified: false });
    // The holder keeps the account and its password under the new name.
    await loginAs(t.app, { discordUsername: renamed, password: holder.password });
    const notices = await t.db.selectFrom('notifications').select(['userId', 'kind', 'detail']).orderBy('id').execute();
    expect(notices).toEqual([
      { userId: holder.id, kind: 'discord_name_claimed', detail: renamed },
      { userId: admin.id, kind: 'discord_name_claim', detail: `grace · ${renamed}` },
    ]);
    const users = await t.db.selectFrom('users').select('id').execute();
    expect(users).toHaveLength(3);
  });

  it('refuses a claim from an account that is not linked, or already carries its name', async () => {
    const plain = await createUser(t.db, { discordUsername: 'henry' });
    const cookie = await loginAs(t.app, plain);
    expect((await post('/api/auth/discord/claim', cookie)).statusCode).toBe(409);
    const verified = await runDiscord(t.app, fake, member('3002', 'ivy'));
    const again = await post('/api/auth/discord/claim', verified.session ?? '');
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: string }>().error).toMatch(/already carries your verified Discord name/);
  });

  it('refuses to claim a name from a verified member', async () => {
    const jack = await createUser(t.db, { discordUsername: 'jack' });
    const jackCookie = await loginAs(t.app, jack);
    // A stand-in account for one Discord member, then the name is verified by another.
    const standIn = await runDiscord(t.app, fake, member('3003', 'jack'));
    await runDiscord(t.app, fake, member('3004', 'jack'), { cookie: jackCookie, query: 'intent=link' });
    const claim = await post('/api/auth/discord/claim', standIn.session ?? '');
    expect(claim.statusCode).toBe(409);
    expect(claim.json<{ error: string }>().error).toMatch(/belongs to a verified Discord member/);
    expect(await rowOf(jack.id)).toMatchObject({ discordUsername: 'jack', discordVerified: true });
  });
});

describe('the verified mark on names others see', () => {
  it('is carried by the ride organiser and the passengers list', async () => {
    const organiser = await runDiscord(t.app, fake, member('4001', 'kate'));
    const kate = (await meWith(t.app, organiser.session)).json<{ id: number }>();
    const rideId = (await createRide(t.db, kate)).id;
    const viewer = await createUser(t.db);
    const cookie = await loginAs(t.app, viewer);
    const detail = await t.app.inject({ method: 'GET', url: `/api/rides/${String(rideId)}`, headers: { cookie } });
    expect(detail.json()).toMatchObject({ creator: { discordUsername: 'kate', discordVerified: true } });
    const passengers = await t.app.inject({
      method: 'GET',
      url: `/api/rides/${String(rideId)}/passengers`,
      headers: { cookie: organiser.session ?? '' },
    });
    expect(passengers.statusCode).toBe(200);
    const entries = passengers.json<{ user: { discordUsername: string; discordVerified: boolean } }[]>();
    expect(entries.map((entry) => entry.user)).toContainEqual(
      expect.objectContaining({ discordUsername: 'kate', discordVerified: true }),
    );
  });

  it('is on the ride cards of the list, and off for an organiser who never proved their name', async () => {
    const organiser = await runDiscord(t.app, fake, member('4002', 'lena'));
    const lena = (await meWith(t.app, organiser.session)).json<{ id: number }>();
    const verifiedRide = (await createRide(t.db, lena)).id;
    const plain = await createUser(t.db, { discordUsername: 'mona' });
    const plainRide = (await createRide(t.db, plain)).id;
    const list = await t.app.inject({ method: 'GET', url: '/api/rides' });
    expect(list.statusCode).toBe(200);
    const cards = list.json<{ id: number; creatorVerified: boolean }[]>();
    expect(cards.find((card) => card.id === verifiedRide)?.creatorVerified).toBe(true);
    expect(cards.find((card) => card.id === plainRide)?.creatorVerified).toBe(false);
  });
});
