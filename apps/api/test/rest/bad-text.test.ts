import { DISCORD_USERNAME_RULE, unsafeTextMessage } from '@rideshare/domain';
import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';

import { createRide, createUser, DEFAULT_PASSWORD, type TestUser } from '../factories';
import { loginAs, useTestApp } from '../helpers/app';

const t = useTestApp();

let alice: TestUser;
let aliceCookie: string;
beforeEach(async () => {
  alice = await createUser(t.db, { discordUsername: 'alice', name: 'Alice' });
  aliceCookie = await loginAs(t.app, alice);
});

const NUL = '\u0000';
const RLO = '\u202E';
const DAY = 86_400_000;

type RestError = { error: string; fieldErrors?: Record<string, string[]> };
type TrpcError = {
  error: {
    message: string;
    data: { code: string; httpStatus: number; domainCode: string | null; fieldErrors: Record<string, string[]> | null };
  };
};

const post = (url: string, payload: Record<string, unknown>, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });

/** The same input through the documented REST path and through tRPC. */
async function bothDoors(restUrl: string, procedure: string, payload: Record<string, unknown>, cookie?: string) {
  return { rest: await post(restUrl, payload, cookie), trpc: await post(`/trpc/${procedure}`, payload, cookie) };
}

/** Asserts a 400 naming `field` with `message` on both doors. */
function expectFieldRefusal(
  { rest, trpc }: { rest: LightMyRequestResponse; trpc: LightMyRequestResponse },
  field: string,
  message: string,
) {
  expect(rest.statusCode).toBe(400);
  expect(rest.json<RestError>().error).toBe(message);
  expect(rest.json<RestError>().fieldErrors?.[field]).toEqual([message]);
  expect(trpc.statusCode).toBe(400);
  const { error } = trpc.json<TrpcError>();
  expect(error.message).toBe(message);
  expect(error.data).toMatchObject({ code: 'BAD_REQUEST', domainCode: 'VALIDATION_FAILED' });
  expect(error.data.fieldErrors?.[field]).toEqual([message]);
}

const usernames = async () =>
  (await t.db.selectFrom('users').select('discordUsername').orderBy('id').execute()).map((u) => u.discordUsername);

describe('control and text-direction characters', () => {
  it('a NUL in a name answers 400 naming the field (not 500), and writes nothing', async () => {
    expectFieldRefusal(
      await bothDoors('/api/register', 'auth.register', {
        discordUsername: 'bob',
        password: 'secret123',
        name: `Bob${NUL}`,
      }),
      'name',
      unsafeTextMessage('Name'),
    );
    expect(await usernames()).toEqual(['alice']);

    const profile = { id: alice.id, name: `Alice${NUL}Tan` };
    const rest = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${String(alice.id)}`,
      headers: { cookie: aliceCookie },
      payload: { name: profile.name },
    });
    const trpc = await post('/trpc/user.update', profile, aliceCookie);
    expectFieldRefusal({ rest, trpc }, 'name', unsafeTextMessage('Name'));
    const row = await t.db.selectFrom('users').select('name').where('id', '=', alice.id).executeTakeFirstOrThrow();
    expect(row.name).toBe('Alice');
  });

  it('a text-direction override in a ride location is refused; line breaks in the location box are kept', async () => {
    const ride = {
      direction: 'SG->FC',
      maxPassengers: 4,
      date: new Date(Date.now() + 2 * DAY).toISOString(),
      dropoffLocations: ['Forest City'],
    };
    expectFieldRefusal(
      await bothDoors('/api/rides', 'ride.create', { ...ride, pickupLocation: `Pasir Ris${RLO}TRM` }, aliceCookie),
      'pickupLocation',
      unsafeTextMessage('Pickup location'),
    );
    expect(await t.db.selectFrom('rides').select('id').execute()).toHaveLength(0);

    const created = await post('/api/rides', { ...ride, pickupLocation: 'Blk 123\nPasir Ris St 11' }, aliceCookie);
    expect(created.statusCode).toBe(201);
    const row = await t.db.selectFrom('rides').select('pickupLocation').executeTakeFirstOrThrow();
    expect(row.pickupLocation).toBe('Blk 123\nPasir Ris St 11');
  });

  it.each([
    ['a zero-width space', '\u200B'],
    ['a zero-width joiner', '\u200D'],
    ['a right-to-left mark', '\u200F'],
    ['the Arabic letter mark', '\u061C'],
    ['a line separator', '\u2028'],
    ['a paragraph separator', '\u2029'],
    ['a byte-order mark', '\uFEFF'],
  ])('%s is refused in a name and in a multi-line location box, on both doors', async (_label, char) => {
    const profile = { id: alice.id, name: `Ali${char}ce` };
    const rest = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${String(alice.id)}`,
      headers: { cookie: aliceCookie },
      payload: { name: profile.name },
    });
    expectFieldRefusal(
      { rest, trpc: await post('/trpc/user.update', profile, aliceCookie) },
      'name',
      unsafeTextMessage('Name'),
    );
    const ride = {
      direction: 'SG->FC',
      maxPassengers: 4,
      date: new Date(Date.now() + 2 * DAY).toISOString(),
      dropoffLocations: ['Forest City'],
    };
    expectFieldRefusal(
      await bothDoors('/api/rides', 'ride.create', { ...ride, pickupLocation: `Blk 123${char}Pasir Ris` }, aliceCookie),
      'pickupLocation',
      unsafeTextMessage('Pickup location'),
    );
    expect(await t.db.selectFrom('rides').select('id').execute()).toHaveLength(0);
  });

  it('a NUL in a join location is refused on both doors', async () => {
    const ride = await createRide(t.db, await createUser(t.db, { discordUsername: 'olivia' }));
    const payload = { rideId: ride.id, dropoffLocation: `Bedok${NUL}` };
    const rest = await post(`/api/rides/${String(ride.id)}/join`, payload, aliceCookie);
    const trpc = await post('/trpc/passenger.join', payload, aliceCookie);
    expectFieldRefusal({ rest, trpc }, 'dropoffLocation', unsafeTextMessage('Drop-off location'));
    expect(await t.db.selectFrom('ridePassengers').select('id').where('userId', '=', alice.id).execute()).toEqual([]);
  });

  it('a NUL in a log-in name answers 400, the same whether or not the account exists', async () => {
    for (const discordUsername of [`alice${NUL}`, `nobody${NUL}`]) {
      const { rest, trpc } = await bothDoors('/api/login', 'auth.login', {
        discordUsername,
        password: 'wrong-password',
      });
      expectFieldRefusal({ rest, trpc }, 'discordUsername', unsafeTextMessage('Discord username'));
    }
  });
});

describe('Discord usernames', () => {
  it("register refuses 'bad-name!' with Discord's rule on both doors", async () => {
    expectFieldRefusal(
      await bothDoors('/api/register', 'auth.register', { discordUsername: 'bad-name!', password: 'secret123' }),
      'discordUsername',
      DISCORD_USERNAME_RULE,
    );
    expect(await usernames()).toEqual(['alice']);
  });

  it('stores a new name lower-cased; any letter case then signs in, and is the same account', async () => {
    const reg = await post('/api/register', { discordUsername: 'Bob_SG', password: 'secret123' });
    expect(reg.statusCode).toBe(201);
    expect(reg.json()).toMatchObject({ discordUsername: 'bob_sg' });
    const login = await post('/api/login', { discordUsername: 'BOB_sg', password: 'secret123' });
    expect(login.statusCode).toBe(200);
    const again = await post('/api/register', { discordUsername: 'bob_SG', password: 'secret123' });
    expect(again.statusCode).toBe(409);
    expect(await usernames()).toEqual(['alice', 'bob_sg']);
  });

  it('an account registered before the rule still signs in with its name as it was', async () => {
    for (const discordUsername of ['first-user', 'Old.Timer#1234']) {
      await createUser(t.db, { discordUsername });
      const login = await post('/api/login', { discordUsername, password: DEFAULT_PASSWORD });
      expect(login.statusCode).toBe(200);
      expect(login.json()).toMatchObject({ discordUsername });
    }
    const wrong = await post('/api/login', { discordUsername: 'first-user', password: 'wrong-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'Invalid Discord username or password' });
  });

  it('the reset flow applies the rule (the admin tools do too: see the domain tests)', async () => {
    const complete = await post('/api/complete-password-reset', {
      discordUsername: 'bad-name!',
      code: 'ABCDEFGHJKMN',
      newPassword: 'new-password-1',
    });
    expect(complete.statusCode).toBe(400);
    expect(complete.json<RestError>().error).toBe(DISCORD_USERNAME_RULE);
  });
});
