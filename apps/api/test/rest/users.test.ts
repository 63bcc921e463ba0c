import { idParamMessage } from '@rideshare/domain';
import { describe, expect, it } from 'vitest';

import { createUser, createVendor } from '../factories';
import { loginAs, useTestApp } from '../helpers/app';

const t = useTestApp();

function expectNoSecrets(body: string) {
  expect(body).not.toMatch(/argon2/i);
  expect(body).not.toMatch(/passwordHash|password_hash|"password"/);
}

async function nameOf(id: number) {
  return (await t.db.selectFrom('users').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name;
}

describe('PATCH /api/users/:id', () => {
  it('updates your own profile with the spec fields and answers the user', async () => {
    const alice = await createUser(t.db, {
      discordUsername: 'alice',
      name: 'Alice',
      whatsappNumber: '+65 1111 1111',
    });
    const cookie = await loginAs(t.app, alice);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${String(alice.id)}`,
      headers: { cookie },
      payload: {
        name: ' Alice Tan ',
        whatsappNumber: '',
        malaysianNumber: '+60 12-345 6789',
        revolutUsername: 'alicet',
        isVendor: true,
        id: 999,
      },
    });
    expect(res.statusCode).toBe(200);
    expectNoSecrets(res.body);
    expect(res.json()).toEqual({
      id: alice.id,
      discordUsername: 'alice',
      name: 'Alice Tan',
      whatsappNumber: null,
      malaysianNumber: '+60 12-345 6789',
      revolutUsername: 'alicet',
      isVendor: false,
      companyName: null,
      driverDetails: null,
      isAdmin: false,
      vendorStatus: null,
      vendorStatusReason: null,
      permit: null,
      vehicleSeats: null,
      shareContactsWith: 'members',
      paynowProxy: null,
      discordVerified: false,
      discordLinked: false,
      discordName: null,
      hasPassword: true,
    });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.json()).toMatchObject({ name: 'Alice Tan', whatsappNumber: null, revolutUsername: 'alicet' });
  });

  it("answers 403 for another user's profile and changes nothing", async () => {
    const alice = await createUser(t.db, { name: 'Alice' });
    const bob = await createUser(t.db, { name: 'Bob' });
    const cookie = await loginAs(t.app, alice);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${String(bob.id)}`,
      headers: { cookie },
      payload: { name: 'Hacked' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'You can only update your own profile' });
    expect(await nameOf(bob.id)).toBe('Bob');
  });

  it('answers 401 when signed out', async () => {
    const alice = await createUser(t.db, { name: 'Alice' });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${String(alice.id)}`,
      payload: { name: 'Hacked' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'You must be logged in' });
    expect(await nameOf(alice.id)).toBe('Alice');
  });

  it.each([
    ['abc', idParamMessage('id')],
    ['0', idParamMessage('id')],
    ['-3', idParamMessage('id')],
    ['1.5', idParamMessage('id')],
    ['99999999999', idParamMessage('id')],
  ])('answers 400 for the id %j', async (id, message) => {
    const alice = await createUser(t.db);
    const cookie = await loginAs(t.app, alice);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${id}`,
      headers: { cookie },
      payload: { name: 'X' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toBe(message);
  });

  it('answers 400 with the field message for bad values, writing nothing', async () => {
    const alice = await createUser(t.db, { name: 'Alice' });
    const cookie = await loginAs(t.app, alice);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${String(alice.id)}`,
      headers: { cookie },
      payload: { name: 'x'.repeat(101) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'Name must be at most 100 characters',
      fieldErrors: { name: ['Name must be at most 100 characters'] },
    });
    expect(await nameOf(alice.id)).toBe('Alice');
  });

  it('answers 4xx to malformed JSON', async () => {
    const alice = await createUser(t.db);
    const cookie = await loginAs(t.app, alice);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${String(alice.id)}`,
      headers: { cookie, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'The request body is not valid JSON' });
  });
});

describe('PATCH /api/users/:id vendor details', () => {
  async function vendorRow(id: number) {
    return t.db
      .selectFrom('users')
      .select(['companyName', 'driverDetails'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  it('lets a vendor change its company and driver details', async () => {
    const vendor = await createVendor(t.db);
    const cookie = await loginAs(t.app, vendor);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${String(vendor.id)}`,
      headers: { cookie },
      payload: {
        companyName: ' Acme Transport ',
        driverDetails: { name: 'Lim Bee', contact: '+60 12 999 0000', carNumber: 'JQB 7777' },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      isVendor: true,
      companyName: 'Acme Transport',
      driverDetails: { name: 'Lim Bee', contact: '+60 12 999 0000', carNumber: 'JQB 7777' },
    });
    expect(await vendorRow(vendor.id)).toEqual({
      companyName: 'Acme Transport',
      driverDetails: { name: 'Lim Bee', contact: '+60 12 999 0000', carNumber: 'JQB 7777' },
    });
    // Leaving them out leaves them as they are.
    const nameOnly = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${String(vendor.id)}`,
      headers: { cookie },
      payload: { name: 'Vince' },
    });
    expect(nameOnly.statusCode).toBe(200);
    expect((await vendorRow(vendor.id)).companyName).toBe('Acme Transport');
  });

  it.each([
    [{ companyName: '  ' }, 'Company name is required for vendors'],
    [{ driverDetails: { name: 'Lim', contact: '', carNumber: 'X1' } }, 'Driver contact is required for vendors'],
    [{ driverDetails: { name: 'Lim', contact: '+60 1' } }, 'Car number is required for vendors'],
    [{ driverDetails: null }, 'Driver name is required for vendors'],
  ])('refuses a vendor %j with 400 "%s", writing nothing', async (payload, message) => {
    const vendor = await createVendor(t.db);
    const before = await vendorRow(vendor.id);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${String(vendor.id)}`,
      headers: { cookie: await loginAs(t.app, vendor) },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toBe(message);
    expect(await vendorRow(vendor.id)).toEqual(before);
  });

  it.each([
    [{ companyName: 'Acme' }, 'Company name can only be set on a vendor account'],
    [
      { driverDetails: { name: 'Lim', contact: '+60 1', carNumber: 'X1' } },
      'Driver details can only be set on a vendor account',
    ],
  ])('refuses a member %j with 400 "%s"', async (payload, message) => {
    const member = await createUser(t.db, { name: 'Mia' });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${String(member.id)}`,
      headers: { cookie: await loginAs(t.app, member) },
      payload: { name: 'Changed', ...payload },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toBe(message);
    expect(await nameOf(member.id)).toBe('Mia');
    expect(await vendorRow(member.id)).toEqual({ companyName: null, driverDetails: null });
  });
});
