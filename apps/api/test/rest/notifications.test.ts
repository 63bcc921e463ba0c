/** GET /api/notifications and POST /api/notifications/read: shapes, paging, 400s, 401 and no-store. */
import { beforeEach, describe, expect, it } from 'vitest';

import { addPassenger, createRide, createUser, type TestUser } from '../factories';
import { loginAs, useTestApp } from '../helpers/app';

const t = useTestApp();

type Json = Record<string, unknown>;
interface Page {
  items: Json[];
  total: number;
  page: number;
  pageSize: number;
  unread: number;
}

const DAY = 86_400_000;

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

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const markRead = (cookie: string | undefined, payload?: Json) =>
  t.app.inject({ method: 'POST', url: '/api/notifications/read', headers: cookie ? { cookie } : {}, payload });

/** Alice cancels a ride Bob and Carol are on, through the documented path: each gets one notification. */
async function cancelledRide(reason = 'Car broke down'): Promise<{ id: number; date: Date }> {
  const date = new Date(Date.now() + 3 * DAY);
  const ride = await createRide(t.db, alice, { date, direction: 'FC->SG' });
  await addPassenger(t.db, ride, bob);
  await addPassenger(t.db, ride, carol);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/rides/${String(ride.id)}/cancel`,
    headers: { cookie: aliceCookie },
    payload: { reason },
  });
  expect(res.statusCode).toBe(200);
  return { id: ride.id, date };
}

describe('GET /api/notifications', () => {
  it('answers the caller’s page newest first with the documented fields, no-store', async () => {
    const first = await cancelledRide('First reason');
    const second = await cancelledRide('Second reason');

    const res = await get('/api/notifications', bobCookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const page = res.json<Page>();
    expect(page).toMatchObject({ total: 2, unread: 2, page: 1, pageSize: 20 });
    expect(page.items.map((item) => item.rideId)).toEqual([second.id, first.id]);
    expect(page.items[0]).toEqual({
      id: expect.any(Number) as unknown,
      kind: 'ride_cancelled',
      rideId: second.id,
      rideDirection: 'FC->SG',
      rideDate: second.date.toISOString(),
      detail: 'Second reason',
      createdAt: expect.any(String) as unknown,
      readAt: null,
    });
    // The organiser who cancelled is told nothing.
    expect((await get('/api/notifications', aliceCookie)).json<Page>()).toMatchObject({ items: [], total: 0 });
  });

  it('pages with ?page=&pageSize= (empty values mean the defaults)', async () => {
    const rides = [await cancelledRide('a'), await cancelledRide('b'), await cancelledRide('c')];
    const res = await get('/api/notifications?page=2&pageSize=2', bobCookie);
    expect(res.statusCode).toBe(200);
    expect(res.json<Page>()).toMatchObject({ page: 2, pageSize: 2, total: 3 });
    expect(res.json<Page>().items.map((item) => item.rideId)).toEqual([rides[0]?.id]);
    expect((await get('/api/notifications?page=&pageSize=', bobCookie)).json<Page>()).toMatchObject({
      page: 1,
      pageSize: 20,
    });
  });

  it.each([
    ['page=0', 'page', 'Page must be a whole number of at least 1'],
    ['page=abc', 'page', 'Page must be a whole number of at least 1'],
    ['page=1.5', 'page', 'Page must be a whole number of at least 1'],
    ['pageSize=500', 'pageSize', 'Page size must be a whole number from 1 to 50'],
    ['pageSize=-1', 'pageSize', 'Page size must be a whole number from 1 to 50'],
  ])('?%s is a 400 naming %s', async (query, field, message) => {
    const res = await get(`/api/notifications?${query}`, bobCookie);
    expect(res.statusCode).toBe(400);
    const body = res.json<{ error: string; fieldErrors: Record<string, string[]> }>();
    expect(body.error).toBe(message);
    expect(body.fieldErrors[field]).toEqual([message]);
  });

  it('is 401 signed out', async () => {
    const res = await get('/api/notifications');
    expect(res.statusCode).toBe(401);
    expect(res.json<Json>()).toEqual({ error: expect.any(String) as unknown });
  });
});

describe('POST /api/notifications/read', () => {
  it('marks the named ones, then all; answers {updated}', async () => {
    await cancelledRide('a');
    await cancelledRide('b');
    const [newest, oldest] = (await get('/api/notifications', bobCookie)).json<Page>().items;

    const one = await markRead(bobCookie, { ids: [newest?.id] });
    expect(one.statusCode).toBe(200);
    expect(one.headers['cache-control']).toBe('no-store');
    expect(one.json<Json>()).toEqual({ updated: 1 });
    const page = (await get('/api/notifications', bobCookie)).json<Page>();
    expect(page.unread).toBe(1);
    expect(page.items.find((item) => item.id === newest?.id)?.readAt).toEqual(expect.any(String));
    expect(page.items.find((item) => item.id === oldest?.id)?.readAt).toBeNull();

    // No body at all: every one of the caller's.
    const all = await t.app.inject({ method: 'POST', url: '/api/notifications/read', headers: { cookie: bobCookie } });
    expect(all.json<Json>()).toEqual({ updated: 1 });
    expect((await get('/api/notifications', bobCookie)).json<Page>().unread).toBe(0);
    // Carol's own stay unread.
    expect((await get('/api/notifications', carolCookie)).json<Page>().unread).toBe(2);
  });

  it("ignores another user's ids", async () => {
    await cancelledRide();
    const carolsId = (await get('/api/notifications', carolCookie)).json<Page>().items[0]?.id;
    expect((await markRead(bobCookie, { ids: [carolsId] })).json<Json>()).toEqual({ updated: 0 });
    expect((await get('/api/notifications', carolCookie)).json<Page>().unread).toBe(1);
  });

  it.each([
    [{ ids: 'all' }, 'ids', 'Notification ids must be a list of ids'],
    [{ ids: [0] }, 'ids', 'Notification ids must be positive whole numbers'],
    [{ ids: Array.from({ length: 101 }, (_, i) => i + 1) }, 'ids', 'At most 100 notification ids at a time'],
  ])('%j is a 400 naming the field', async (payload, field, message) => {
    const res = await markRead(bobCookie, payload);
    expect(res.statusCode).toBe(400);
    const body = res.json<{ error: string; fieldErrors: Record<string, string[]> }>();
    expect(body.error).toBe(message);
    expect(Object.keys(body.fieldErrors)[0]).toMatch(new RegExp(`^${field}`));
  });

  it('is 401 signed out', async () => {
    expect((await markRead(undefined, {})).statusCode).toBe(401);
  });
});
