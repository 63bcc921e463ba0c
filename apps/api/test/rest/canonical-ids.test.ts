/**
 * Ids in a path are plain decimal digits (no sign, leading zero, exponent, fraction or spaces) and
 * fit a Postgres integer; any other spelling is a 400 that names the parameter, never another
 * ride. tRPC ids are JSON numbers; text there is refused the same way. See docs/http-requests.md.
 */
import { beforeEach, describe, expect, it } from 'vitest';

import { addPassenger, createRide, createUser, type TestRide, type TestUser } from '../factories';
import { loginAs, useTestApp } from '../helpers/app';

const t = useTestApp();

type RestError = { error: string; fieldErrors?: Record<string, string[]> };

let alice: TestUser;
let bob: TestUser;
let ride: TestRide;
let bobEntry: number;
beforeEach(async () => {
  alice = await createUser(t.db, { discordUsername: 'alice' });
  bob = await createUser(t.db, { discordUsername: 'bob' });
  ride = await createRide(t.db, alice);
  bobEntry = (await addPassenger(t.db, ride, bob)).id;
});

/** Spellings of `id` that Number() reads as the same number. */
function otherSpellings(id: number): [string, string][] {
  const digits = String(id);
  return [
    ['hexadecimal', `0x${id.toString(16)}`],
    ['an exponent', `${digits}e0`],
    ['a plus sign', `+${digits}`],
    ['a leading zero', `0${digits}`],
    ['a fraction', `${digits}.0`],
    ['a leading space', `%20${digits}`],
    ['a trailing tab', `${digits}%09`],
    ['binary', `0b${id.toString(2)}`],
  ];
}

describe('REST path ids', () => {
  it('answers the ride for its plain id', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/rides/${String(ride.id)}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: ride.id });
  });

  it('refuses every other spelling of the same number, naming the parameter', async () => {
    for (const [label, spelled] of otherSpellings(ride.id)) {
      const res = await t.app.inject({ method: 'GET', url: `/api/rides/${spelled}` });
      expect(res.statusCode, label).toBe(400);
      const body = res.json<RestError>();
      expect(body.error, label).toMatch(/^Invalid id \(id\): /);
      expect(Object.keys(body.fieldErrors ?? {}), label).toEqual(['id']);
    }
  });

  it('refuses ids outside a Postgres integer', async () => {
    for (const spelled of ['0', '2147483648', '99999999999', '-1']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/rides/${spelled}` });
      expect(res.statusCode, spelled).toBe(400);
    }
  });

  it('names the passenger id when that is the one spelled otherwise, and removes nobody', async () => {
    const cookie = await loginAs(t.app, alice);
    for (const [label, spelled] of otherSpellings(bobEntry)) {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/rides/${String(ride.id)}/passengers/${spelled}`,
        headers: { cookie },
      });
      expect(res.statusCode, label).toBe(400);
      const body = res.json<RestError>();
      expect(body.error, label).toMatch(/^Invalid id \(passengerId\): /);
      expect(Object.keys(body.fieldErrors ?? {}), label).toEqual(['passengerId']);
    }
    const entries = await t.db.selectFrom('ridePassengers').select('id').where('rideId', '=', ride.id).execute();
    expect(entries.map((e) => e.id)).toContain(bobEntry);
  });

  it('applies to the writes too: a locked sequence stays unlocked', async () => {
    const cookie = await loginAs(t.app, alice);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/rides/0${String(ride.id)}/lockSequence`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<RestError>().error).toMatch(/^Invalid id \(id\): /);
    const row = await t.db.selectFrom('rides').select('sequenceLocked').where('id', '=', ride.id).executeTakeFirst();
    expect(row?.sequenceLocked).toBe(false);
  });
});

describe('tRPC ids', () => {
  const byId = (input: unknown) =>
    t.app.inject({ method: 'GET', url: `/trpc/ride.byId?input=${encodeURIComponent(JSON.stringify(input))}` });

  it('answers a ride for its id as a number', async () => {
    const res = await byId({ id: ride.id });
    expect(res.statusCode).toBe(200);
  });

  it('refuses ids sent as text, in any spelling, naming the field', async () => {
    for (const spelled of [String(ride.id), ...otherSpellings(ride.id).map(([, s]) => decodeURIComponent(s))]) {
      const res = await byId({ id: spelled });
      expect(res.statusCode, spelled).toBe(400);
      const body = res.json<{ error: { message: string; data: { fieldErrors: Record<string, string[]> } } }>();
      expect(body.error.message, spelled).toBe('Invalid id');
      expect(Object.keys(body.error.data.fieldErrors), spelled).toEqual(['id']);
    }
  });

  it('refuses fractions and numbers outside a Postgres integer', async () => {
    for (const id of [ride.id + 0.5, 0, -1, 2_147_483_648]) {
      expect((await byId({ id })).statusCode, String(id)).toBe(400);
    }
  });
});

describe('a path the router cannot read', () => {
  it.each(['%', '%zz', '%E0%A4%A'])(
    '/api/rides/%s/passengers answers 400 { error } in the one error shape',
    async (segment) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/rides/${segment}/passengers` });
      expect(response.statusCode).toBe(400);
      expect(response.json<RestError>()).toEqual({
        error: 'The request path is not a valid URL: a % must start an escape such as %20',
      });
    },
  );
});
