/**
 * Riders' numbers only when needed (docs/vendors.md#contacts, docs/product.md#leaving): co-riders
 * read each other's phone numbers only inside RIDER_CONTACTS_HOURS_BEFORE, Revolut usernames go to
 * the organiser alone, a member who left waits an hour to rejoin and leaves at most 6 rides a day,
 * and a vendor suspended while holding a ride reads no readiness counts. An injected clock.
 */
import { beforeEach, describe, expect, it } from 'vitest';

import { buildApp } from '../../src/app';
import { addPassenger, createRide, createUser, createVendor, type TestRide, type TestUser } from '../factories';
import { loginAs, useTestApp } from '../helpers/app';
import { testEnv } from '../helpers/env';

type Json = Record<string, unknown>;
type Entry = { id: number; userId: number; user: Json };

const HOUR = 3_600_000;
const departure = new Date('2031-03-10T02:00:00.000Z');
const ridersWindow = new Date(departure.getTime() - 48 * HOUR);
let clock = new Date(departure.getTime() - 5 * 24 * HOUR);

const t = useTestApp({
  build: async (db) => {
    const app = await buildApp({ env: testEnv(), db, now: () => clock });
    await app.ready();
    return app;
  },
});

let organiser: TestUser;
let ravi: TestUser;
let mei: TestUser;
let ride: TestRide;

beforeEach(async () => {
  clock = new Date(departure.getTime() - 5 * 24 * HOUR);
  organiser = await createUser(t.db, { name: 'Olivia', whatsappNumber: '+6591110000', revolutUsername: 'olivia' });
  ravi = await createUser(t.db, {
    name: 'Ravi',
    whatsappNumber: '+6592220000',
    malaysianNumber: '+60122220000',
    revolutUsername: 'ravi',
  });
  mei = await createUser(t.db, { name: 'Mei', whatsappNumber: '+6593330000', revolutUsername: 'mei' });
  ride = await createRide(t.db, organiser, { date: departure, maxPassengers: 8 });
  await addPassenger(t.db, ride, ravi, { location: 'Tampines Hub' });
  await addPassenger(t.db, ride, mei, { location: 'Bedok Mall' });
});

async function as(user: TestUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Json) {
  const cookie = await loginAs(t.app, user);
  return t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
}

async function passengersAs(user: TestUser): Promise<Map<number, Json>> {
  const res = await as(user, 'GET', `/api/rides/${String(ride.id)}/passengers`);
  expect(res.statusCode).toBe(200);
  return new Map(res.json<Entry[]>().map((entry) => [entry.userId, entry.user]));
}

describe("co-riders' numbers", () => {
  it('are hidden from a co-rider before RIDER_CONTACTS_HOURS_BEFORE, names and Discord kept', async () => {
    const seen = await passengersAs(mei);
    expect(seen.get(ravi.id)).toMatchObject({
      name: 'Ravi',
      discordUsername: ravi.discordUsername,
      whatsappNumber: null,
      malaysianNumber: null,
      revolutUsername: null,
    });
    // Their own entry stays whole.
    expect(seen.get(mei.id)).toMatchObject({ whatsappNumber: '+6593330000', revolutUsername: 'mei' });
  });

  it('show to a co-rider from the edge on, without the Revolut username', async () => {
    clock = new Date(ridersWindow.getTime() - 1);
    expect((await passengersAs(mei)).get(ravi.id)).toMatchObject({ whatsappNumber: null });
    clock = ridersWindow;
    expect((await passengersAs(mei)).get(ravi.id)).toMatchObject({
      whatsappNumber: '+6592220000',
      malaysianNumber: '+60122220000',
      revolutUsername: null,
    });
  });

  it("give the organiser every number and Revolut at once; nobody else the organiser's Revolut", async () => {
    const seen = await passengersAs(organiser);
    expect(seen.get(ravi.id)).toMatchObject({ whatsappNumber: '+6592220000', revolutUsername: 'ravi' });
    expect(seen.get(mei.id)).toMatchObject({ whatsappNumber: '+6593330000', revolutUsername: 'mei' });
    clock = departure;
    expect((await passengersAs(mei)).get(organiser.id)).toMatchObject({
      whatsappNumber: '+6591110000',
      revolutUsername: null,
    });
  });

  it('follow RIDER_CONTACTS_HOURS_BEFORE, refused at start-up when out of range', async () => {
    const app = await buildApp({
      env: testEnv({ RIDER_CONTACTS_HOURS_BEFORE: '6' }),
      db: t.db,
      now: () => new Date(departure.getTime() - 7 * HOUR),
    });
    await app.ready();
    try {
      const cookie = await loginAs(app, mei);
      const res = await app.inject({
        method: 'GET',
        url: `/api/rides/${String(ride.id)}/passengers`,
        headers: { cookie },
      });
      const ravisEntry = res.json<Entry[]>().find((entry) => entry.userId === ravi.id);
      expect(ravisEntry?.user).toMatchObject({ whatsappNumber: null });
      const config = await app.inject({ method: 'GET', url: '/api/config' });
      expect(config.json<Json>().riderContactsHoursBefore).toBe(6);
    } finally {
      await app.close();
    }
    expect(() => testEnv({ RIDER_CONTACTS_HOURS_BEFORE: '721' })).toThrow(/RIDER_CONTACTS_HOURS_BEFORE/);
  });
});

describe('leaving and rejoining', () => {
  const join = (user: TestUser) =>
    as(user, 'POST', `/api/rides/${String(ride.id)}/join`, { dropoffLocation: 'Changi Village', passengerCount: 1 });

  async function leave(user: TestUser, rideId = ride.id) {
    const list = await as(user, 'GET', `/api/rides/${String(rideId)}/passengers`);
    const own = list.json<Entry[]>().find((entry) => entry.userId === user.id);
    return as(user, 'DELETE', `/api/rides/${String(rideId)}/passengers/${String(own?.id)}`);
  }

  it('refuses a rejoin within the hour (409 naming when), and allows it an hour later', async () => {
    clock = new Date('2031-03-01T07:00:00.000Z');
    expect((await leave(mei)).statusCode).toBe(200);
    clock = new Date('2031-03-01T07:59:59.000Z');
    const early = await join(mei);
    expect(early.statusCode).toBe(409);
    expect(early.json<Json>().error).toBe('You left this ride at 3:00 pm. You can join it again from 4:00 pm.');
    clock = new Date('2031-03-01T08:00:00.000Z');
    expect((await join(mei)).statusCode).toBe(201);
  });

  it('does not hold back a member the organiser took off', async () => {
    const list = (await as(organiser, 'GET', `/api/rides/${String(ride.id)}/passengers`)).json<Entry[]>();
    const meis = list.find((entry) => entry.userId === mei.id);
    const removed = await as(organiser, 'DELETE', `/api/rides/${String(ride.id)}/passengers/${String(meis?.id)}`);
    expect(removed.statusCode).toBe(200);
    expect((await join(mei)).statusCode).toBe(201);
  });

  it('refuses a seventh leave within 24 hours (429 with the reason and Retry-After)', async () => {
    const start = new Date('2031-03-01T00:00:00.000Z');
    const rides: TestRide[] = [];
    for (let i = 0; i < 7; i += 1) {
      const other = await createRide(t.db, organiser, { date: departure });
      await addPassenger(t.db, other, ravi);
      rides.push(other);
    }
    for (const [i, other] of rides.slice(0, 6).entries()) {
      clock = new Date(start.getTime() + i * HOUR);
      expect((await leave(ravi, other.id)).statusCode).toBe(200);
    }
    clock = new Date(start.getTime() + 10 * HOUR);
    const seventh = await leave(ravi, (rides[6] as TestRide).id);
    expect(seventh.statusCode).toBe(429);
    expect(seventh.json<Json>().error).toBe(
      'You have left 6 rides in the last 24 hours, the most a member may. You can leave another ride in 840 minutes; the organizer can take you off sooner.',
    );
    expect(seventh.headers['retry-after']).toBe(String(14 * 3600));
    // Still on the ride; once the first leave is a day old, the leave goes through.
    clock = new Date(start.getTime() + 24 * HOUR);
    expect((await leave(ravi, (rides[6] as TestRide).id)).statusCode).toBe(200);
  });

  it('counts two leaves sent at once one after the other', async () => {
    const start = new Date('2031-03-01T00:00:00.000Z');
    clock = start;
    for (let i = 0; i < 5; i += 1) {
      const other = await createRide(t.db, organiser, { date: departure });
      await addPassenger(t.db, other, ravi);
      expect((await leave(ravi, other.id)).statusCode).toBe(200);
    }
    const last = [
      await createRide(t.db, organiser, { date: departure }),
      await createRide(t.db, organiser, { date: departure }),
    ];
    for (const other of last) await addPassenger(t.db, other, ravi);
    const answers = await Promise.all(last.map((other) => leave(ravi, other.id)));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 429]);
  });
});

describe('readiness for a vendor suspended while assigned', () => {
  it('answers null; the approved vendor gets the counts', async () => {
    const vendor: TestUser = await createVendor(t.db, { companyName: 'Acme Transport' });
    const held = await createRide(t.db, organiser, { date: departure, status: 'assigned', vendorId: vendor.id });
    const read = async () => (await as(vendor, 'GET', `/api/rides/${String(held.id)}`)).json<Json>().readiness;
    expect(await read()).toEqual({ ready: 0, total: 1 });
    await t.db
      .updateTable('users')
      .set({ vendorStatus: 'suspended', vendorStatusReason: 'Insurance lapsed' })
      .where('id', '=', vendor.id)
      .execute();
    expect(await read()).toBeNull();
  });
});
