import { idParamMessage } from '@rideshare/domain';
import { createHash } from 'node:crypto';

import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';

import { loggedPath } from '../../src/plugins/observability';
import { addPassenger, createRide, createUser, createVendor, type TestUser } from '../factories';
import { callerAs } from '../helpers/accounts';
import { appsPerTest, loginAs, useTestApp } from '../helpers/app';
import { testEnv } from '../helpers/env';

const PUBLIC_URL = 'http://rides.example.test';

const t = useTestApp({ env: { PUBLIC_URL } });

const DAY = 86_400_000;
// Days, not seconds, from the wall clock: no assertion depends on how long a request takes.
const inDays = (days: number) => new Date(Date.now() + days * DAY);
// A fixed departure well ahead: 9:15 am Singapore time on 5 March 2030 is 01:15 UTC.
const DEPARTURE = new Date('2030-03-05T01:15:00.000Z');

type Json = Record<string, unknown>;

let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let aliceCookie: string;
let bobCookie: string;
let carolCookie: string;

beforeEach(async () => {
  alice = await createUser(t.db, { name: 'Alice' });
  bob = await createUser(t.db, { name: 'Bob' });
  carol = await createUser(t.db, { name: 'Carol' });
  aliceCookie = await loginAs(t.app, alice);
  bobCookie = await loginAs(t.app, bob);
  carolCookie = await loginAs(t.app, carol);
});

function get(url: string, cookie: string | null = null) {
  return t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

/** Undoes RFC 5545 folding (CRLF + one space joins the lines) and splits into content lines. */
function lines(res: LightMyRequestResponse): string[] {
  return res.body.replace(/\r\n[ \t]/g, '').split('\r\n');
}

/** Every value of a property (`NAME:value` or `NAME;PARAM=X:value`) in an .ics answer, in order. */
function values(res: LightMyRequestResponse, name: string): string[] {
  return lines(res)
    .filter((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`))
    .map((line) => line.slice(line.indexOf(':') + 1));
}

const one = (res: LightMyRequestResponse, name: string) => {
  const all = values(res, name);
  expect(all).toHaveLength(1);
  return all[0];
};

describe('GET /api/rides/:id/calendar.ics', () => {
  it('answers the ride as an iCalendar file with its event', async () => {
    const ride = await createRide(t.db, alice, { date: DEPARTURE, maxPassengers: 4, cost: 80 });
    await addPassenger(t.db, ride, bob);

    const res = await get(`/api/rides/${String(ride.id)}/calendar.ics`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="rideshare-ride-${String(ride.id)}.ics"`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(res.body.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(res.body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(one(res, 'METHOD')).toBe('PUBLISH');
    expect(one(res, 'CALSCALE')).toBe('GREGORIAN');
    expect(values(res, 'X-WR-CALNAME')).toEqual([]);
    expect(one(res, 'UID')).toBe(`ride-${String(ride.id)}@rides.example.test`);
    expect(one(res, 'DTSTART')).toBe('20300305T011500Z');
    expect(one(res, 'DTEND')).toBe('20300305T031500Z');
    expect(one(res, 'DTSTAMP')).toMatch(/^\d{8}T\d{6}Z$/);
    expect(one(res, 'SUMMARY')).toBe('Ride: Singapore to Forest City');
    expect(one(res, 'LOCATION')).toBe('Pasir Ris MRT');
    expect(one(res, 'URL')).toBe(`${PUBLIC_URL}/rides/${String(ride.id)}`);
    expect(one(res, 'SEQUENCE')).toBe('0');
    expect(one(res, 'STATUS')).toBe('CONFIRMED');
    expect(one(res, 'DESCRIPTION')).toBe(
      [
        'Singapore to Forest City\\, Tue\\, 5 Mar 2030\\, 9:15 am (Singapore time)',
        'Seats: 2 of 4 taken',
        // (80 + one extra stop at 5) / 2 now, / 4 if full.
        'Price: about SGD 42.50 each now\\, SGD 21.25 if full',
        `Ride details: ${PUBLIC_URL}/rides/${String(ride.id)}`,
      ].join('\\n'),
    );
  });

  it('once the price is locked shows a member their own share, not the per-person cost; a cancelled ride no price', async () => {
    const ride = await createRide(t.db, alice, { date: DEPARTURE, maxPassengers: 4, cost: 80 });
    const entry = await addPassenger(t.db, ride, bob, { count: 2 });
    await t.db
      .updateTable('rides')
      .set({ priceLockedAt: new Date('2030-03-03T01:15:00.000Z') })
      .where('id', '=', ride.id)
      .execute();
    await t.db
      .insertInto('ridePayments')
      .values({ rideId: ride.id, passengerId: entry.id, userId: bob.id, seats: 2, amountDueCents: 5667, status: 'due' })
      .execute();
    const path = `/api/rides/${String(ride.id)}/calendar.ics`;
    const mine = one(await get(path, bobCookie), 'DESCRIPTION');
    expect(mine).toContain('Your share SGD 56.67');
    expect(mine).not.toContain('each now');
    expect(one(await get(path, carolCookie), 'DESCRIPTION')).toContain('Price locked');

    await t.db
      .updateTable('rides')
      .set({ status: 'cancelled', cancelReason: 'Car broke down', cancelledAt: new Date('2030-03-04T00:00:00.000Z') })
      .where('id', '=', ride.id)
      .execute();
    expect(one(await get(path, bobCookie), 'DESCRIPTION')).not.toMatch(/SGD|Price/);
  });

  it('shows each reader the pick-up point they may see: a passenger their own, everyone else the ride’s', async () => {
    const ride = await createRide(t.db, alice, { date: DEPARTURE, organizerLocation: 'Pasir Ris MRT' });
    await addPassenger(t.db, ride, bob, { location: 'Blk 9; Bedok North, #04-01' });
    const url = `/api/rides/${String(ride.id)}/calendar.ics`;

    const anonymous = await get(url);
    expect(one(anonymous, 'LOCATION')).toBe('Pasir Ris MRT');
    expect(anonymous.body).not.toContain('Bedok');

    const otherMember = await get(url, carolCookie);
    expect(one(otherMember, 'LOCATION')).toBe('Pasir Ris MRT');
    expect(otherMember.body).not.toContain('Bedok');

    const passenger = await get(url, bobCookie);
    expect(one(passenger, 'LOCATION')).toBe('Blk 9\\; Bedok North\\, #04-01');
    expect(one(passenger, 'DESCRIPTION')).toContain('Your pick-up: Blk 9\\; Bedok North\\, #04-01');
    // Signed-in answers are never kept by a cache either.
    expect(passenger.headers['cache-control']).toBe('no-store');

    const organiser = await get(url, aliceCookie);
    expect(one(organiser, 'LOCATION')).toBe('Pasir Ris MRT');
    expect(organiser.body).not.toContain('Bedok');
  });

  it('gives an FC->SG ride Forest City as its place and no passenger’s drop-off to the public', async () => {
    const ride = await createRide(t.db, alice, {
      direction: 'FC->SG',
      date: DEPARTURE,
      organizerLocation: 'Tampines Mall',
    });
    await addPassenger(t.db, ride, bob, { location: 'Jurong East' });
    const url = `/api/rides/${String(ride.id)}/calendar.ics`;

    const anonymous = await get(url);
    expect(one(anonymous, 'SUMMARY')).toBe('Ride: Forest City to Singapore');
    expect(one(anonymous, 'LOCATION')).toBe('Forest City');
    expect(anonymous.body).not.toMatch(/Tampines|Jurong/);

    const passenger = await get(url, bobCookie);
    expect(one(passenger, 'LOCATION')).toBe('Forest City');
    expect(one(passenger, 'DESCRIPTION')).toContain('Your drop-off: Jurong East');
    expect(passenger.body).not.toContain('Tampines');
  });

  it('bumps SEQUENCE on each edit of what the event shows, not on other edits, and marks a cancelled ride', async () => {
    const ride = await createRide(t.db, alice, { date: inDays(5) });
    const url = `/api/rides/${String(ride.id)}/calendar.ics`;
    const sequence = async () => one(await get(url), 'SEQUENCE');
    const edit = async (changes: Json) => {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/rides/${String(ride.id)}`,
        headers: { cookie: aliceCookie },
        payload: {
          direction: 'SG->FC',
          maxPassengers: 4,
          date: inDays(5).toISOString(),
          organizerPassengerCount: 1,
          pickupLocation: 'Pasir Ris MRT',
          dropoffLocations: [{ location: 'Pasir Ris MRT', passengerCount: 1 }],
          ...changes,
        },
      });
      expect(res.statusCode).toBe(200);
    };
    const date = inDays(5).toISOString();

    expect(await sequence()).toBe('0');
    await edit({ date });
    expect(await sequence()).toBe('1');
    // Seats and price are in the description only: the event itself did not move.
    await edit({ date, maxPassengers: 6, cost: 90 });
    expect(await sequence()).toBe('1');
    await edit({ date, pickupLocation: 'Tampines MRT' });
    expect(await sequence()).toBe('2');
    await edit({ date, pickupLocation: 'Tampines MRT', direction: 'FC->SG' });
    expect(await sequence()).toBe('3');

    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/rides/${String(ride.id)}/cancel`,
      headers: { cookie: aliceCookie },
      payload: { reason: 'Car broke down' },
    });
    expect(cancelled.statusCode).toBe(200);
    const res = await get(url);
    expect(one(res, 'SEQUENCE')).toBe('4');
    expect(one(res, 'STATUS')).toBe('CANCELLED');
    expect(one(res, 'SUMMARY')).toBe('Cancelled: Forest City to Singapore');
    expect(one(res, 'DESCRIPTION')).toContain('Cancelled: Car broke down');
  });

  it('answers 404 for an unknown ride and 400 for a bad id, as JSON', async () => {
    const unknown = await get('/api/rides/777/calendar.ics');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<Json>()).toEqual({ error: 'Ride not found' });
    expect(unknown.headers['content-type']).toMatch(/^application\/json/);
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
      const res = await get(`/api/rides/${bad}/calendar.ics`);
      expect(res.statusCode).toBe(400);
      expect(res.json<Json>().error).toBe(idParamMessage('id'));
    }
  });
});

/** Creates (or rotates) the signed-in member's feed and answers its URL's path. */
async function rotate(cookie: string): Promise<{ url: string; path: string; token: string }> {
  const res = await t.app.inject({ method: 'POST', url: '/api/users/me/calendar-feed', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  const { url } = res.json<{ url: string }>();
  const match = /^http:\/\/rides\.example\.test(\/api\/calendar\/([A-Za-z0-9_-]{43})\.ics)$/.exec(url);
  if (!match?.[1] || !match[2]) throw new Error(`unexpected feed URL ${url}`);
  return { url, path: match[1], token: match[2] };
}

describe('personal calendar feed', () => {
  it('lists the member’s organised and joined rides from 30 days ago on, cancelled ones marked, no one else’s', async () => {
    const organised = await createRide(t.db, alice, { date: inDays(3) });
    const joined = await createRide(t.db, bob, { date: inDays(4), direction: 'FC->SG' });
    await addPassenger(t.db, joined, alice, { location: 'Tampines Mall' });
    const recent = await createRide(t.db, alice, { date: inDays(-10) });
    const cancelled = await createRide(t.db, alice, { date: inDays(6), status: 'cancelled' });
    const old = await createRide(t.db, alice, { date: inDays(-40) });
    const othersRide = await createRide(t.db, bob, { date: inDays(2) });
    const left = await createRide(t.db, carol, { date: inDays(2) });

    const { path } = await rotate(aliceCookie);
    const res = await get(path);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toBe('inline; filename="rideshare-rides.ics"');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(one(res, 'X-WR-CALNAME')).toBe('RideShare rides');
    const uid = (ride: { id: number }) => `ride-${String(ride.id)}@rides.example.test`;
    // Soonest first.
    expect(values(res, 'UID')).toEqual([uid(recent), uid(organised), uid(joined), uid(cancelled)]);
    expect(values(res, 'STATUS')).toEqual(['CONFIRMED', 'CONFIRMED', 'CONFIRMED', 'CANCELLED']);
    expect(res.body).not.toContain(uid(old));
    expect(res.body).not.toContain(uid(othersRide));
    expect(res.body).not.toContain(uid(left));
    expect(values(res, 'DESCRIPTION')[2]).toContain('Your drop-off: Tampines Mall');
  });

  it('lists a vendor’s assigned rides', async () => {
    const vendor = await createVendor(t.db);
    const vendorCookie = await loginAs(t.app, vendor);
    const assigned = await createRide(t.db, alice, { date: inDays(3), status: 'assigned', vendorId: vendor.id });
    await createRide(t.db, alice, { date: inDays(3) });
    const { path } = await rotate(vendorCookie);
    expect(values(await get(path), 'UID')).toEqual([`ride-${String(assigned.id)}@rides.example.test`]);
  });

  it('stores only the SHA-256 of the token, and shows the URL only when it is made', async () => {
    const { url, token } = await rotate(aliceCookie);
    const row = await t.db.selectFrom('users').selectAll().where('id', '=', alice.id).executeTakeFirstOrThrow();
    expect(row.calendarTokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(row.calendarTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.calendarTokenCreatedAt).toBeInstanceOf(Date);
    expect(JSON.stringify(row)).not.toContain(token);

    const status = await get('/api/users/me/calendar-feed', aliceCookie);
    expect(status.statusCode).toBe(200);
    const body = status.json<Json>();
    expect(body).toEqual({ active: true, createdAt: row.calendarTokenCreatedAt?.toISOString() });
    expect(status.body).not.toContain(token);
    expect(url).toContain(token);
  });

  it('rotating makes the old URL answer 404 and the new one work', async () => {
    await createRide(t.db, alice, { date: inDays(3) });
    const first = await rotate(aliceCookie);
    expect((await get(first.path)).statusCode).toBe(200);
    const second = await rotate(aliceCookie);
    expect(second.token).not.toBe(first.token);
    const old = await get(first.path);
    expect(old.statusCode).toBe(404);
    expect(old.json<Json>()).toEqual({ error: 'Calendar feed not found' });
    expect((await get(second.path)).statusCode).toBe(200);
  });

  it('a password change, a reset code and an admin reset each revoke the feed', async () => {
    const admin = await createUser(t.db, { isAdmin: true });
    const adminCookie = await loginAs(t.app, admin);
    const post = (url: string, payload: Json, cookie: string | null = null) =>
      t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
    const feedIsOff = async (path: string, cookie: string) => {
      expect((await get(path)).statusCode).toBe(404);
      expect((await get('/api/users/me/calendar-feed', cookie)).json<Json>()).toEqual({
        active: false,
        createdAt: null,
      });
    };

    // Her own change: she stays signed in, the link stops working.
    let feed = await rotate(aliceCookie);
    expect((await get(feed.path)).statusCode).toBe(200);
    const changed = await post(
      '/api/reset-password',
      { currentPassword: alice.password, newPassword: 'alice-new-pass' },
      aliceCookie,
    );
    expect(changed.statusCode).toBe(200);
    await feedIsOff(feed.path, aliceCookie);

    // A reset code the administrator issued.
    feed = await rotate(bobCookie);
    const issued = await post('/api/admin/reset-code', { discordUsername: bob.discordUsername }, adminCookie);
    const { code } = issued.json<{ code: string }>();
    const done = await post('/api/complete-password-reset', {
      discordUsername: bob.discordUsername,
      code,
      newPassword: 'bob-chosen-pass',
    });
    expect(done.statusCode).toBe(200);
    await feedIsOff(
      feed.path,
      await loginAs(t.app, { discordUsername: bob.discordUsername, password: 'bob-chosen-pass' }),
    );

    // The administrator setting a new password.
    feed = await rotate(carolCookie);
    const reset = await post(
      '/api/admin/reset-user-password',
      { discordUsername: carol.discordUsername, newPassword: 'carol-new-pass' },
      adminCookie,
    );
    expect(reset.statusCode).toBe(200);
    await feedIsOff(
      feed.path,
      await loginAs(t.app, { discordUsername: carol.discordUsername, password: 'carol-new-pass' }),
    );
  });

  it('turning the feed off makes its URL answer 404', async () => {
    const { path } = await rotate(aliceCookie);
    const off = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/me/calendar-feed',
      headers: { cookie: aliceCookie },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json<Json>()).toEqual({ active: false });
    expect((await get(path)).statusCode).toBe(404);
    expect((await get('/api/users/me/calendar-feed', aliceCookie)).json<Json>()).toEqual({
      active: false,
      createdAt: null,
    });
    const row = await t.db
      .selectFrom('users')
      .select(['calendarTokenHash', 'calendarTokenCreatedAt'])
      .where('id', '=', alice.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ calendarTokenHash: null, calendarTokenCreatedAt: null });
  });

  it('keeps each member’s feed their own: another member’s rotation does not touch it', async () => {
    const alices = await rotate(aliceCookie);
    await rotate(bobCookie);
    expect((await get(alices.path)).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/users/me/calendar-feed', headers: { cookie: bobCookie } }))
        .statusCode,
    ).toBe(200);
    expect((await get(alices.path)).statusCode).toBe(200);
  });

  it('answers 404 for tokens that never existed or cannot be tokens', async () => {
    await rotate(aliceCookie);
    // Well-formed tokens (dashes and underscores included) reach the feed's own answer.
    for (const token of ['A'.repeat(43), `${'-'.repeat(21)}${'_'.repeat(22)}`]) {
      const res = await get(`/api/calendar/${token}.ics`);
      expect(res.statusCode).toBe(404);
      expect(res.json<Json>()).toEqual({ error: 'Calendar feed not found' });
    }
    for (const token of ['short', 'A'.repeat(44), `${'A'.repeat(42)}%2F`, '..%2F..%2Fetc']) {
      const res = await get(`/api/calendar/${token}.ics`);
      expect(res.statusCode).toBe(404);
    }
    // However long the path, it is the feed's own 404, not a 400 about the input.
    for (const token of ['A'.repeat(201), 'A'.repeat(4000)]) {
      const res = await get(`/api/calendar/${token}.ics`);
      expect(res.statusCode).toBe(404);
      expect(res.json<Json>()).toEqual({ error: 'Calendar feed not found' });
    }
  });

  it('needs a session to manage the feed (the feed itself needs none)', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/users/me/calendar-feed' });
      expect(res.statusCode).toBe(401);
    }
  });

  it('keeps the token out of the request log line', () => {
    expect(loggedPath(`/api/calendar/${'A'.repeat(43)}.ics?x=1`)).toBe('/api/calendar/[redacted].ics');
    expect(loggedPath('/api/rides/12/calendar.ics?x=1')).toBe('/api/rides/12/calendar.ics');
  });
});

describe('rate limit', () => {
  const openApp = appsPerTest(() => t.db);

  it('limits feed reads per client address like every other request', async () => {
    const limited = await openApp({ PUBLIC_URL, RATE_LIMIT_MAX: '3' });
    const path = `/api/calendar/${'A'.repeat(43)}.ics`;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await limited.inject({ method: 'GET', url: path })).statusCode);
    expect(statuses).toEqual([404, 404, 404, 429]);
  });
});

describe('tRPC user.calendarFeed', () => {
  it('answers {active, createdAt} and never the URL', async () => {
    const before = await t.app.inject({
      method: 'GET',
      url: '/trpc/user.calendarFeed',
      headers: { cookie: aliceCookie },
    });
    expect(before.json<{ result: { data: Json } }>().result.data).toEqual({ active: false, createdAt: null });
    const made = await t.app.inject({
      method: 'POST',
      url: '/trpc/user.rotateCalendarFeed',
      headers: { cookie: aliceCookie, 'content-type': 'application/json' },
      payload: '{}',
    });
    const { url } = made.json<{ result: { data: { url: string } } }>().result.data;
    expect(url).toMatch(/^http:\/\/rides\.example\.test\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const after = await t.app.inject({
      method: 'GET',
      url: '/trpc/user.calendarFeed',
      headers: { cookie: aliceCookie },
    });
    expect(after.json<{ result: { data: Json } }>().result.data).toMatchObject({ active: true });
    expect(after.body).not.toContain(url.slice(-47));
  });
});

describe('tRPC calendar.ride', () => {
  it('stamps the file with the caller’s clock and builds links on the configured origin', async () => {
    const ride = await createRide(t.db, alice, { date: DEPARTURE });
    const now = new Date('2030-01-02T03:04:05.678Z');
    const caller = await callerAs(t.db, testEnv({ PUBLIC_URL: 'https://rides.example.com/app' }), null, {
      now: () => now,
    });
    const file = await caller.calendar.ride({ id: ride.id });
    expect(file.filename).toBe(`rideshare-ride-${String(ride.id)}.ics`);
    expect(file.body).toContain('\r\nDTSTAMP:20300102T030405Z\r\n');
    expect(file.body).toContain(`\r\nUID:ride-${String(ride.id)}@rides.example.com\r\n`);
    expect(file.body).toMatch(
      new RegExp(`\r\nURL(;VALUE=URI)?:https://rides\\.example\\.com/rides/${String(ride.id)}\r\n`),
    );
  });
});
