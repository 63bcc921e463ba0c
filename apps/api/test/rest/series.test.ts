/**
 * Weekly series over REST (docs/series.md): creating every ride in one transaction, the limits,
 * the one-ride rules, listing, and editing or cancelling "this and following" rides. The clock is
 * injected: Wednesday 27 Nov 2030, 10:00 in Singapore.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';

import { buildApp } from '../../src/app';
import { addPassenger, createUser, createVendor, type TestUser } from '../factories';
import { loginAs, useTestApp } from '../helpers/app';
import { testEnv } from '../helpers/env';
import { expectRefusedFor } from '../helpers/rate-limits';
import { rideTablesSnapshot } from '../helpers/rides';

const NOW = new Date('2030-11-27T02:00:00.000Z');
let clock = NOW;
const t = useTestApp({
  build: async (db) => {
    const app = await buildApp({ env: testEnv(), db, now: () => clock });
    await app.ready();
    return app;
  },
});

type Json = Record<string, unknown>;
type Ride = Json & { id: number; date: string; seriesId: number | null; status: string };
type Series = Json & { id: number; rides: Ride[] };

/** Thursdays and Mondays at 07:30 Singapore time, Thu 28 Nov to Mon 9 Dec 2030: four rides across a month end. */
const PLAN = {
  direction: 'SG->FC',
  maxPassengers: 4,
  organizerPassengerCount: 1,
  pickupLocation: 'Jurong East MRT',
  dropoffLocations: ['Forest City'],
  weekdays: [4, 1],
  time: '07:30',
  fromDate: '2030-11-28',
  untilDate: '2030-12-09',
};
const PLAN_DATES = [
  '2030-11-27T23:30:00.000Z',
  '2030-12-01T23:30:00.000Z',
  '2030-12-04T23:30:00.000Z',
  '2030-12-08T23:30:00.000Z',
];

let alice: TestUser;
let bob: TestUser;
let aliceCookie: string;
let bobCookie: string;

beforeEach(async () => {
  clock = NOW;
  alice = await createUser(t.db, { name: 'Alice' });
  bob = await createUser(t.db, { name: 'Bob' });
  aliceCookie = await loginAs(t.app, alice);
  bobCookie = await loginAs(t.app, bob);
});

function send(method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string | null, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Json }),
  });
}

async function createSeries(plan: Json = PLAN): Promise<Series> {
  const res = await send('POST', '/api/rides/series', aliceCookie, plan);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Series>();
}

async function seriesTablesSnapshot(): Promise<string> {
  const series = await t.db.selectFrom('rideSeries').selectAll().orderBy('id').execute();
  return `${await rideTablesSnapshot(t.db)}${JSON.stringify(series)}`;
}

const errorOf = (res: { json: <T>() => T }) => res.json<{ error: string }>().error;

describe('POST /api/rides/series', () => {
  it('creates each ride as an ordinary ride linked by seriesId, dated in Singapore time across a month end', async () => {
    const series = await createSeries();
    expect(series).toMatchObject({
      creatorId: alice.id,
      weekdays: [4, 1],
      time: '07:30',
      fromDate: '2030-11-28',
      untilDate: '2030-12-09',
    });
    expect(series.rides.map((ride) => ride.date)).toEqual(PLAN_DATES);
    for (const ride of series.rides) {
      expect(ride).toMatchObject({ seriesId: series.id, status: 'open', creatorId: alice.id, currentPassengers: 1 });
    }
    // Each ride is a ride like any other: its own detail, the organiser's entry, in every list.
    const detail = await send('GET', `/api/rides/${String(series.rides[1]?.id)}`, bobCookie);
    expect(detail.json<Json>()).toMatchObject({ seriesId: series.id, pickupLocation: 'Jurong East MRT' });
    const entries = await t.db.selectFrom('ridePassengers').select(['rideId', 'userId']).execute();
    expect(entries).toHaveLength(4);
    const list = await send('GET', '/api/rides', null);
    expect(list.json<Ride[]>().map((ride) => ride.seriesId)).toEqual([series.id, series.id, series.id, series.id]);
    expect(JSON.stringify(series)).not.toMatch(/passwordHash|argon2/);
  });

  it('answers seriesId: null on a ride made on its own', async () => {
    const res = await send('POST', '/api/rides', aliceCookie, {
      ...PLAN,
      date: '2030-12-01T08:00:00+08:00',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<Json>()).toMatchObject({ seriesId: null });
  });

  it('is the same procedure over tRPC', async () => {
    const res = await send('POST', '/trpc/series.create', aliceCookie, PLAN);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ result: { data: Series } }>().result.data.rides).toHaveLength(4);
  });

  describe('refusals name why and write nothing', () => {
    it.each([
      [
        'over 12 weeks',
        { untilDate: '2031-02-20' },
        'A weekly series can cover at most 12 weeks (84 days from the start date)',
      ],
      [
        'over 24 rides',
        { weekdays: [1, 2, 3], untilDate: '2031-01-31' },
        'A weekly series can make at most 24 rides; these choices make 27',
      ],
      [
        'no dates in range',
        { weekdays: [6], untilDate: '2030-11-29' },
        'No ride falls between the start and until dates on the chosen weekdays',
      ],
      [
        'an until date before the start',
        { untilDate: '2030-11-20' },
        'The until date must be on or after the start date',
      ],
      [
        'a first ride in the past',
        { fromDate: '2030-11-27', weekdays: [3], time: '09:59' },
        'The first ride (Wed, 27 Nov 2030, 9:59 am) must be in the future',
      ],
      ['no weekday', { weekdays: [] }, 'Choose at least one weekday'],
      ['a weekday out of range', { weekdays: [8] }, 'Weekdays must be a list of days from 1 (Monday) to 7 (Sunday)'],
      ['a bad time', { time: '7am' }, 'Time must be HH:mm, 24-hour Singapore time'],
      ['a bad date', { fromDate: '2030-02-30' }, 'Start date must be a date written YYYY-MM-DD'],
      [
        'a group larger than the ride',
        { organizerPassengerCount: 5 },
        'Passengers at your location cannot be more than the maximum passengers',
      ],
      ['a blank pickup', { pickupLocation: '  ' }, 'Pickup location is required'],
    ])('400 for %s', async (_label, change, message) => {
      const before = await seriesTablesSnapshot();
      const res = await send('POST', '/api/rides/series', aliceCookie, { ...PLAN, ...change });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toBe(message);
      expect(await seriesTablesSnapshot()).toBe(before);
    });

    it('applies the one-ride rules: signed in, members only, an existing driver contact', async () => {
      const before = await seriesTablesSnapshot();
      expect((await send('POST', '/api/rides/series', null, PLAN)).statusCode).toBe(401);
      const vendor = await createVendor(t.db);
      const vendorRes = await send('POST', '/api/rides/series', await loginAs(t.app, vendor), PLAN);
      expect([vendorRes.statusCode, errorOf(vendorRes)]).toEqual([403, 'Vendors cannot create rides']);
      const contact = await send('POST', '/api/rides/series', aliceCookie, { ...PLAN, driverContactId: 999 });
      expect([contact.statusCode, errorOf(contact)]).toEqual([
        404,
        'The ride on Thu, 28 Nov 2030, 7:30 am: Driver contact not found',
      ]);
      expect(await seriesTablesSnapshot()).toBe(before);
    });

    it('creates nothing when a ride fails half way (one transaction)', async () => {
      // The third ride's insert fails in the database itself, after two rides were written.
      await sql`create function refuse_third_series_ride() returns trigger language plpgsql as $$
        begin
          if new.date = '2030-12-04T23:30:00Z'::timestamptz then raise exception 'refused for the test'; end if;
          return new;
        end $$`.execute(t.db);
      await sql`create trigger refuse_third_series_ride before insert on rides
        for each row execute function refuse_third_series_ride()`.execute(t.db);
      try {
        const before = await seriesTablesSnapshot();
        const res = await send('POST', '/api/rides/series', aliceCookie, PLAN);
        expect(res.statusCode).toBe(500);
        expect(await seriesTablesSnapshot()).toBe(before);
        expect(await t.db.selectFrom('rides').select('id').execute()).toEqual([]);
      } finally {
        await sql`drop trigger refuse_third_series_ride on rides`.execute(t.db);
        await sql`drop function refuse_third_series_ride()`.execute(t.db);
      }
    });
  });

  it('counts once against the ride-create limit, whatever its number of rides', async () => {
    const app: FastifyInstance = await buildApp({
      env: testEnv({ RATE_LIMIT_RIDE_CREATE_PER_HOUR: '2' }),
      db: t.db,
      now: () => clock,
    });
    try {
      await app.ready();
      const cookie = await loginAs(app, alice);
      const post = (url: string, payload: Json) => app.inject({ method: 'POST', url, payload, headers: { cookie } });
      expect((await post('/api/rides/series', PLAN)).statusCode).toBe(201);
      expect((await post('/api/rides', { ...PLAN, date: '2030-12-20T08:00:00+08:00' })).statusCode).toBe(201);
      expectRefusedFor(await post('/api/rides/series', PLAN));
      expect(await t.db.selectFrom('rides').select('id').execute()).toHaveLength(5);
    } finally {
      await app.close();
    }
  });
});

describe('GET /api/rides/series/:id', () => {
  it('lists the rides soonest first, to visitors too', async () => {
    const series = await createSeries();
    const res = await send('GET', `/api/rides/series/${String(series.id)}`, null);
    expect(res.statusCode).toBe(200);
    expect(res.json<Series>().rides.map((ride) => ride.id)).toEqual(series.rides.map((ride) => ride.id));
  });

  it('answers 404 for an unknown series and 400 for a bad id', async () => {
    const missing = await send('GET', '/api/rides/series/9999', null);
    expect([missing.statusCode, errorOf(missing)]).toEqual([404, 'Series not found']);
    expect((await send('GET', '/api/rides/series/abc', null)).statusCode).toBe(400);
  });
});

describe('PATCH /api/rides/series/:id (this and following)', () => {
  it('edits the named ride and every later one, keeping each its day; passengers hear of a new time', async () => {
    const series = await createSeries();
    const [first, second, third] = series.rides;
    await addPassenger(t.db, { id: Number(third?.id) }, bob);
    const res = await send('PATCH', `/api/rides/series/${String(series.id)}`, aliceCookie, {
      fromRideId: second?.id,
      time: '18:00',
      maxPassengers: 6,
      cost: 120,
    });
    expect(res.statusCode, res.body).toBe(200);
    const rides = res.json<Series>().rides;
    expect(rides.map((ride) => [ride.date, ride.maxPassengers, ride.cost])).toEqual([
      [PLAN_DATES[0], 4, 80],
      ['2030-12-02T10:00:00.000Z', 6, 120],
      ['2030-12-05T10:00:00.000Z', 6, 120],
      ['2030-12-09T10:00:00.000Z', 6, 120],
    ]);
    expect(rides[0]?.id).toBe(first?.id);
    expect(rides[2]).toMatchObject({ pickupLocation: 'Jurong East MRT', currentPassengers: 2 });
    const told = await t.db.selectFrom('notifications').select(['userId', 'kind', 'rideId']).execute();
    expect(told).toEqual([{ userId: bob.id, kind: 'ride_edited', rideId: third?.id }]);
  });

  it("moves the organiser's own location on every ride from the one named", async () => {
    const series = await createSeries();
    const res = await send('PATCH', `/api/rides/series/${String(series.id)}`, aliceCookie, {
      fromRideId: series.rides[2]?.id,
      pickupLocation: 'Boon Lay MRT',
      organizerPassengerCount: 2,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Series>().rides.map((ride) => [ride.pickupLocation, ride.currentPassengers])).toEqual([
      ['Jurong East MRT', 1],
      ['Jurong East MRT', 1],
      ['Boon Lay MRT', 2],
      ['Boon Lay MRT', 2],
    ]);
    const own = await t.db.selectFrom('ridePassengers').select('dropoffLocation').orderBy('rideId').execute();
    expect(own.map((entry) => entry.dropoffLocation)).toEqual([
      'Jurong East MRT',
      'Jurong East MRT',
      'Boon Lay MRT',
      'Boon Lay MRT',
    ]);
  });

  it('refuses, changing none, when one ride breaks the one-ride edit rules', async () => {
    const series = await createSeries();
    await addPassenger(t.db, { id: Number(series.rides[3]?.id) }, bob, { count: 3 });
    const before = await seriesTablesSnapshot();
    const res = await send('PATCH', `/api/rides/series/${String(series.id)}`, aliceCookie, {
      fromRideId: series.rides[1]?.id,
      maxPassengers: 2,
    });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toMatch(/^The ride on Mon, 9 Dec 2030, 7:30 am: /);
    expect(await seriesTablesSnapshot()).toBe(before);
  });

  it.each([
    ['another member', 'bob', {}, 403, 'Only the ride organizer can change this series'],
    ['a ride of another series', 'alice', { fromRideId: 999_999 }, 400, 'That ride is not part of this series'],
    ['no field to change', 'alice', { maxPassengers: undefined }, 400, /^Give at least one field to change/],
  ] as const)('refuses %s', async (_label, who, change, status, message) => {
    const series = await createSeries();
    const before = await seriesTablesSnapshot();
    const res = await send('PATCH', `/api/rides/series/${String(series.id)}`, who === 'bob' ? bobCookie : aliceCookie, {
      fromRideId: series.rides[0]?.id,
      maxPassengers: 5,
      ...change,
    });
    expect(res.statusCode).toBe(status);
    expect(errorOf(res)).toMatch(message);
    expect(await seriesTablesSnapshot()).toBe(before);
  });
});

describe('POST /api/rides/series/:id/cancel (this and following)', () => {
  it('cancels rides with someone to tell, deletes rides only the organiser is on, and leaves earlier rides open', async () => {
    const series = await createSeries();
    const [first, second, third, fourth] = series.rides;
    await addPassenger(t.db, { id: Number(third?.id) }, bob);
    const res = await send('POST', `/api/rides/series/${String(series.id)}/cancel`, aliceCookie, {
      fromRideId: second?.id,
      reason: 'Moving house',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Series>().rides.map((ride) => [ride.id, ride.status, ride.cancelReason])).toEqual([
      [first?.id, 'open', null],
      [third?.id, 'cancelled', 'Moving house'],
    ]);
    const left = await t.db
      .selectFrom('rides')
      .select('id')
      .where('id', 'in', [Number(second?.id), Number(fourth?.id)])
      .execute();
    expect(left).toEqual([]);
    const told = await t.db.selectFrom('notifications').select(['userId', 'kind', 'rideId', 'detail']).execute();
    expect(told).toEqual([{ userId: bob.id, kind: 'ride_cancelled', rideId: third?.id, detail: 'Moving house' }]);
  });

  it('cancels, rather than deletes, a ride a vendor took, and tells the vendor', async () => {
    const series = await createSeries();
    const vendor = await createVendor(t.db);
    const last = Number(series.rides[3]?.id);
    await t.db.updateTable('rides').set({ vendorId: vendor.id, status: 'assigned' }).where('id', '=', last).execute();
    const res = await send('POST', `/api/rides/series/${String(series.id)}/cancel`, aliceCookie, {
      fromRideId: last,
      reason: 'Holiday',
    });
    expect(res.json<Series>().rides.map((ride) => ride.status)).toEqual(['open', 'open', 'open', 'cancelled']);
    const told = await t.db.selectFrom('notifications').select(['userId', 'kind']).execute();
    expect(told).toEqual([{ userId: vendor.id, kind: 'ride_cancelled' }]);
  });

  it('cancels, rather than deletes, a ride a rider left late, so the leave stays on their record', async () => {
    const series = await createSeries();
    const last = Number(series.rides[3]?.id);
    await t.db
      .insertInto('rideLeaves')
      .values({ rideId: last, userId: bob.id, leftAt: new Date(), late: true })
      .execute();
    const res = await send('POST', `/api/rides/series/${String(series.id)}/cancel`, aliceCookie, {
      fromRideId: series.rides[2]?.id,
      reason: 'Holiday',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Series>().rides.map((ride) => [ride.id, ride.status])).toEqual([
      [series.rides[0]?.id, 'open'],
      [series.rides[1]?.id, 'open'],
      [last, 'cancelled'],
    ]);
    const leaves = await t.db.selectFrom('rideLeaves').select(['rideId', 'late']).execute();
    expect(leaves).toEqual([{ rideId: last, late: true }]);
  });

  it('skips rides already cancelled, and refuses when every ride from the one named is', async () => {
    const series = await createSeries();
    const cancelFrom = (fromRideId: number | undefined) =>
      send('POST', `/api/rides/series/${String(series.id)}/cancel`, aliceCookie, { fromRideId, reason: 'No car' });
    expect(
      (await send('POST', `/api/rides/${String(series.rides[3]?.id)}/cancel`, aliceCookie, { reason: 'Away' }))
        .statusCode,
    ).toBe(200);
    expect((await cancelFrom(series.rides[2]?.id)).statusCode).toBe(200);
    const again = await cancelFrom(series.rides[3]?.id);
    expect([again.statusCode, errorOf(again)]).toEqual([409, 'Every ride from this one on is already cancelled']);
  });

  it.each([
    ['another member', 'bob', {}, 403, 'Only the ride organizer can change this series'],
    ['a missing reason', 'alice', { reason: '  ' }, 400, 'Please give a reason for cancelling'],
    ['a ride of another series', 'alice', { fromRideId: 999_999 }, 400, 'That ride is not part of this series'],
  ] as const)('refuses %s, writing nothing', async (_label, who, change, status, message) => {
    const series = await createSeries();
    const before = await seriesTablesSnapshot();
    const res = await send(
      'POST',
      `/api/rides/series/${String(series.id)}/cancel`,
      who === 'bob' ? bobCookie : aliceCookie,
      {
        fromRideId: series.rides[0]?.id,
        reason: 'Plans changed',
        ...change,
      },
    );
    expect([res.statusCode, errorOf(res)]).toEqual([status, message]);
    expect(await seriesTablesSnapshot()).toBe(before);
  });

  it('refuses from a ride that has left (the one-ride rule), changing none', async () => {
    const series = await createSeries();
    clock = new Date('2030-12-03T00:00:00.000Z');
    const before = await seriesTablesSnapshot();
    const res = await send('POST', `/api/rides/series/${String(series.id)}/cancel`, aliceCookie, {
      fromRideId: series.rides[1]?.id,
      reason: 'Plans changed',
    });
    expect([res.statusCode, errorOf(res)]).toEqual([
      409,
      'The ride on Mon, 2 Dec 2030, 7:30 am: A past ride cannot be cancelled',
    ]);
    expect(await seriesTablesSnapshot()).toBe(before);
  });

  it('answers 404 for an unknown series', async () => {
    const res = await send('POST', '/api/rides/series/9999/cancel', aliceCookie, { fromRideId: 1, reason: 'x' });
    expect([res.statusCode, errorOf(res)]).toEqual([404, 'Series not found']);
  });
});
