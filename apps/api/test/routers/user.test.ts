import { describe, expect, it } from 'vitest';

import { createUser, createVendor } from '../factories';
import { callerAs, refusal } from '../helpers/accounts';
import { useTestDatabase } from '../helpers/db';
import { testEnv } from '../helpers/env';

const t = useTestDatabase();
const env = testEnv();

async function row(id: number) {
  return t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

describe('user.update', () => {
  it('updates only the profile fields of your own profile: trimmed, blank → null, missing unchanged', async () => {
    const user = await createUser(t.db, {
      discordUsername: 'ann',
      name: 'Ann',
      whatsappNumber: '+65 8000 0000',
      malaysianNumber: '+60 12 000 0000',
      revolutUsername: 'ann-rev',
    });
    const before = await row(user.id);
    const caller = await callerAs(t.db, env, user.id);
    const updated = await caller.user.update({
      id: user.id,
      name: '  Ann Lim  ',
      whatsappNumber: '',
      revolutUsername: null,
      // Keys outside the profile are dropped by the input schema, never applied.
      ...({ isVendor: true, discordUsername: 'hijack', password: 'newpassword1' } as object),
    });
    expect(updated).toEqual({
      id: user.id,
      discordUsername: 'ann',
      name: 'Ann Lim',
      whatsappNumber: null,
      malaysianNumber: '+60 12 000 0000',
      revolutUsername: null,
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
    const after = await row(user.id);
    expect(after).toMatchObject({
      discordUsername: 'ann',
      name: 'Ann Lim',
      whatsappNumber: null,
      malaysianNumber: '+60 12 000 0000',
      revolutUsername: null,
      isVendor: false,
      companyName: null,
    });
    expect(after.passwordHash).toBe(before.passwordHash);
    expect(JSON.stringify(updated)).not.toMatch(/argon2|passwordHash/);
  });

  it('keeps a vendor a vendor with their company details', async () => {
    const vendor = await createVendor(t.db, { discordUsername: 'cabs' });
    const caller = await callerAs(t.db, env, vendor.id);
    const updated = await caller.user.update({ id: vendor.id, name: 'Cab Co' });
    expect(updated).toMatchObject({ isVendor: true, companyName: 'Test Transport Co', name: 'Cab Co' });
  });

  it('refuses a PayNow number or a sharing choice from a vendor (member settings), changing nothing', async () => {
    const vendor = await createVendor(t.db, { discordUsername: 'cabs2' });
    const caller = await callerAs(t.db, env, vendor.id);
    expect(await refusal(caller.user.update({ id: vendor.id, name: 'New', paynowProxy: '91234567' }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'A PayNow number can only be set on a member account',
    });
    expect(await refusal(caller.user.update({ id: vendor.id, shareContactsWith: 'party' }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Who sees your numbers on rides you organize is a member setting',
    });
    const after = await row(vendor.id);
    expect([after.name, after.paynowProxy, after.shareContactsWith]).toEqual(['Name cabs2', null, 'members']);
  });

  it("refuses another user's profile with NOT_OWN_PROFILE, changing nothing", async () => {
    const alice = await createUser(t.db, { name: 'Alice' });
    const bob = await createUser(t.db, { name: 'Bob' });
    const caller = await callerAs(t.db, env, alice.id);
    expect(await refusal(caller.user.update({ id: bob.id, name: 'Pwned' }))).toEqual({
      code: 'FORBIDDEN',
      message: 'You can only update your own profile',
    });
    expect((await row(bob.id)).name).toBe('Bob');
  });

  it('refuses an id that belongs to nobody as not yours', async () => {
    const alice = await createUser(t.db);
    const caller = await callerAs(t.db, env, alice.id);
    expect(await refusal(caller.user.update({ id: 9999, name: 'Ghost' }))).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('refuses a signed-out caller', async () => {
    const alice = await createUser(t.db, { name: 'Alice' });
    const caller = await callerAs(t.db, env, null);
    expect(await refusal(caller.user.update({ id: alice.id, name: 'X' }))).toEqual({
      code: 'UNAUTHORIZED',
      message: 'You must be logged in',
    });
    expect((await row(alice.id)).name).toBe('Alice');
  });

  it.each([
    [{ name: 'x'.repeat(101) }, 'Name must be at most 100 characters'],
    [{ whatsappNumber: '9'.repeat(33) }, 'WhatsApp number must be at most 32 characters'],
    [{ revolutUsername: 42 }, 'Revolut username must be text'],
    [{ id: 'abc' }, 'Invalid id'],
  ])('refuses bad input %j', async (patch, message) => {
    const alice = await createUser(t.db, { name: 'Alice' });
    const caller = await callerAs(t.db, env, alice.id);
    const input = { id: alice.id, ...patch } as unknown as Parameters<typeof caller.user.update>[0];
    expect(await refusal(caller.user.update(input))).toEqual({ code: 'BAD_REQUEST', message });
    expect((await row(alice.id)).name).toBe('Alice');
  });

  it('stores hostile text verbatim', async () => {
    const alice = await createUser(t.db);
    const caller = await callerAs(t.db, env, alice.id);
    const updated = await caller.user.update({
      id: alice.id,
      name: "'); drop table users; --",
      revolutUsername: '<script>x</script>',
    });
    expect(updated).toMatchObject({ name: "'); drop table users; --", revolutUsername: '<script>x</script>' });
  });
});

describe('user.update vendor details', () => {
  it('changes a vendor company and driver; refuses blanks and members, naming the field', async () => {
    const vendor = await createVendor(t.db);
    const caller = await callerAs(t.db, env, vendor.id);
    const updated = await caller.user.update({
      id: vendor.id,
      companyName: 'Acme Transport',
      driverDetails: { name: 'Lim Bee', contact: '+60 12 999 0000', carNumber: 'JQB 7777' },
    });
    expect(updated).toMatchObject({
      companyName: 'Acme Transport',
      driverDetails: { name: 'Lim Bee', contact: '+60 12 999 0000', carNumber: 'JQB 7777' },
    });
    expect(
      await refusal(caller.user.update({ id: vendor.id, driverDetails: { name: ' ', contact: '1', carNumber: '2' } })),
    ).toMatchObject({ code: 'BAD_REQUEST', message: 'Driver name is required for vendors' });

    const member = await createUser(t.db);
    const asMember = await callerAs(t.db, env, member.id);
    expect(await refusal(asMember.user.update({ id: member.id, companyName: 'Acme' }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Company name can only be set on a vendor account',
    });
  });
});
