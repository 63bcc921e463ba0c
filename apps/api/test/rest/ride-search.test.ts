/**
 * The ride list's search (docs/product.md#search): GET /api/rides?q= and `ride.list`'s `q` match
 * the places, the organiser's name and the date in words (Singapore time), whatever the case and
 * accents, together with the other filters, and never by text the caller's audience cannot see.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../../src/app';
import { addPassenger, createRide, createUser, type TestRide, type TestUser } from '../factories';
import { loginAs } from '../helpers/app';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { testEnv } from '../helpers/env';

const NOW = new Date('2026-12-07T02:00:00Z'); // Monday 7 Dec, 10:00 in Singapore

let tdb: TestDatabase;
let app: FastifyInstance;
let cookie: string;
let zoe: TestUser;
let clementi: TestRide; // Friday 11 Dec, SG->FC from Clementi MRT, by Zoë Tan
let forest: TestRide; // Saturday 12 Dec, FC->SG, by Raj, a stop at Jurong East
let january: TestRide; // Friday 8 Jan, SG->FC from Clementi Mall, by Raj

beforeAll(async () => {
  tdb = await createTestDatabase();
  app = await buildApp({ env: testEnv(), db: tdb.db, listen: tdb.listen, now: () => NOW });
  zoe = await createUser(tdb.db, { name: 'Zoë Tan' });
  const raj = await createUser(tdb.db, { name: 'Raj' });
  const viewer = await createUser(tdb.db);
  cookie = await loginAs(app, viewer);
  // 23:30 in Singapore on Friday is still Friday there (15:30 UTC).
  clementi = await createRide(tdb.db, zoe, {
    date: new Date('2026-12-11T15:30:00Z'),
    organizerLocation: 'Clementi MRT',
  });
  forest = await createRide(tdb.db, raj, {
    direction: 'FC->SG',
    date: new Date('2026-12-12T01:00:00Z'),
    organizerLocation: 'Tampines Mall',
  });
  await addPassenger(tdb.db, forest, viewer, { location: 'Jurong East MRT' });
  january = await createRide(tdb.db, raj, {
    date: new Date('2027-01-08T02:00:00Z'),
    organizerLocation: 'Clementi Mall',
  });
});

afterAll(async () => {
  await app.close();
  await tdb.destroy();
});

async function search(q: string, headers: Record<string, string> = { cookie }): Promise<number[]> {
  const response = await app.inject({ method: 'GET', url: `/api/rides?q=${encodeURIComponent(q)}`, headers });
  expect(response.statusCode).toBe(200);
  return (response.json() as { id: number }[]).map((ride) => ride.id);
}

async function listed(input: Record<string, unknown>): Promise<{ ids: number[]; total: number }> {
  const url = `/trpc/ride.list?input=${encodeURIComponent(JSON.stringify(input))}`;
  const response = await app.inject({ method: 'GET', url, headers: { cookie } });
  expect(response.statusCode).toBe(200);
  const page = (response.json() as { result: { data: { items: { id: number }[]; total: number } } }).result.data;
  return { ids: page.items.map((ride) => ride.id), total: page.total };
}

describe('GET /api/rides?q=', () => {
  it('matches a pick-up and a stop, whatever the case', async () => {
    expect(await search('CLEMENTI')).toEqual([clementi.id, january.id]);
    expect(await search('clementi mrt')).toEqual([clementi.id]);
    expect(await search('jurong')).toEqual([forest.id]);
  });

  it("matches the organiser's name with or without its accents", async () => {
    expect(await search('zoe')).toEqual([clementi.id]);
    expect(await search('ZOË tan')).toEqual([clementi.id]);
    expect(await search('raj')).toEqual([forest.id, january.id]);
  });

  it('matches the date in words, in Singapore time', async () => {
    expect(await search('friday')).toEqual([clementi.id, january.id]);
    expect(await search('fri 11 dec')).toEqual([clementi.id]);
    expect(await search('12 december')).toEqual([forest.id]);
    expect(await search('january')).toEqual([january.id]);
    expect(await search('clementi friday december')).toEqual([clementi.id]);
  });

  it('answers an empty list when nothing matches, and the whole list for a blank search', async () => {
    expect(await search('woodlands')).toEqual([]);
    expect(await search('50%_off')).toEqual([]);
    expect(await search('   ')).toEqual([clementi.id, forest.id, january.id]);
  });

  it('never matches a stop the public cannot see', async () => {
    expect(await search('jurong', {})).toEqual([]);
    expect(await search('tampines', {})).toEqual([]);
    expect(await search('clementi', {})).toEqual([clementi.id, january.id]);
  });

  it('refuses a search longer than 100 characters with a 400', async () => {
    const response = await app.inject({ method: 'GET', url: `/api/rides?q=${'a'.repeat(101)}`, headers: { cookie } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'Search must be at most 100 characters' });
  });

  it("follows an organiser's new name", async () => {
    await tdb.db.updateTable('users').set({ name: 'Zara Lim' }).where('id', '=', zoe.id).execute();
    expect(await search('zara')).toEqual([clementi.id]);
    expect(await search('zoe')).toEqual([]);
    await tdb.db.updateTable('users').set({ name: 'Zoë Tan' }).where('id', '=', zoe.id).execute();
  });
});

describe('ride.list with q', () => {
  it('combines the search with the filters, on the cached first page and after it', async () => {
    expect(await listed({ q: 'friday' })).toEqual({ ids: [clementi.id, january.id], total: 2 });
    expect(await listed({ q: 'clementi', sort: 'dateDesc' })).toEqual({ ids: [january.id, clementi.id], total: 2 });
    expect(await listed({ q: 'raj', direction: 'FC->SG' })).toEqual({ ids: [forest.id], total: 1 });
    expect(await listed({ q: 'raj', direction: 'SG->FC' })).toEqual({ ids: [january.id], total: 1 });
    expect(await listed({ q: 'clementi', time: 'thisWeek' })).toEqual({ ids: [clementi.id], total: 1 });
    expect(await listed({ q: 'clementi', page: 2, pageSize: 1 })).toEqual({ ids: [january.id], total: 2 });
    expect(await listed({ q: 'nowhere' })).toEqual({ ids: [], total: 0 });
    // The unsearched page of the same filters is its own cache entry.
    expect((await listed({})).total).toBe(3);
  });
});
