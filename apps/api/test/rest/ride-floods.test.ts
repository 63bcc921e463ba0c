/**
 * A weekly series counts once no longer (docs/series.md#rate-limit, docs/alerts.md#folded): every
 * ride of a series counts against RATE_LIMIT_RIDES_PER_DAY, a member runs at most two live series,
 * alert matches fold into one unread notice per alert, the inbox prune never deletes an unread
 * notice of another kind to make room, and creating or deleting alerts has its own limit. An
 * injected clock.
 */
import { beforeEach, describe, expect, it } from 'vitest';

import { notificationSentence } from '@rideshare/domain';

import { buildApp } from '../../src/app';
import type { NotificationItem } from '../../src/repositories/notification-repository';
import { sweepOnce } from '../../src/services/sweep';
import { createUser, type TestUser } from '../factories';
import { loginAs, useTestApp } from '../helpers/app';
import { testEnv } from '../helpers/env';

type Json = Record<string, unknown>;

const NOW = new Date('2030-11-27T02:00:00.000Z');
const DAY = 86_400_000;
let clock = NOW;

const t = useTestApp({
  build: async (db) => {
    const app = await buildApp({
      env: testEnv({ RATE_LIMIT_RIDES_PER_DAY: '30', RATE_LIMIT_ALERT_PER_HOUR: '3' }),
      db,
      now: () => clock,
    });
    await app.ready();
    return app;
  },
});

/** Mondays and Thursdays at 07:30 for 12 weeks from Thu 28 Nov 2030: 24 rides. */
const PLAN = {
  direction: 'SG->FC',
  maxPassengers: 4,
  organizerPassengerCount: 1,
  pickupLocation: 'Jurong East MRT',
  dropoffLocations: ['Forest City'],
  weekdays: [4, 1],
  time: '07:30',
  fromDate: '2030-11-28',
  untilDate: '2031-02-19',
};
/** Three Thursdays. */
const SHORT = { ...PLAN, weekdays: [4], untilDate: '2030-12-12' };

let alice: TestUser;
let ann: TestUser;
let aliceCookie: string;
let annCookie: string;

beforeEach(async () => {
  clock = NOW;
  alice = await createUser(t.db, { name: 'Alice' });
  ann = await createUser(t.db, { name: 'Ann' });
  aliceCookie = await loginAs(t.app, alice);
  annCookie = await loginAs(t.app, ann);
});

const send = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string, payload?: Json) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

const ridesOf = async (user: TestUser) =>
  (await t.db.selectFrom('rides').select('id').where('creatorId', '=', user.id).execute()).length;

describe('every ride of a series counts against RATE_LIMIT_RIDES_PER_DAY', () => {
  it('refuses a series that would pass the daily cap (429, nothing made), and counts each ride', async () => {
    expect((await send('POST', '/api/rides/series', aliceCookie, PLAN)).statusCode).toBe(201);
    expect(await ridesOf(alice)).toBe(24);
    // 24 made; a second series of 24 would make 48 of 30.
    const second = await send('POST', '/api/rides/series', aliceCookie, {
      ...PLAN,
      direction: 'FC->SG',
      pickupLocation: 'Forest City',
      dropoffLocations: ['Jurong East MRT'],
    });
    expect(second.statusCode).toBe(429);
    expect(second.json<Json>().error).toMatch(/You have created 30 rides in the last 24 hours, the most a member may/);
    expect(Number(second.headers['retry-after'])).toBe(24 * 3600);
    expect(await ridesOf(alice)).toBe(24);
    // Six single rides still fit, the seventh does not; a day later the count starts again.
    const single = (days: number) =>
      send('POST', '/api/rides', aliceCookie, {
        direction: 'SG->FC',
        date: new Date(NOW.getTime() + days * DAY).toISOString(),
        maxPassengers: 4,
        organizerPassengerCount: 1,
        pickupLocation: 'Bedok',
        dropoffLocations: [{ location: 'Bedok', passengerCount: 1 }],
      });
    for (let i = 1; i <= 6; i += 1) expect((await single(i)).statusCode).toBe(201);
    expect((await single(7)).statusCode).toBe(429);
    clock = new Date(NOW.getTime() + DAY);
    expect((await single(8)).statusCode).toBe(201);
  });
});

describe('at most two live series per member', () => {
  it('refuses a third (409 naming the limit) until one is cancelled', async () => {
    const first = await send('POST', '/api/rides/series', aliceCookie, SHORT);
    expect(first.statusCode).toBe(201);
    expect((await send('POST', '/api/rides/series', aliceCookie, { ...SHORT, time: '09:00' })).statusCode).toBe(201);
    const third = await send('POST', '/api/rides/series', aliceCookie, { ...SHORT, time: '11:00' });
    expect(third.statusCode).toBe(409);
    expect(third.json<Json>().error).toBe(
      'You already have 2 weekly series running, the most a member may. Cancel one, or wait until its last ride has left, before starting another.',
    );
    const series = first.json<{ id: number; rides: { id: number }[] }>();
    const cancelled = await send('POST', `/api/rides/series/${String(series.id)}/cancel`, aliceCookie, {
      fromRideId: series.rides[0]?.id ?? 0,
      reason: 'Plans changed',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await send('POST', '/api/rides/series', aliceCookie, { ...SHORT, time: '11:00' })).statusCode).toBe(201);
  });
});

describe('alert matches are folded', () => {
  it('gives a series one unread notice per alert, "3 new rides match your alert", pushed once', async () => {
    const alert = await send('POST', '/api/alerts', annCookie, {
      direction: 'SG->FC',
      fromDate: '2030-11-27',
      toDate: '2031-01-20',
    });
    expect(alert.statusCode).toBe(201);
    expect((await send('POST', '/api/rides/series', aliceCookie, SHORT)).statusCode).toBe(201);
    const rows = await t.db
      .selectFrom('notifications')
      .select(['kind', 'detail', 'quiet', 'readAt', 'rideDate'])
      .where('userId', '=', ann.id)
      .execute();
    expect(rows).toHaveLength(1);
    // The first match was pushed; the folded ones replaced it quietly (no phone notification each).
    expect(rows[0]).toMatchObject({ kind: 'ride_alert_match', detail: '3', readAt: null, quiet: true });
    const inbox = await send('GET', '/api/notifications', annCookie);
    const items = inbox.json<{ items: NotificationItem[] }>().items;
    expect(items).toHaveLength(1);
    expect(notificationSentence(items[0] as NotificationItem)).toMatch(/^3 new rides match your alert, the latest: /);
  });
});

describe('the inbox prune', () => {
  it('never deletes an unread notice of another kind to make room', async () => {
    const notice = (kind: 'ride_edited' | 'ride_alert_match', readAt: Date | null) => ({
      userId: ann.id,
      kind,
      rideId: null,
      rideDirection: 'SG->FC' as const,
      rideDate: NOW,
      detail: null,
      readAt,
    });
    await t.db
      .insertInto('notifications')
      .values(Array.from({ length: 6 }, () => notice('ride_edited', null)))
      .execute();
    await t.db
      .insertInto('notifications')
      .values(Array.from({ length: 520 }, () => notice('ride_alert_match', null)))
      .execute();
    await sweepOnce(t.db, NOW, { error: () => undefined });
    const left = await t.db.selectFrom('notifications').select(['kind']).where('userId', '=', ann.id).execute();
    expect(left).toHaveLength(500);
    expect(left.filter((row) => row.kind === 'ride_edited')).toHaveLength(6);
  });
});

describe('alert writes have their own limit', () => {
  it('refuses the fourth create or delete in an hour with 429', async () => {
    const body = { direction: 'FC->SG', fromDate: '2030-11-28', toDate: '2030-12-10' };
    const created = await send('POST', '/api/alerts', annCookie, body);
    expect(created.statusCode).toBe(201);
    const id = created.json<{ id: number }>().id;
    expect((await send('DELETE', `/api/alerts/${String(id)}`, annCookie)).statusCode).toBe(200);
    expect((await send('POST', '/api/alerts', annCookie, body)).statusCode).toBe(201);
    const fourth = await send('POST', '/api/alerts', annCookie, body);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.headers['retry-after']).toBeDefined();
  });
});
