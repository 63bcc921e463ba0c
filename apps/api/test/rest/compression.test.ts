/**
 * Compressed answers (docs/architecture.md#compressed-answers): JSON of 1 KB or more goes out as
 * brotli or gzip by Accept-Encoding, and decodes to exactly the bytes sent to a client that takes
 * none; small answers and event streams go out as they are. The cached GET /api/rides body is
 * compressed once per version and encoding.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import { beforeEach, describe, expect, it } from 'vitest';

import { RideListCache } from '../../src/cache/ride-list-cache';
import { createRide, createUser } from '../factories';
import { useTestApp } from '../helpers/app';
import { httpFetch } from '../helpers/sse';

const t = useTestApp({ listen: true });

function decoded(encoding: string | undefined, body: Buffer): Buffer {
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  return body;
}

async function get(url: string, acceptEncoding?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });
  return { res, body: decoded(res.headers['content-encoding'], res.rawPayload) };
}

const LIST_INPUT = encodeURIComponent(JSON.stringify({ time: 'all', pageSize: 50 }));

describe('compressed answers', () => {
  beforeEach(async () => {
    const organizer = await createUser(t.db);
    for (let i = 0; i < 8; i += 1) await createRide(t.db, organizer);
  });

  it('GET /api/rides: brotli or gzip as the client prefers, the same bytes once decoded', async () => {
    const plain = await get('/api/rides');
    expect(plain.res.statusCode).toBe(200);
    expect(plain.res.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.res.headers.vary).toContain('Accept-Encoding');

    for (const [accept, expected] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
      ['identity', undefined],
      ['deflate', undefined],
    ] as const) {
      const { res, body } = await get('/api/rides', accept);
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(expected);
      expect(res.headers.vary, accept).toContain('Accept-Encoding');
      expect(res.headers['content-type'], accept).toBe('application/json; charset=utf-8');
      if (expected) expect(res.rawPayload.length, accept).toBeLessThan(plain.body.length / 3);
      expect(body.equals(plain.body), accept).toBe(true);
    }
  });

  it('tRPC answers over 1 KB too, byte-identical after decoding', async () => {
    const url = `/trpc/ride.list?input=${LIST_INPUT}`;
    const plain = await get(url);
    expect(plain.res.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    for (const encoding of ['br', 'gzip']) {
      const { res, body } = await get(url, encoding);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toContain('accept-encoding');
      expect(body.equals(plain.body)).toBe(true);
    }
  });

  it('answers under 1 KB go out as they are', async () => {
    const { res } = await get('/api/stats', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('never the event streams (REST and the tRPC subscription)', async () => {
    for (const path of ['/api/events', `/trpc/live.events?input=${encodeURIComponent('{}')}`]) {
      const controller = new AbortController();
      try {
        const res = await httpFetch(`${t.baseUrl}${path}`, {
          headers: { 'accept-encoding': 'br, gzip' },
          signal: controller.signal,
        });
        expect(res.status, path).toBe(200);
        expect(res.headers.get('content-type'), path).toContain('text/event-stream');
        expect(res.headers.get('content-encoding'), path).toBeNull();
      } finally {
        controller.abort();
      }
    }
  });

  it('the cached list body is compressed once per version and encoding', async () => {
    const cache = new RideListCache();
    const first = await cache.fullList(t.db, 'public');
    const again = await cache.fullList(t.db, 'public');
    expect(again).toBe(first);
    const br = first.encoded('br');
    expect(again.encoded('br')).toBe(br);
    expect(first.encoded('gzip')).not.toBe(br);
    expect(brotliDecompressSync(await br).equals(first.body)).toBe(true);

    await createRide(t.db, await createUser(t.db));
    const next = await cache.fullList(t.db, 'public');
    expect(next.version).toBeGreaterThan(first.version);
    expect(next.encoded('br')).not.toBe(br);
  });
});
