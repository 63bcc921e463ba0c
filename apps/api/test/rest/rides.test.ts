import { idParamMessage } from '@rideshare/domain';
import { beforeEach, describe, expect, it } from 'vitest';

import { addPassenger, createRide, createUser, createVendor, type TestUser } from '../factories';
import { createTestApp, loginAs, useTestApp } from '../helpers/app';
import { rideTablesSnapshot } from '../helpers/rides';

const t = useTestApp();

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY);

/** The ride fields (docs/product.md#data), as every ride answer carries them. */
const RIDE_FIELDS = [
  'id',
  'creatorId',
  'creatorName',
  'direction',
  'date',
  'maxPassengers',
  'currentPassengers',
  'pickupLocation',
  'dropoffLocations',
  'status',
  'vendorId',
  'driverContactId',
  'cost',
  'additionalStops',
  'stopPrice',
];

const payload = (overrides: Record<string, unknown> = {}) => ({
  direction: 'SG->FC',
  maxPassengers: 4,
  date: inDays(2).toISOString(),
  organizerPassengerCount: 1,
  pickupLocation: 'Pasir Ris MRT',
  dropoffLocations: [{ location: 'Pasir Ris MRT', passengerCount: 1 }],
  ...overrides,
});

let alice: TestUser;
let bob: TestUser;
let aliceCookie: string;
let bobCookie: string;

beforeEach(async () => {
  alice = await createUser(t.db, { name: 'Alice', whatsappNumber: '+6591234567' });
  bob = await createUser(t.db, { name: 'Bob' });
  aliceCookie = await loginAs(t.app, alice);
  bobCookie = await loginAs(t.app, bob);
});

type Json = Record<string, unknown>;

describe('GET /api/rides', () => {
  it('answers every ride with the SPEC field names, an ETag, and 304 when unchanged', async () => {
    const ride = await createRide(t.db, alice);
    await createRide(t.db, bob, { date: inDays(-3) });
    const first = await t.app.inject({ method: 'GET', url: '/api/rides' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    const list = first.json<Json[]>();
    expect(list).toHaveLength(2);
    for (const field of RIDE_FIELDS) expect(list[1]).toHaveProperty(field);
    expect(list[1]).toMatchObject({ id: ride.id, creatorName: 'Alice', currentPassengers: 1, cost: 80 });
    const etag = first.headers.etag;
    expect(typeof etag).toBe('string');

    const cached = await t.app.inject({ method: 'GET', url: '/api/rides', headers: { 'if-none-match': String(etag) } });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');
    const strong = String(etag).replace(/^W\//, '');
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/rides',
      headers: { 'if-none-match': `"other", ${strong}` },
    });
    expect(listed.statusCode).toBe(304);
    const stale = await t.app.inject({ method: 'GET', url: '/api/rides', headers: { 'if-none-match': 'W/"rides-0"' } });
    expect(stale.statusCode).toBe(200);
  });

  it('changes the ETag after a write, and serves the new list', async () => {
    const ride = await createRide(t.db, alice);
    const first = await t.app.inject({ method: 'GET', url: '/api/rides' });
    const etag = String(first.headers.etag);
    const join = await t.app.inject({
      method: 'POST',
      url: `/api/rides/${String(ride.id)}/join`,
      headers: { cookie: bobCookie },
      payload: { dropoffLocation: 'Bedok', passengerCount: 2 },
    });
    expect(join.statusCode).toBe(201);
    const after = await t.app.inject({ method: 'GET', url: '/api/rides', headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.json<Json[]>()[0]).toMatchObject({ currentPassengers: 3, additionalStops: 1 });
  });
});

describe('GET /api/rides/:id', () => {
  it('answers the ride with creator and creatorName; numbers only for signed-in callers', async () => {
    const ride = await createRide(t.db, alice);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/rides/${String(ride.id)}` });
    expect(anonymous.statusCode).toBe(200);
    const body = anonymous.json<Json>();
    for (const field of RIDE_FIELDS) expect(body).toHaveProperty(field);
    expect(body).toMatchObject({
      creatorName: 'Alice',
      creator: { id: alice.id, name: 'Alice', whatsappNumber: null },
    });
    const signedIn = await t.app.inject({
      method: 'GET',
      url: `/api/rides/${String(ride.id)}`,
      headers: { cookie: bobCookie },
    });
    // A signed-in member reads the organiser's numbers (shared with members by default).
    expect(signedIn.json<Json>()).toMatchObject({ creator: { whatsappNumber: '+6591234567' }, driver: null });
    await addPassenger(t.db, ride, bob);
    const passenger = await t.app.inject({
      method: 'GET',
      url: `/api/rides/${String(ride.id)}`,
      headers: { cookie: bobCookie },
    });
    expect(passenger.json<Json>()).toMatchObject({ creator: { whatsappNumber: '+6591234567' }, driver: null });
  });

  it('carries the driver card for the organiser and passengers once a vendor is assigned, null otherwise', async () => {
    const vendor = await createVendor(t.db, {
      companyName: 'Acme Transport',
      driverDetails: { name: 'Tan Ah Kow', contact: '+6598765432', carNumber: 'SGX1234A' },
    });
    const ride = await createRide(t.db, alice, { status: 'assigned', vendorId: vendor.id });
    const url = `/api/rides/${String(ride.id)}`;
    const organiser = await t.app.inject({ method: 'GET', url, headers: { cookie: aliceCookie } });
    expect(organiser.json<Json>().driver).toEqual({
      companyName: 'Acme Transport',
      driverName: 'Tan Ah Kow',
      driverContact: '+6598765432',
      carNumber: 'SGX1234A',
    });
    expect((await t.app.inject({ method: 'GET', url, headers: { cookie: bobCookie } })).json<Json>().driver).toBeNull();
    expect((await t.app.inject({ method: 'GET', url })).json<Json>().driver).toBeNull();
  });

  it.each([
    ['abc', 400, idParamMessage('id')],
    ['0', 400, idParamMessage('id')],
    ['-4', 400, idParamMessage('id')],
    ['1.5', 400, idParamMessage('id')],
    ['99999999999', 400, idParamMessage('id')],
    ['4242', 404, 'Ride not found'],
  ])('answers /api/rides/%s with %i', async (id, status, error) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/rides/${id}` });
    expect(res.statusCode).toBe(status);
    expect(res.json<Json>().error).toBe(error);
  });
});

describe('what a signed-out visitor sees (GET /api/rides and GET /api/rides/:id)', () => {
  /**
   * Two rides whose answers hold every kind of secret: an SG->FC ride by a named organiser (Alice)
   * and an FC->SG ride by an organiser without a name, each with a passenger's free-text location.
   */
  async function ridesWithSecrets() {
    const nameless = await createUser(t.db, { name: null, discordUsername: 'nameless_organiser_handle' });
    const sg = await createRide(t.db, alice, { direction: 'SG->FC', organizerLocation: 'Pasir Ris MRT' });
    await addPassenger(t.db, sg, bob, { location: 'Blk 9 Bob Street #01-02' });
    const fc = await createRide(t.db, nameless, {
      direction: 'FC->SG',
      organizerLocation: 'Nameless Home Road 7',
      date: inDays(4),
    });
    await addPassenger(t.db, fc, bob, { location: 'Bob Drop-off Lane 3', count: 2 });
    const secrets = [
      alice.discordUsername,
      bob.discordUsername,
      nameless.discordUsername,
      'Blk 9 Bob Street',
      'Bob Drop-off Lane',
      'Nameless Home Road',
    ];
    return { sg, fc, nameless, secrets };
  }

  it('GET /api/rides: no Discord username and no passenger location text for a visitor', async () => {
    const { sg, fc, secrets } = await ridesWithSecrets();
    const res = await t.app.inject({ method: 'GET', url: '/api/rides' });
    expect(res.statusCode).toBe(200);
    for (const secret of secrets) expect(res.body).not.toContain(secret);
    const byId = new Map(res.json<Json[]>().map((ride) => [ride.id, ride]));
    expect(byId.get(sg.id)).toMatchObject({
      creatorName: 'Alice',
      pickupLocation: 'Pasir Ris MRT',
      dropoffLocations: [{ location: 'Pasir Ris MRT', passengerCount: 1 }],
      currentPassengers: 2,
      additionalStops: 1,
    });
    expect(byId.get(fc.id)).toMatchObject({
      creatorName: null,
      pickupLocation: 'Forest City',
      dropoffLocations: [],
      currentPassengers: 3,
      additionalStops: 1,
    });
  });

  it('GET /api/rides: signed-in members still see names, usernames and every location', async () => {
    const { sg, fc, nameless } = await ridesWithSecrets();
    const res = await t.app.inject({ method: 'GET', url: '/api/rides', headers: { cookie: bobCookie } });
    expect(res.statusCode).toBe(200);
    const byId = new Map(res.json<Json[]>().map((ride) => [ride.id, ride]));
    expect(byId.get(sg.id)).toMatchObject({
      creatorName: 'Alice',
      dropoffLocations: [
        { location: 'Pasir Ris MRT', passengerCount: 1 },
        { location: 'Blk 9 Bob Street #01-02', passengerCount: 1 },
      ],
    });
    expect(byId.get(fc.id)).toMatchObject({
      creatorName: nameless.discordUsername,
      dropoffLocations: [
        { location: 'Nameless Home Road 7', passengerCount: 1 },
        { location: 'Bob Drop-off Lane 3', passengerCount: 2 },
      ],
    });
  });

  it('GET /api/rides: each audience has its own ETag, so a 304 never hands one the other’s body', async () => {
    await ridesWithSecrets();
    const visitor = await t.app.inject({ method: 'GET', url: '/api/rides' });
    const member = await t.app.inject({ method: 'GET', url: '/api/rides', headers: { cookie: bobCookie } });
    const visitorTag = String(visitor.headers.etag);
    const memberTag = String(member.headers.etag);
    expect(visitorTag).toMatch(/^W\/".+"$/);
    expect(memberTag).toMatch(/^W\/".+"$/);
    expect(memberTag).not.toBe(visitorTag);
    expect(member.body).not.toBe(visitor.body);
    for (const res of [visitor, member]) expect(String(res.headers.vary)).toMatch(/cookie/i);

    // Each audience's own tag: 304.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/rides', headers: { 'if-none-match': visitorTag } })).statusCode,
    ).toBe(304);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/rides',
          headers: { cookie: bobCookie, 'if-none-match': memberTag },
        })
      ).statusCode,
    ).toBe(304);
    // The other audience's tag: the full body of one's own audience.
    const visitorWithMemberTag = await t.app.inject({
      method: 'GET',
      url: '/api/rides',
      headers: { 'if-none-match': memberTag },
    });
    expect(visitorWithMemberTag.statusCode).toBe(200);
    expect(visitorWithMemberTag.body).toBe(visitor.body);
    const memberWithVisitorTag = await t.app.inject({
      method: 'GET',
      url: '/api/rides',
      headers: { cookie: bobCookie, 'if-none-match': visitorTag },
    });
    expect(memberWithVisitorTag.statusCode).toBe(200);
    expect(memberWithVisitorTag.body).toBe(member.body);
  });

  it('GET /api/rides: Vary names the cookie next to the Origin that CORS varies on', async () => {
    const corsApp = await createTestApp(t.db, { CORS_ORIGIN: 'https://app.example.com' });
    try {
      const res = await corsApp.inject({
        method: 'GET',
        url: '/api/rides',
        headers: { origin: 'https://app.example.com' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe('https://app.example.com');
      const vary = String(res.headers.vary)
        .split(',')
        .map((name) => name.trim().toLowerCase());
      expect(vary).toEqual(expect.arrayContaining(['origin', 'cookie']));
    } finally {
      await corsApp.close();
    }
  });

  it('GET /api/rides/:id: no Discord username of the organiser (named or not) and no passenger location', async () => {
    const { sg, fc, secrets, nameless } = await ridesWithSecrets();
    const named = await t.app.inject({ method: 'GET', url: `/api/rides/${String(sg.id)}` });
    expect(named.statusCode).toBe(200);
    const unnamed = await t.app.inject({ method: 'GET', url: `/api/rides/${String(fc.id)}` });
    expect(unnamed.statusCode).toBe(200);
    for (const res of [named, unnamed]) {
      for (const secret of secrets) expect(res.body).not.toContain(secret);
    }
    expect(named.json<Json>()).toMatchObject({
      creatorName: 'Alice',
      dropoffLocations: [{ location: 'Pasir Ris MRT', passengerCount: 1 }],
      creator: { id: alice.id, name: 'Alice', discordUsername: null, whatsappNumber: null, malaysianNumber: null },
    });
    expect(unnamed.json<Json>()).toMatchObject({
      creatorName: null,
      dropoffLocations: [],
      creator: { id: nameless.id, name: null, discordUsername: null },
    });

    const member = await t.app.inject({
      method: 'GET',
      url: `/api/rides/${String(fc.id)}`,
      headers: { cookie: aliceCookie },
    });
    expect(member.json<Json>()).toMatchObject({
      creatorName: nameless.discordUsername,
      creator: { discordUsername: nameless.discordUsername },
      dropoffLocations: [
        { location: 'Nameless Home Road 7', passengerCount: 1 },
        { location: 'Bob Drop-off Lane 3', passengerCount: 2 },
      ],
    });
  });
});

describe('POST /api/rides', () => {
  it('creates a ride (201) with the organiser as its first passenger', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/rides',
      headers: { cookie: aliceCookie },
      payload: payload(),
    });
    expect(res.statusCode).toBe(201);
    const body = res.json<Json>();
    for (const field of RIDE_FIELDS) expect(body).toHaveProperty(field);
    expect(body).toMatchObject({
      creatorId: alice.id,
      currentPassengers: 1,
      status: 'open',
      cost: 80,
      additionalStops: 0,
    });
    const entries = await t.db.selectFrom('ridePassengers').select(['userId', 'rideId']).execute();
    expect(entries).toEqual([{ userId: alice.id, rideId: body.id }]);
  });

  it('stores SQL-looking and HTML text verbatim', async () => {
    const text = `'); drop table rides; -- <script>alert(1)</script>`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/rides',
      headers: { cookie: aliceCookie },
      payload: payload({ pickupLocation: text }),
    });
    expect(res.statusCode).toBe(201);
    const id = res.json<{ id: number }>().id;
    const read = await t.app.inject({ method: 'GET', url: `/api/rides/${String(id)}` });
    expect(read.json<Json>().pickupLocation).toBe(text);
    expect(read.body).toContain('<script>');
    const join = await t.app.inject({
      method: 'POST',
      url: `/api/rides/${String(id)}/join`,
      headers: { cookie: bobCookie },
      payload: { dropoffLocation: text, passengerCount: 1 },
    });
    expect(join.json<Json>().dropoffLocation).toBe(text);
    expect(await t.db.selectFrom('rides').select('id').execute()).toHaveLength(1);
  });

  it.each([
    ['signed out', undefined, payload(), 401, 'You must be logged in'],
    [
      'wrong type for maxPassengers',
      'alice',
      payload({ maxPassengers: 'four' }),
      400,
      'Maximum passengers must be a whole number from 1 to 10',
    ],
    [
      'a date in the past',
      'alice',
      payload({ date: inDays(-1).toISOString() }),
      400,
      'The ride date must be in the future',
    ],
    ['an array body', 'alice', [payload()], 400, 'Direction must be SG->FC or FC->SG'],
    ['a vendor', 'vendor', payload(), 403, 'Vendors cannot create rides'],
  ])('refuses %s, writing nothing', async (_label, who, body, status, error) => {
    const vendor = await createVendor(t.db);
    const cookie = who === 'alice' ? aliceCookie : who === 'vendor' ? await loginAs(t.app, vendor) : undefined;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/rides',
      headers: cookie ? { cookie } : {},
      payload: body,
    });
    expect(res.statusCode).toBe(status);
    expect(res.json<Json>().error).toBe(error);
    expect(await t.db.selectFrom('rides').select('id').execute()).toHaveLength(0);
  });

  it('answers 400 to malformed JSON and 413 to a 1 MB location, writing nothing', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/rides',
      headers: { cookie: aliceCookie, 'content-type': 'application/json' },
      payload: '{"direction": "SG->FC",',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<Json>().error).toBe('The request body is not valid JSON');

    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/rides',
      headers: { cookie: aliceCookie },
      payload: payload({ pickupLocation: 'x'.repeat(1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json<Json>().error).toBe('The request body is too large');

    const long = await t.app.inject({
      method: 'POST',
      url: '/api/rides',
      headers: { cookie: aliceCookie },
      payload: payload({ pickupLocation: 'x'.repeat(600) }),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json<Json>().error).toBe('Pickup location must be at most 500 characters');
    expect(await t.db.selectFrom('rides').select('id').execute()).toHaveLength(0);
  });
});

describe('PATCH and DELETE /api/rides/:id', () => {
  it('updates for the organiser; the path id wins over a body id', async () => {
    const ride = await createRide(t.db, alice);
    const other = await createRide(t.db, alice);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/rides/${String(ride.id)}`,
      headers: { cookie: aliceCookie },
      payload: { ...payload({ maxPassengers: 7, organizerPassengerCount: 2, pickupLocation: 'Bedok' }), id: other.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Json>()).toMatchObject({
      id: ride.id,
      maxPassengers: 7,
      currentPassengers: 2,
      pickupLocation: 'Bedok',
    });
    const untouched = await t.db
      .selectFrom('rides')
      .select('maxPassengers')
      .where('id', '=', other.id)
      .executeTakeFirstOrThrow();
    expect(untouched.maxPassengers).toBe(4);
  });

  it('refuses others (403), a maximum below the seats taken (409) and bad ids (400/404)', async () => {
    const ride = await createRide(t.db, alice, { maxPassengers: 5 });
    await addPassenger(t.db, ride, bob, { count: 3 });
    const before = await rideTablesSnapshot(t.db);
    const patch = (url: string, cookie: string, body: unknown) =>
      t.app.inject({ method: 'PATCH', url, headers: { cookie }, payload: body as Json });
    const url = `/api/rides/${String(ride.id)}`;

    const notCreator = await patch(url, bobCookie, payload());
    expect(notCreator.statusCode).toBe(403);
    expect(notCreator.json<Json>().error).toBe('Only the ride organizer can edit this ride');
    const tooSmall = await patch(url, aliceCookie, payload({ maxPassengers: 3 }));
    expect(tooSmall.statusCode).toBe(409);
    expect(tooSmall.json<Json>().error).toBe('Maximum passengers cannot be less than the 4 seats already taken');
    expect((await patch('/api/rides/abc', aliceCookie, payload())).statusCode).toBe(400);
    expect((await patch('/api/rides/777', aliceCookie, payload())).statusCode).toBe(404);
    expect(await rideTablesSnapshot(t.db)).toBe(before);
  });

  it('deletes only a ride nobody else joined, and only for its organiser', async () => {
    const ride = await createRide(t.db, alice);
    const entry = await addPassenger(t.db, ride, bob);
    const url = `/api/rides/${String(ride.id)}`;

    const byOther = await t.app.inject({ method: 'DELETE', url, headers: { cookie: bobCookie } });
    expect(byOther.statusCode).toBe(403);
    const withPassengers = await t.app.inject({ method: 'DELETE', url, headers: { cookie: aliceCookie } });
    expect(withPassengers.statusCode).toBe(409);
    expect(withPassengers.json<Json>().error).toBe(
      'This ride has passengers who joined. Remove them before deleting it.',
    );
    expect(await t.db.selectFrom('ridePassengers').select('id').execute()).toHaveLength(2);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `${url}/passengers/${String(entry.id)}`,
      headers: { cookie: aliceCookie },
    });
    expect(removed.statusCode).toBe(200);
    const deleted = await t.app.inject({ method: 'DELETE', url, headers: { cookie: aliceCookie } });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json<Json>()).toEqual({ id: ride.id, message: 'Ride deleted successfully' });
    expect(await t.db.selectFrom('rides').select('id').execute()).toHaveLength(0);
    expect((await t.app.inject({ method: 'DELETE', url, headers: { cookie: aliceCookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
  });
});

describe('passengers', () => {
  it('GET /api/rides/:id/passengers: login required, entries with their user', async () => {
    const ride = await createRide(t.db, alice);
    await addPassenger(t.db, ride, bob, { location: 'Bedok', count: 2 });
    const url = `/api/rides/${String(ride.id)}/passengers`;
    const anonymous = await t.app.inject({ method: 'GET', url });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json<Json>().error).toBe('You must be logged in');
    const res = await t.app.inject({ method: 'GET', url, headers: { cookie: bobCookie } });
    expect(res.statusCode).toBe(200);
    const list = res.json<Json[]>();
    expect(list).toHaveLength(2);
    for (const field of ['id', 'rideId', 'userId', 'dropoffLocation', 'dropoffSequence', 'passengerCount', 'user']) {
      expect(list[1]).toHaveProperty(field);
    }
    expect(list[1]).toMatchObject({
      userId: bob.id,
      dropoffLocation: 'Bedok',
      passengerCount: 2,
      user: { name: 'Bob', fullName: 'Bob' },
    });
    // Bob is on the ride: he sees the organiser's number. A member who is not sees the organiser's
    // numbers (shared with members by default) but no passenger's, and nobody's Revolut.
    expect(list[0]).toMatchObject({ user: { name: 'Alice', whatsappNumber: '+6591234567' } });
    const carol = await createUser(t.db, { name: 'Carol' });
    const outsider = await t.app.inject({ method: 'GET', url, headers: { cookie: await loginAs(t.app, carol) } });
    expect(outsider.json<Json[]>()[0]).toMatchObject({
      user: { name: 'Alice', whatsappNumber: '+6591234567', revolutUsername: null },
    });
    expect(outsider.json<Json[]>()[1]).toMatchObject({
      user: { name: 'Bob', whatsappNumber: null, malaysianNumber: null, revolutUsername: null },
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/rides/x/passengers', headers: { cookie: bobCookie } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/rides/404/passengers', headers: { cookie: bobCookie } }))
        .statusCode,
    ).toBe(404);
  });

  it('POST /api/rides/:id/join: the path id wins; spots, duplicates and bad input are refused', async () => {
    const ride = await createRide(t.db, alice, { maxPassengers: 3 });
    const other = await createRide(t.db, alice);
    const url = `/api/rides/${String(ride.id)}/join`;
    const join = (cookie: string, body: unknown) =>
      t.app.inject({ method: 'POST', url, headers: { cookie }, payload: body as Json });

    const tooMany = await join(bobCookie, { rideId: other.id, dropoffLocation: 'Bedok', passengerCount: 3 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json<Json>().error).toBe('Only 2 spots remaining');
    const badCount = await join(bobCookie, { dropoffLocation: 'Bedok', passengerCount: 'two' });
    expect(badCount.statusCode).toBe(400);
    expect(badCount.json<Json>().error).toBe('Must have at least 1 passenger');

    const ok = await join(bobCookie, { rideId: other.id, dropoffLocation: 'Bedok', passengerCount: 2 });
    expect(ok.statusCode).toBe(201);
    expect(ok.json<Json>()).toMatchObject({
      rideId: ride.id,
      userId: bob.id,
      passengerCount: 2,
      dropoffSequence: null,
    });
    const again = await join(bobCookie, { dropoffLocation: 'Bedok', passengerCount: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json<Json>().error).toBe('You have already joined this ride');
    const carol = await createUser(t.db);
    const full = await join(await loginAs(t.app, carol), { dropoffLocation: 'Bedok', passengerCount: 1 });
    expect(full.statusCode).toBe(409);
    expect(full.json<Json>().error).toBe('Ride is full');
    const own = await join(aliceCookie, { dropoffLocation: 'Bedok', passengerCount: 1 });
    expect(own.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url, payload: { dropoffLocation: 'Bedok' } })).statusCode).toBe(401);

    const entries = await t.db
      .selectFrom('ridePassengers')
      .select(['rideId', 'userId'])
      .where('userId', '=', bob.id)
      .execute();
    expect(entries).toEqual([{ rideId: ride.id, userId: bob.id }]);
  });

  it('DELETE /api/rides/:id/passengers/:passengerId: organiser or self only', async () => {
    const ride = await createRide(t.db, alice);
    const b = await addPassenger(t.db, ride, bob);
    const carol = await createUser(t.db);
    const carolCookie = await loginAs(t.app, carol);
    const url = `/api/rides/${String(ride.id)}/passengers/${String(b.id)}`;

    const stranger = await t.app.inject({ method: 'DELETE', url, headers: { cookie: carolCookie } });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json<Json>().error).toBe('You can only remove yourself from this ride');
    const badId = await t.app.inject({
      method: 'DELETE',
      url: `/api/rides/${String(ride.id)}/passengers/x`,
      headers: { cookie: bobCookie },
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.json<Json>().error).toBe(idParamMessage('passengerId'));
    const organiserEntry = await t.app.inject({
      method: 'DELETE',
      url: `/api/rides/${String(ride.id)}/passengers/${String(ride.organizerEntryId)}`,
      headers: { cookie: aliceCookie },
    });
    expect(organiserEntry.statusCode).toBe(403);

    const leave = await t.app.inject({ method: 'DELETE', url, headers: { cookie: bobCookie } });
    expect(leave.statusCode).toBe(200);
    expect(leave.json<Json>()).toMatchObject({
      message: 'Passenger removed successfully',
      ride: { id: ride.id, currentPassengers: 1 },
    });
    const gone = await t.app.inject({ method: 'DELETE', url, headers: { cookie: bobCookie } });
    expect(gone.statusCode).toBe(404);
    expect(gone.json<Json>().error).toBe('This passenger is not on this ride');
  });
});

describe('drop-off sequence', () => {
  it('PATCH …/sequence moves a passenger; POST …/lockSequence locks; then moves are refused', async () => {
    const ride = await createRide(t.db, alice, { direction: 'FC->SG' });
    const b = await addPassenger(t.db, ride, bob, { location: 'Jurong' });
    const base = `/api/rides/${String(ride.id)}`;
    const move = (cookie: string, body: unknown, passengerId = b.id) =>
      t.app.inject({
        method: 'PATCH',
        url: `${base}/passengers/${String(passengerId)}/sequence`,
        headers: { cookie },
        payload: body as Json,
      });

    const moved = await move(aliceCookie, { sequence: 1 });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<Json[]>().map((e) => [e.id, e.dropoffSequence])).toEqual([
      [b.id, 1],
      [ride.organizerEntryId, 2],
    ]);
    const outOfRange = await move(aliceCookie, { sequence: 3 });
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.json<Json>().error).toBe('Sequence must be between 1 and 2');
    const wrongType = await move(aliceCookie, { sequence: 'first' });
    expect(wrongType.statusCode).toBe(400);
    const notCreator = await move(bobCookie, { sequence: 2 });
    expect(notCreator.statusCode).toBe(403);

    const lockByOther = await t.app.inject({
      method: 'POST',
      url: `${base}/lockSequence`,
      headers: { cookie: bobCookie },
    });
    expect(lockByOther.statusCode).toBe(403);
    const lock = await t.app.inject({ method: 'POST', url: `${base}/lockSequence`, headers: { cookie: aliceCookie } });
    expect(lock.statusCode).toBe(200);
    expect(lock.json<Json[]>()).toHaveLength(2);
    const locked = await move(aliceCookie, { sequence: 2 });
    expect(locked.statusCode).toBe(409);
    expect(locked.json<Json>().error).toBe('The order is locked');
    const ride2 = await t.app.inject({ method: 'GET', url: base });
    expect(ride2.json<Json>().sequenceLocked).toBe(true);
  });
});

describe('GET /api/rides/user/joined and GET /api/stats', () => {
  it('answers the rides the caller joined, and the counters', async () => {
    const ride = await createRide(t.db, alice);
    await createRide(t.db, bob);
    await addPassenger(t.db, ride, bob);
    const joined = await t.app.inject({ method: 'GET', url: '/api/rides/user/joined', headers: { cookie: bobCookie } });
    expect(joined.statusCode).toBe(200);
    expect(joined.json<Json[]>().map((r) => r.id)).toEqual([ride.id]);
    for (const field of RIDE_FIELDS) expect(joined.json<Json[]>()[0]).toHaveProperty(field);
    expect((await t.app.inject({ method: 'GET', url: '/api/rides/user/joined' })).statusCode).toBe(401);

    const stats = await t.app.inject({ method: 'GET', url: '/api/stats' });
    expect(stats.statusCode).toBe(200);
    expect(stats.json()).toEqual({ totalRides: 2, totalUsers: 2 });
  });
});
