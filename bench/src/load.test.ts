import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';

import { runPaced } from './load';

describe('runPaced', () => {
  let server: http.Server;
  let url = '';
  const seen: number[] = [];

  before(async () => {
    server = http.createServer((request, response) => {
      seen.push(performance.now());
      // Every fifth answer is slow, so the percentiles have something to tell apart.
      const slow = seen.length % 5 === 0;
      setTimeout(() => response.end(request.url === '/missing' ? '' : 'ok'), slow ? 40 : 0);
      if (request.url === '/missing') response.statusCode = 404;
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  });
  after(() => {
    server.close();
  });

  it('sends evenly spaced requests at the rate and reports their latencies', async () => {
    seen.length = 0;
    const result = await runPaced({ url: `${url}/`, rate: 50, durationSeconds: 1 });
    assert.equal(result.requests, 50);
    assert.deepEqual(result.statusCounts, { 200: 50 });
    assert.equal(result.non2xx, 0);
    // Spaced 20 ms apart, not sent in a burst.
    const gaps = seen.slice(1).map((t, i) => t - (seen[i] ?? t));
    assert.ok(Math.min(...gaps) > 5, `requests came ${String(Math.min(...gaps))} ms apart`);
    assert.ok(result.p50Ms < 40, `p50 ${String(result.p50Ms)}`);
    assert.ok(result.p99Ms >= 40, `p99 ${String(result.p99Ms)}`);
  });

  it('counts answers that are not 2xx', async () => {
    const result = await runPaced({ url: `${url}/missing`, rate: 20, durationSeconds: 0.5 });
    assert.equal(result.requests, 10);
    assert.equal(result.non2xx, 10);
  });
});
