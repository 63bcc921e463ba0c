/**
 * The web app's files: hashed assets are cached for good, the page shell is revalidated, the
 * build's brotli and gzip copies go to browsers that take them, and none of them count against the
 * per-address request limit (a page load fetches dozens of files; only the API is limited).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';

import { afterAll, describe, expect, it } from 'vitest';

import { useTestApp } from '../helpers/app';

const webDist = mkdtempSync(join(tmpdir(), 'rideshare-web-dist-'));
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Rideshare</title>');
const script = `console.log(${JSON.stringify('rideshare '.repeat(300))});`;
writeFileSync(join(webDist, 'assets', 'index-4f2a9c1b.js'), script);
// What the build writes beside each file (apps/web/vite.config.ts), at its levels: the bytes
// differ from what compressing on the fly would send.
const scriptBr = brotliCompressSync(script);
const scriptGz = gzipSync(script, { level: 9 });
writeFileSync(join(webDist, 'assets', 'index-4f2a9c1b.js.br'), scriptBr);
writeFileSync(join(webDist, 'assets', 'index-4f2a9c1b.js.gz'), scriptGz);
writeFileSync(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
afterAll(() => {
  rmSync(webDist, { recursive: true, force: true });
});

const LIMIT = 5;
const t = useTestApp({ env: { WEB_DIST_DIR: webDist, RATE_LIMIT_MAX: String(LIMIT) } });

describe('the web app’s files', () => {
  it('are served by @fastify/static 10.1.3 or later (earlier releases have published advisories)', () => {
    const require = createRequire(import.meta.url);
    const manifest = require.resolve('@fastify/static/package.json');
    const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
    const [major = 0, minor = 0, patch = 0] = version.split('.').map((part) => Number.parseInt(part, 10));
    expect(major * 1_000_000 + minor * 1_000 + patch, version).toBeGreaterThanOrEqual(10_001_003);
  });

  it('never serve a file outside the build folder, however the path is encoded', async () => {
    writeFileSync(join(webDist, '..', `${webDist.split('/').pop() ?? ''}-secret.txt`), 'secret');
    const name = `${webDist.split('/').pop() ?? ''}-secret.txt`;
    for (const url of [`/../${name}`, `/..%2f${name}`, `/assets/..%2f..%2f${name}`, `/%2e%2e/${name}`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain('secret');
    }
    rmSync(join(webDist, '..', name), { force: true });
  });

  it('serve hashed assets as immutable and the shell and other files as no-cache', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-4f2a9c1b.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
    const deepLink = await t.app.inject({ method: 'GET', url: '/rides/12/join' });
    expect(deepLink.statusCode).toBe(200);
    expect(deepLink.headers['cache-control']).toBe('no-cache');
  });

  it('go out as the build’s brotli or gzip copy by Accept-Encoding, else as they are', async () => {
    const url = '/assets/index-4f2a9c1b.js';
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.equals(scriptBr)).toBe(true);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(script);

    const gzip = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.equals(scriptGz)).toBe(true);

    for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
      const plain = await t.app.inject({ method: 'GET', url, headers });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toContain('accept-encoding');
      expect(plain.body).toBe(script);
    }
  });

  it('never count against the per-address limit, while the API still does', async () => {
    for (let i = 0; i < LIMIT * 4; i += 1) {
      const url = i % 2 === 0 ? '/assets/index-4f2a9c1b.js' : '/home';
      const response = await t.app.inject({ method: 'GET', url, remoteAddress: '198.51.100.7' });
      expect(response.statusCode, url).toBe(200);
    }
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT; i += 1) {
      statuses.push(
        (await t.app.inject({ method: 'GET', url: '/api/rides', remoteAddress: '198.51.100.7' })).statusCode,
      );
    }
    expect(statuses.slice(0, LIMIT).every((status) => status === 200)).toBe(true);
    expect(statuses[LIMIT]).toBe(429);
  });
});
