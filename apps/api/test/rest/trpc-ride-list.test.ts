/**
 * GET /trpc/ride.list, the home page's first request: a first page is sent from the ride list
 * cache's serialised bytes, which must be exactly what tRPC itself answers (the same call in a
 * batch carries the same JSON); anything else on the path is tRPC's answer, as before.
 */
import { beforeEach, describe, expect, it } from 'vitest';

import { createRide, createUser, type TestUser } from '../factories';
import { loginAs, useTestApp } from '../helpers/app';

const t = useTestApp();

function listUrl(input: unknown): string {
  return `/trpc/ride.list?input=${encodeURIComponent(JSON.stringify(input))}`;
}

/** The same call as one tRPC batch, which tRPC answers itself: `[answer]`. */
function batchUrl(input: unknown): string {
  return `/trpc/ride.list?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: input }))}`;
}

async function get(url: string, cookie?: string) {
  return t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

describe('GET /trpc/ride.list', () => {
  let organizer: TestUser;
  beforeEach(async () => {
    // No name: members see the username, visitors nothing (domain `visibility`).
    organizer = await createUser(t.db, { name: null });
    for (let i = 0; i < 3; i += 1) await createRide(t.db, organizer);
  });

  it('a first page is byte for byte what tRPC answers, for visitors and members alike', async () => {
    const member = await loginAs(t.app, organizer);
    for (const input of [{}, { time: 'all', pageSize: 12 }, { direction: 'SG->FC', sort: 'dateDesc' }]) {
      for (const cookie of [undefined, member]) {
        const cached = await get(listUrl(input), cookie);
        const batched = await get(batchUrl(input), cookie);
        expect(cached.statusCode).toBe(200);
        expect(cached.headers['content-type']).toBe('application/json');
        expect(cached.headers.vary).toContain('trpc-accept');
        expect(`[${cached.body}]`).toBe(batched.body);
      }
    }
    const visitor = (await get(listUrl({ time: 'all' }))).json<{ result: { data: { items: unknown[] } } }>();
    const signedIn = (await get(listUrl({ time: 'all' }), member)).json<{ result: { data: { items: unknown[] } } }>();
    expect(visitor.result.data.items).toHaveLength(3);
    expect(visitor).not.toEqual(signedIn);
  });

  it('a write changes the next answer', async () => {
    const before = (await get(listUrl({ time: 'all' }))).json<{ result: { data: { total: number } } }>();
    await createRide(t.db, organizer);
    const after = (await get(listUrl({ time: 'all' }))).json<{ result: { data: { total: number } } }>();
    expect(after.result.data.total).toBe(before.result.data.total + 1);
  });

  it('later pages, bad input and batches are answered by tRPC', async () => {
    const second = await get(listUrl({ time: 'all', page: 2, pageSize: 2 }));
    expect(second.statusCode).toBe(200);
    expect(second.json<{ result: { data: { items: unknown[]; page: number } } }>().result.data).toMatchObject({
      page: 2,
      items: [expect.anything()],
    });

    const bad = await get(listUrl({ page: 0 }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: { message: string } }>().error.message).toBe('Page must be a whole number of at least 1');

    const notJson = await get('/trpc/ride.list?input=%7Bnope');
    expect(notJson.statusCode).toBe(400);

    const batch = await get(batchUrl({}));
    expect(batch.statusCode).toBe(200);
    expect(batch.json<unknown[]>()).toHaveLength(1);
  });
});
