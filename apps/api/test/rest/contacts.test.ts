/**
 * Contacts only when needed (docs/vendors.md#contacts): the assigned vendor reads the passengers'
 * numbers from VENDOR_CONTACTS_HOURS_BEFORE hours before departure (an injected clock moves across
 * the edge), the organiser's at once; members read the organiser's numbers unless the organiser
 * keeps them for the party; a vendor that is no longer approved reads none.
 */
import { beforeEach, describe, expect, it } from 'vitest';

import { buildApp } from '../../src/app';
import { addPassenger, createRide, createUser, createVendor, type TestRide, type TestUser } from '../factories';
import { createTestApp, loginAs, useTestApp } from '../helpers/app';
import { testEnv } from '../helpers/env';

type Json = Record<string, unknown>;
type Entry = { userId: number; passengerCount: number; dropoffLocation: string; user: Json };

const HOUR = 3_600_000;
const departure = new Date('2031-03-10T02:00:00.000Z');
/** The edge: 48 hours before departure. */
const windowOpens = new Date(departure.getTime() - 48 * HOUR);
let clock = new Date(windowOpens.getTime() - 1);

const t = useTestApp({
  build: async (db) => {
    const app = await buildApp({ env: testEnv(), db, now: () => clock });
    await app.ready();
    return app;
  },
});

let organiser: TestUser;
let rider: TestUser;
let vendor: TestUser;
let ride: TestRide;

beforeEach(async () => {
  clock = new Date(windowOpens.getTime() - 1);
  organiser = await createUser(t.db, {
    name: 'Olivia',
    whatsappNumber: '+6591110000',
    malaysianNumber: '+60121110000',
  });
  rider = await createUser(t.db, { name: 'Ravi', whatsappNumber: '+6592220000', revolutUsername: 'ravi' });
  vendor = await createVendor(t.db, { companyName: 'Acme Transport' });
  ride = await createRide(t.db, organiser, { date: departure, status: 'assigned', vendorId: vendor.id });
  await addPassenger(t.db, ride, rider, { location: 'Tampines Hub', count: 3 });
});

async function passengersAs(user: TestUser | null): Promise<{ status: number; body: unknown }> {
  const headers = user ? { cookie: await loginAs(t.app, user) } : {};
  const res = await t.app.inject({ method: 'GET', url: `/api/rides/${String(ride.id)}/passengers`, headers });
  return { status: res.statusCode, body: res.json() };
}

describe('GET /api/rides/:id/passengers and the contacts window', () => {
  it("shows the vendor names, group sizes and stops at once, the organiser's numbers too, the passengers' from the edge", async () => {
    const before = (await passengersAs(vendor)).body as Entry[];
    expect(before.map((entry) => [entry.user.name, entry.passengerCount, entry.dropoffLocation])).toEqual([
      ['Olivia', 1, 'Pasir Ris MRT'],
      ['Ravi', 3, 'Tampines Hub'],
    ]);
    expect(before[0]?.user).toMatchObject({ whatsappNumber: '+6591110000', malaysianNumber: '+60121110000' });
    expect(before[1]?.user).toMatchObject({ whatsappNumber: null, malaysianNumber: null, revolutUsername: null });

    clock = windowOpens;
    const at = (await passengersAs(vendor)).body as Entry[];
    // Phone numbers only: Revolut usernames go to the organiser alone.
    expect(at[1]?.user).toMatchObject({ whatsappNumber: '+6592220000', revolutUsername: null });
  });

  it("keeps the passengers' numbers with the organiser and passengers before the window", async () => {
    for (const party of [organiser, rider]) {
      const list = (await passengersAs(party)).body as Entry[];
      expect(list[1]?.user).toMatchObject({ whatsappNumber: '+6592220000' });
    }
    const member = await createUser(t.db);
    clock = departure;
    const list = (await passengersAs(member)).body as Entry[];
    expect(list[1]?.user).toMatchObject({ whatsappNumber: null, revolutUsername: null });
  });

  it('gives a vendor suspended while holding the ride none of the numbers, inside the window too', async () => {
    clock = departure;
    const cookie = await loginAs(t.app, vendor);
    await t.db
      .updateTable('users')
      .set({ vendorStatus: 'suspended', vendorStatusReason: 'Insurance lapsed' })
      .where('id', '=', vendor.id)
      .execute();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/rides/${String(ride.id)}/passengers`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    for (const entry of res.json<Entry[]>()) {
      expect(entry.user).toMatchObject({ whatsappNumber: null, malaysianNumber: null, revolutUsername: null });
    }
    const detail = await t.app.inject({ method: 'GET', url: `/api/rides/${String(ride.id)}`, headers: { cookie } });
    expect(detail.json<Json>().creator).toMatchObject({ whatsappNumber: null, malaysianNumber: null });
  });

  it('refuses signed-out callers, bad ids and unknown rides', async () => {
    expect((await passengersAs(null)).status).toBe(401);
    const cookie = await loginAs(t.app, vendor);
    const bad = await t.app.inject({ method: 'GET', url: '/api/rides/abc/passengers', headers: { cookie } });
    expect(bad.statusCode).toBe(400);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/rides/999999/passengers', headers: { cookie } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<Json>().error).toBe('Ride not found');
  });
});

describe("the organiser's numbers on the ride", () => {
  async function creatorAs(user: TestUser | null): Promise<Json> {
    const headers = user ? { cookie: await loginAs(t.app, user) } : {};
    const res = await t.app.inject({ method: 'GET', url: `/api/rides/${String(ride.id)}`, headers });
    expect(res.statusCode).toBe(200);
    return res.json<{ creator: Json }>().creator;
  }

  it("reach signed-in members by default, the ride's party only with 'party', visitors never", async () => {
    const member = await createUser(t.db);
    const numbers = { whatsappNumber: '+6591110000', malaysianNumber: '+60121110000' };
    const none = { whatsappNumber: null, malaysianNumber: null };
    expect(await creatorAs(member)).toMatchObject(numbers);
    expect(await creatorAs(null)).toMatchObject(none);

    const cookie = await loginAs(t.app, organiser);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${String(organiser.id)}`,
      headers: { cookie },
      payload: { shareContactsWith: 'party' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json<Json>().shareContactsWith).toBe('party');
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.json<Json>()).toMatchObject({ shareContactsWith: 'party' });

    expect(await creatorAs(member)).toMatchObject(none);
    expect(await creatorAs(null)).toMatchObject(none);
    // The party still reads them: a passenger, and the assigned vendor at once.
    expect(await creatorAs(rider)).toMatchObject(numbers);
    expect(await creatorAs(vendor)).toMatchObject(numbers);
  });

  it("refuses a sharing value other than 'members' or 'party' (400), leaving it unchanged", async () => {
    const cookie = await loginAs(t.app, organiser);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${String(organiser.id)}`,
      headers: { cookie },
      payload: { shareContactsWith: 'everyone' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<Json>().error).toBe("Share contacts with must be 'members' or 'party'");
    const row = await t.db
      .selectFrom('users')
      .select('shareContactsWith')
      .where('id', '=', organiser.id)
      .executeTakeFirstOrThrow();
    expect(row.shareContactsWith).toBe('members');
  });
});

describe('VENDOR_CONTACTS_HOURS_BEFORE', () => {
  it.each(['-1', '1.5', '721', 'soon'])('refuses %s at start-up, naming the setting', async (value) => {
    await expect(createTestApp(t.db, { VENDOR_CONTACTS_HOURS_BEFORE: value })).rejects.toThrow(
      /VENDOR_CONTACTS_HOURS_BEFORE/,
    );
  });
});
