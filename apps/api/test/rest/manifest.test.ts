/**
 * The driver's manifest (docs/vendors.md#manifest) and the stops' coordinates
 * (docs/vendors.md#stops-on-the-map): who may read it, what it lists in which order, and the
 * passengers' numbers only inside the contacts window (an injected clock crosses the edge).
 */
import { beforeEach, describe, expect, it } from 'vitest';

import { buildApp } from '../../src/app';
import { addPassenger, createRide, createUser, createVendor, type TestRide, type TestUser } from '../factories';
import { loginAs, useTestApp } from '../helpers/app';
import { testEnv } from '../helpers/env';

type Json = Record<string, unknown>;

const HOUR = 3_600_000;
const departure = new Date('2031-03-10T02:00:00.000Z');
const windowOpens = new Date(departure.getTime() - 24 * HOUR);
let clock = new Date(windowOpens.getTime() - 1);

// VENDOR_CONTACTS_HOURS_BEFORE=24: the setting, not the default, decides the edge.
const t = useTestApp({
  build: async (db) => {
    const app = await buildApp({ env: testEnv({ VENDOR_CONTACTS_HOURS_BEFORE: '24' }), db, now: () => clock });
    await app.ready();
    return app;
  },
});

let organiser: TestUser;
let vendor: TestUser;
let ride: TestRide;
let ravi: TestUser;
let mei: TestUser;

beforeEach(async () => {
  clock = new Date(windowOpens.getTime() - 1);
  organiser = await createUser(t.db, { name: 'Olivia', whatsappNumber: '+6591110000' });
  vendor = await createVendor(t.db, {
    companyName: 'Acme Transport',
    driverDetails: { name: 'Tan', contact: '+6593330000', carNumber: 'SGX1234A' },
    vehicleSeats: 13,
  });
  ride = await createRide(t.db, organiser, {
    date: departure,
    status: 'assigned',
    vendorId: vendor.id,
    maxPassengers: 10,
    organizerCount: 2,
  });
  ravi = await createUser(t.db, { name: 'Ravi', whatsappNumber: '+6592220000' });
  mei = await createUser(t.db, { name: 'Mei', malaysianNumber: '+60125550000' });
  // Mei is stop 1, Ravi stop 2 (numbered first), the organiser unnumbered last.
  await addPassenger(t.db, ride, ravi, { location: 'Tampines Hub', count: 3, sequence: 2 });
  await addPassenger(t.db, ride, mei, {
    location: 'Bedok Mall',
    count: 1,
    sequence: 1,
    latitude: 1.3249,
    longitude: 103.9297,
  });
});

async function manifestAs(user: TestUser | null, id: number | string = ride.id) {
  const headers = user ? { cookie: await loginAs(t.app, user) } : {};
  return t.app.inject({ method: 'GET', url: `/api/rides/${String(id)}/manifest`, headers });
}

describe('GET /api/rides/:id/manifest', () => {
  it('numbers entries at one place as one stop (text alike, or pins within 50 m), listed together', async () => {
    const ann = await createUser(t.db, { name: 'Ann' });
    await addPassenger(t.db, ride, ann, { location: 'Mall at Bedok', latitude: 1.3251, longitude: 103.9299 });
    const manifest = (await manifestAs(organiser)).json<{ stops: { name: string; stop: number }[] }>();
    expect(manifest.stops.map((stop) => [stop.name, stop.stop])).toEqual([
      ['Mei', 1],
      ['Ann', 1],
      ['Ravi', 2],
      ['Olivia', 3],
    ]);
  });

  it('gives the assigned vendor the trip in stop order, the heads, the vehicle; numbers from the edge', async () => {
    const res = await manifestAs(vendor);
    expect(res.statusCode).toBe(200);
    const manifest = res.json<Json>();
    expect(manifest).toMatchObject({
      rideId: ride.id,
      direction: 'SG->FC',
      date: departure.toISOString(),
      pickupLocation: 'Pasir Ris MRT',
      totalPassengers: 6,
      vehicle: {
        carNumber: 'SGX1234A',
        seats: 13,
        companyName: 'Acme Transport',
        driverName: 'Tan',
        driverContact: '+6593330000',
      },
      organiser: { name: 'Olivia', whatsappNumber: '+6591110000' },
      contactsVisible: false,
      contactsVisibleFrom: windowOpens.toISOString(),
      note: null,
    });
    expect(manifest.stops).toEqual([
      expect.objectContaining({
        stop: 1,
        name: 'Mei',
        passengerCount: 1,
        location: 'Bedok Mall',
        coordinates: { latitude: 1.3249, longitude: 103.9297 },
        malaysianNumber: null,
        isOrganiser: false,
      }),
      expect.objectContaining({ stop: 2, name: 'Ravi', passengerCount: 3, whatsappNumber: null, coordinates: null }),
      expect.objectContaining({ stop: 3, name: 'Olivia', passengerCount: 2, isOrganiser: true, whatsappNumber: null }),
    ]);

    clock = windowOpens;
    const inside = (await manifestAs(vendor)).json<{ contactsVisible: boolean; stops: Json[] }>();
    expect(inside.contactsVisible).toBe(true);
    expect(inside.stops.map((stop) => [stop.whatsappNumber, stop.malaysianNumber])).toEqual([
      [null, '+60125550000'],
      ['+6592220000', null],
      ['+6591110000', null],
    ]);
  });

  it('gives the organiser the numbers at any time', async () => {
    const manifest = (await manifestAs(organiser)).json<{ contactsVisible: boolean; stops: Json[] }>();
    expect(manifest.contactsVisible).toBe(true);
    expect(manifest.stops[1]).toMatchObject({ name: 'Ravi', whatsappNumber: '+6592220000' });
  });

  it('adds no group travel QR code note to a full ride of 10 (the note is for parties past 10)', async () => {
    const full = await createRide(t.db, organiser, { date: departure, organizerCount: 5, maxPassengers: 10 });
    await addPassenger(t.db, full, ravi, { count: 5 });
    const manifest = (await manifestAs(organiser, full.id)).json<Json>();
    expect(manifest).toMatchObject({ totalPassengers: 10, vehicle: null, note: null });
  });

  it('refuses passengers, other members and vendors (403), a suspended vendor with its status', async () => {
    const other = await createVendor(t.db);
    const member = await createUser(t.db);
    for (const user of [ravi, member, other]) {
      const res = await manifestAs(user);
      expect(res.statusCode).toBe(403);
      expect(res.json<Json>().error).toBe('Only the assigned vendor and the organizer can see this manifest');
    }
    await t.db
      .updateTable('users')
      .set({ vendorStatus: 'suspended', vendorStatusReason: 'Insurance lapsed' })
      .where('id', '=', vendor.id)
      .execute();
    const suspended = await manifestAs(vendor);
    expect(suspended.statusCode).toBe(403);
    expect(suspended.json<Json>().error).toBe('Your vendor account is suspended: Insurance lapsed');
  });

  it('answers 401 signed out, 404 for an unknown ride, 400 for a bad id', async () => {
    expect((await manifestAs(null)).statusCode).toBe(401);
    const unknown = await manifestAs(organiser, 999999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<Json>().error).toBe('Ride not found');
    const bad = await manifestAs(organiser, 'abc');
    expect(bad.statusCode).toBe(400);
  });
});

describe('coordinates of a stop picked on the map', () => {
  async function join(user: TestUser, payload: Json) {
    const open = await createRide(t.db, organiser, { date: departure, maxPassengers: 10 });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/rides/${String(open.id)}/join`,
      headers: { cookie: await loginAs(t.app, user) },
      payload,
    });
    return { res, rideId: open.id };
  }

  it('keeps the pair a join sends, and joins without one as before', async () => {
    const withPoint = await join(ravi, {
      dropoffLocation: 'Bedok Mall',
      passengerCount: 2,
      latitude: 1.3249,
      longitude: 103.9297,
    });
    expect(withPoint.res.statusCode).toBe(201);
    expect(withPoint.res.json<Json>()).toMatchObject({ coordinates: { latitude: 1.3249, longitude: 103.9297 } });
    const without = await join(mei, { dropoffLocation: 'Jurong East', passengerCount: 1 });
    expect(without.res.statusCode).toBe(201);
    expect(without.res.json<Json>()).toMatchObject({ coordinates: null });
  });

  it("keeps a waiting group's pair and puts it on the entry when the group accepts its offer", async () => {
    const full = await createRide(t.db, organiser, { date: departure, maxPassengers: 2, organizerCount: 2 });
    const cookie = await loginAs(t.app, mei);
    const waited = await t.app.inject({
      method: 'POST',
      url: `/api/rides/${String(full.id)}/waitlist`,
      headers: { cookie },
      payload: { dropoffLocation: 'Bedok Mall', passengerCount: 1, latitude: 1.3249, longitude: 103.9297 },
    });
    expect(waited.statusCode).toBe(201);
    // The organiser makes room: the waiting group is offered the seat and accepts it.
    await t.db.updateTable('rides').set({ maxPassengers: 3 }).where('id', '=', full.id).execute();
    await t.db
      .updateTable('rideWaitlist')
      .set({ offerExpiresAt: new Date(departure) })
      .where('rideId', '=', full.id)
      .execute();
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/rides/${String(full.id)}/waitlist/accept`,
      headers: { cookie },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json<Json>()).toMatchObject({ coordinates: { latitude: 1.3249, longitude: 103.9297 } });
  });

  it.each([
    [{ latitude: 91, longitude: 103.9 }, 'Latitude must be a number from -90 to 90'],
    [{ latitude: 1.3, longitude: -181 }, 'Longitude must be a number from -180 to 180'],
    [{ latitude: '1.3', longitude: 103.9 }, 'Latitude must be a number from -90 to 90'],
    [{ latitude: 1.3 }, 'Latitude and longitude must be given together'],
  ])('refuses %j with 400 and writes nothing', async (point, message) => {
    const { res, rideId } = await join(ravi, { dropoffLocation: 'Bedok Mall', passengerCount: 1, ...point });
    expect(res.statusCode).toBe(400);
    expect(res.json<Json>().error).toBe(message);
    const entries = await t.db.selectFrom('ridePassengers').select('id').where('rideId', '=', rideId).execute();
    expect(entries).toHaveLength(1);
  });
});
