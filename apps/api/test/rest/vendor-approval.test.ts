/**
 * Vendor accounts are applications an administrator decides: registering as a vendor is pending,
 * only an approved vendor sees or takes rides, and the applicant is told of every decision.
 */
import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';

import { main as approveScript } from '../../scripts/vendor-approve';
import { createRide, createUser, createVendor, TEST_PERMIT, type TestUser } from '../factories';
import { loginAs, sessionCookie, useTestApp } from '../helpers/app';
import { captureIo } from '../helpers/scripts';

const t = useTestApp();

type Json = Record<string, unknown>;

const VENDOR_BODY = {
  password: 'long-enough-1',
  isVendor: true,
  companyName: 'Tan Transport',
  driverDetails: { name: 'Tan Ah Kow', contact: '+6591234567', carNumber: 'SGX1234A' },
};
const PERMIT = { country: 'SG', number: 'CBT-0042', expiresOn: '2030-06-30' };

let admin: TestUser;
let adminCookie: string;
let member: TestUser;
let memberCookie: string;

beforeEach(async () => {
  admin = await createUser(t.db, { isAdmin: true, name: 'Admin' });
  adminCookie = await loginAs(t.app, admin);
  member = await createUser(t.db, { name: 'Alice' });
  memberCookie = await loginAs(t.app, member);
});

async function registerVendor(
  app: FastifyInstance,
  discordUsername: string,
  extra: Json = {},
): Promise<{ id: number; cookie: string; body: Json }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { ...VENDOR_BODY, discordUsername, ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json<Json>();
  return { id: body.id as number, cookie: sessionCookie(res), body };
}

function post(url: string, cookie: string, payload?: Json) {
  return t.app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });
}

function get(url: string, cookie?: string) {
  return t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

async function inbox(cookie: string): Promise<Json[]> {
  const res = await get('/api/notifications', cookie);
  expect(res.statusCode).toBe(200);
  return res.json<{ items: Json[] }>().items;
}

describe('a new application tells every administrator', () => {
  async function noticesOf(userId: number) {
    return t.db.selectFrom('notifications').select(['kind', 'rideId', 'detail']).where('userId', '=', userId).execute();
  }

  it('sends each administrator one notice naming the company, and nothing for a member', async () => {
    const second = await createUser(t.db, { isAdmin: true, name: 'Second admin' });
    await registerVendor(t.app, 'notice_vendor');
    for (const id of [admin.id, second.id]) {
      expect(await noticesOf(id)).toEqual([{ kind: 'vendor_application', rideId: null, detail: 'Tan Transport' }]);
    }
    expect(await noticesOf(member.id)).toEqual([]);

    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { discordUsername: 'notice_member', password: 'long-enough-1' },
    });
    expect(plain.statusCode).toBe(201);
    expect(await noticesOf(admin.id)).toHaveLength(1);

    // The administrator's inbox says it and leads to the admin page.
    const inbox = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: adminCookie } });
    expect(inbox.body).toContain('vendor_application');
  });
});

describe('registering as a vendor', () => {
  it('creates a pending application, shown on every user answer, with the licence when given', async () => {
    const applicant = await registerVendor(t.app, 'tan_transport', { permit: PERMIT, vehicleSeats: 6 });
    expect(applicant.body).toMatchObject({
      isVendor: true,
      vendorStatus: 'pending',
      vendorStatusReason: null,
      permit: PERMIT,
      vehicleSeats: 6,
    });
    expect(applicant.body).not.toHaveProperty('passwordHash');
    const me = await get('/api/auth/me', applicant.cookie);
    expect(me.json<Json>()).toMatchObject({ vendorStatus: 'pending', permit: PERMIT, vehicleSeats: 6 });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { discordUsername: 'tan_transport', password: VENDOR_BODY.password },
    });
    expect(login.json<Json>()).toMatchObject({ vendorStatus: 'pending' });
  });

  it('keeps the documented register call working without a permit, and members have no vendor status', async () => {
    const applicant = await registerVendor(t.app, 'no_permit_yet');
    expect(applicant.body).toMatchObject({ vendorStatus: 'pending', permit: null, vehicleSeats: null });
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { discordUsername: 'plain_member', password: 'long-enough-1', permit: PERMIT, vehicleSeats: 4 },
    });
    expect(plain.json<Json>()).toMatchObject({ isVendor: false, vendorStatus: null, permit: null, vehicleSeats: null });
  });

  it('refuses a bad permit or seat count with a message naming it', async () => {
    for (const [extra, message] of [
      [{ permit: { ...PERMIT, country: 'TH' } }, 'Permit country must be SG or MY'],
      [{ permit: { ...PERMIT, expiresOn: '2030-02-30' } }, 'Permit expiry must be a date (YYYY-MM-DD)'],
      [{ vehicleSeats: 14 }, 'Vehicle seats must be a whole number from 1 to 13'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: { ...VENDOR_BODY, discordUsername: 'bad_input', ...extra },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<Json>().error).toBe(message);
    }
  });
});

describe('a vendor that is not approved', () => {
  it.each([
    ['pending', null, 'Your vendor account is awaiting approval'],
    ['rejected', 'No licence', 'Your vendor application was rejected: No licence'],
    ['suspended', 'Complaints', 'Your vendor account is suspended: Complaints'],
  ] as const)('%s: sees no rides and takes none (403 with its status)', async (vendorStatus, reason, message) => {
    const vendor = await createVendor(t.db, { vendorStatus, vendorStatusReason: reason });
    const cookie = await loginAs(t.app, vendor);
    const ride = await createRide(t.db, member);
    const rides = await get('/api/vendor/rides', cookie);
    expect(rides.statusCode).toBe(403);
    expect(rides.json<Json>().error).toBe(message);
    const assign = await post(`/api/rides/${String(ride.id)}/assign`, cookie);
    expect(assign.statusCode).toBe(403);
    expect(assign.json<Json>().error).toBe(message);
    const available = await get('/trpc/vendor.available', cookie);
    expect(available.statusCode).toBe(403);
    const row = await t.db
      .selectFrom('rides')
      .select(['status', 'vendorId'])
      .where('id', '=', ride.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'open', vendorId: null });
  });
});

describe('administrators decide applications', () => {
  it('lists pending applications, paged, oldest first; others are refused', async () => {
    const first = await registerVendor(t.app, 'first_vendor', { permit: PERMIT, vehicleSeats: 4 });
    const second = await registerVendor(t.app, 'second_vendor');
    await createVendor(t.db, { vendorStatus: 'approved' });
    const page = await get('/api/admin/vendors?status=pending&page=1&pageSize=1', adminCookie);
    expect(page.statusCode).toBe(200);
    expect(page.json<Json>()).toMatchObject({
      total: 2,
      page: 1,
      pageSize: 1,
      items: [
        {
          id: first.id,
          discordUsername: 'first_vendor',
          companyName: 'Tan Transport',
          permit: PERMIT,
          vehicleSeats: 4,
          vendorStatus: 'pending',
        },
      ],
    });
    const next = await get('/api/admin/vendors?page=2&pageSize=1', adminCookie);
    expect(next.json<{ items: Json[] }>().items.map((item) => item.id)).toEqual([second.id]);
    const approved = await get('/api/admin/vendors?status=approved', adminCookie);
    expect(approved.json<Json>().total).toBe(1);

    expect((await get('/api/admin/vendors', memberCookie)).statusCode).toBe(403);
    expect((await get('/api/admin/vendors')).statusCode).toBe(401);
    const bad = await get('/api/admin/vendors?status=maybe', adminCookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<Json>().error).toBe('Status must be pending, approved, rejected or suspended');
    expect((await get('/api/admin/vendors?pageSize=500', adminCookie)).statusCode).toBe(400);
  });

  it('approves a complete application: the vendor is told and may work from its next request', async () => {
    const applicant = await registerVendor(t.app, 'ready_vendor', { permit: PERMIT, vehicleSeats: 6 });
    const res = await post(`/api/admin/vendors/${String(applicant.id)}/approve`, adminCookie);
    expect(res.statusCode).toBe(200);
    expect(res.json<Json>()).toMatchObject({ id: applicant.id, vendorStatus: 'approved', vendorStatusReason: null });
    const row = await t.db
      .selectFrom('users')
      .select(['vendorStatus', 'vendorStatusChangedBy'])
      .where('id', '=', applicant.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ vendorStatus: 'approved', vendorStatusChangedBy: admin.id });
    expect(await inbox(applicant.cookie)).toEqual([
      expect.objectContaining({ kind: 'vendor_approved', rideId: null, rideDirection: null, rideDate: null }),
    ]);
    expect((await get('/api/vendor/rides', applicant.cookie)).statusCode).toBe(200);
    expect((await get('/api/auth/me', applicant.cookie)).json<Json>().vendorStatus).toBe('approved');

    const again = await post(`/api/admin/vendors/${String(applicant.id)}/approve`, adminCookie);
    expect(again.statusCode).toBe(409);
    expect(again.json<Json>().error).toBe('This vendor is already approved');
  });

  it("marks every administrator's notice of the application read once one approves it, and no other", async () => {
    const second = await createUser(t.db, { isAdmin: true, name: 'Second admin' });
    const approved = await registerVendor(t.app, 'noticed_vendor', { permit: PERMIT, vehicleSeats: 6 });
    const waiting = await registerVendor(t.app, 'still_waiting', { permit: PERMIT, vehicleSeats: 6 });
    const unreadAbout = (adminId: number) =>
      t.db
        .selectFrom('notifications')
        .select('aboutUserId')
        .where('userId', '=', adminId)
        .where('kind', '=', 'vendor_application')
        .where('readAt', 'is', null)
        .where('aboutUserId', 'in', [approved.id, waiting.id])
        .orderBy('aboutUserId')
        .execute();
    expect(await unreadAbout(second.id)).toEqual([{ aboutUserId: approved.id }, { aboutUserId: waiting.id }]);
    const res = await post(`/api/admin/vendors/${String(approved.id)}/approve`, adminCookie);
    expect(res.statusCode).toBe(200);
    for (const id of [admin.id, second.id]) expect(await unreadAbout(id)).toEqual([{ aboutUserId: waiting.id }]);
    const rejected = await post(`/api/admin/vendors/${String(waiting.id)}/reject`, adminCookie, {
      reason: 'No licence',
    });
    expect(rejected.statusCode).toBe(200);
    expect(await unreadAbout(second.id)).toEqual([]);
  });

  it('refuses to approve an application without its licence, naming what is missing (409)', async () => {
    const applicant = await registerVendor(t.app, 'missing_parts');
    const res = await post(`/api/admin/vendors/${String(applicant.id)}/approve`, adminCookie);
    expect(res.statusCode).toBe(409);
    expect(res.json<Json>().error).toBe('This application cannot be approved without a permit and the vehicle seats');
    const expired = await registerVendor(t.app, 'expired_permit', {
      permit: { ...PERMIT, expiresOn: '2020-01-01' },
      vehicleSeats: 4,
    });
    const refused = await post(`/api/admin/vendors/${String(expired.id)}/approve`, adminCookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<Json>().error).toBe(
      'This application cannot be approved without a permit that has not expired',
    );
    expect(await inbox(applicant.cookie)).toEqual([]);
  });

  it('rejects with a reason the applicant reads on the dashboard and in the inbox', async () => {
    const applicant = await registerVendor(t.app, 'shady_vendor');
    const noReason = await post(`/api/admin/vendors/${String(applicant.id)}/reject`, adminCookie, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json<Json>().error).toBe('A reason is required');
    const res = await post(`/api/admin/vendors/${String(applicant.id)}/reject`, adminCookie, {
      reason: 'No cross-border licence',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Json>()).toMatchObject({ vendorStatus: 'rejected', vendorStatusReason: 'No cross-border licence' });
    expect(await inbox(applicant.cookie)).toEqual([
      expect.objectContaining({ kind: 'vendor_rejected', detail: 'No cross-border licence' }),
    ]);
    const rides = await get('/api/vendor/rides', applicant.cookie);
    expect(rides.json<Json>().error).toBe('Your vendor application was rejected: No cross-border licence');
    const twice = await post(`/api/admin/vendors/${String(applicant.id)}/reject`, adminCookie, { reason: 'x' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json<Json>().error).toBe('Only a pending application can be rejected');
  });

  it('suspends an approved vendor at once, and can approve it again', async () => {
    const vendor = await createVendor(t.db);
    const cookie = await loginAs(t.app, vendor);
    expect((await get('/api/vendor/rides', cookie)).statusCode).toBe(200);
    const res = await post(`/api/admin/vendors/${String(vendor.id)}/suspend`, adminCookie, { reason: 'Complaints' });
    expect(res.statusCode).toBe(200);
    const rides = await get('/api/vendor/rides', cookie);
    expect(rides.statusCode).toBe(403);
    expect(rides.json<Json>().error).toBe('Your vendor account is suspended: Complaints');
    expect((await post(`/api/admin/vendors/${String(vendor.id)}/approve`, adminCookie)).statusCode).toBe(200);
    expect((await get('/api/vendor/rides', cookie)).statusCode).toBe(200);
    expect((await inbox(cookie)).map((item) => item.kind)).toEqual(['vendor_approved', 'vendor_suspended']);
  });

  it('answers 404 for unknown users and members, 400 for bad ids, 403 for non-admins', async () => {
    const unknown = await post('/api/admin/vendors/99999/approve', adminCookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<Json>().error).toBe('Vendor application not found');
    expect((await post(`/api/admin/vendors/${String(member.id)}/approve`, adminCookie)).statusCode).toBe(404);
    expect((await post('/api/admin/vendors/abc/approve', adminCookie)).statusCode).toBe(400);
    const applicant = await registerVendor(t.app, 'self_approver', { permit: PERMIT, vehicleSeats: 4 });
    const self = await post(`/api/admin/vendors/${String(applicant.id)}/approve`, applicant.cookie);
    expect(self.statusCode).toBe(403);
    expect(self.json<Json>().error).toBe('Only the administrator can do this');
  });
});

describe('the vendor edits its licence', () => {
  it('adds permit and seats on the profile; changing the permit puts an approved vendor back to pending', async () => {
    const applicant = await registerVendor(t.app, 'late_papers');
    const url = `/api/users/${String(applicant.id)}`;
    const patch = (payload: Json) =>
      t.app.inject({ method: 'PATCH', url, headers: { cookie: applicant.cookie }, payload });
    const added = await patch({ permit: PERMIT, vehicleSeats: 7 });
    expect(added.statusCode).toBe(200);
    expect(added.json<Json>()).toMatchObject({ vendorStatus: 'pending', permit: PERMIT, vehicleSeats: 7 });
    expect((await post(`/api/admin/vendors/${String(applicant.id)}/approve`, adminCookie)).statusCode).toBe(200);

    const seatsOnly = await patch({ vehicleSeats: 8, name: 'Tan' });
    expect(seatsOnly.json<Json>()).toMatchObject({ vendorStatus: 'approved', vehicleSeats: 8 });
    const samePermit = await patch({ permit: PERMIT });
    expect(samePermit.json<Json>().vendorStatus).toBe('approved');
    const renewed = await patch({ permit: { ...PERMIT, expiresOn: '2031-06-30' } });
    expect(renewed.json<Json>()).toMatchObject({
      vendorStatus: 'pending',
      permit: { ...PERMIT, expiresOn: '2031-06-30' },
    });
    expect((await get('/api/vendor/rides', applicant.cookie)).statusCode).toBe(403);

    const bad = await patch({ vehicleSeats: 0 });
    expect(bad.statusCode).toBe(400);
    const memberPatch = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${String(member.id)}`,
      headers: { cookie: memberCookie },
      payload: { permit: PERMIT },
    });
    expect(memberPatch.statusCode).toBe(400);
    expect(memberPatch.json<Json>().error).toBe('A permit can only be set on a vendor account');
  });
});

describe('vendor:approve', () => {
  async function run(args: string[]) {
    const capture = captureIo();
    const code = await approveScript(args, { DATABASE_URL: t.tdb.connectionString, LOG_LEVEL: 'silent' }, capture.io);
    return { code, out: capture.out(), err: capture.err() };
  }

  it('approves a complete application from the command line, and refuses what the admin call refuses', async () => {
    const ready = await registerVendor(t.app, 'script_vendor', { permit: TEST_PERMIT, vehicleSeats: 5 });
    const done = await run(['--user', 'Script_Vendor']);
    expect(done).toMatchObject({
      code: 0,
      out: `script_vendor (user ${String(ready.id)}) is now an approved vendor.\n`,
    });
    expect((await get('/api/vendor/rides', ready.cookie)).statusCode).toBe(200);
    expect((await inbox(ready.cookie)).map((item) => item.kind)).toEqual(['vendor_approved']);

    await registerVendor(t.app, 'script_incomplete');
    expect(await run(['--user', 'script_incomplete'])).toMatchObject({
      code: 1,
      err: 'This application cannot be approved without a permit and the vehicle seats.\n',
    });
    expect(await run(['--user', member.discordUsername])).toMatchObject({
      code: 1,
      err: `${member.discordUsername} is not a vendor account.\n`,
    });
    expect((await run(['--user', 'nobody_here'])).code).toBe(1);
    expect((await run([])).code).toBe(2);
  });
});
