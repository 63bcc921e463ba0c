import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';

import { runPaced, runPacedRequests, type PacedClock } from './load';

/**
 * Virtual time: `sleep` registers a timer, and `run` jumps the clock to the next timer whenever
 * nothing else can happen. Every schedule is then exact, however busy the machine is.
 */
class FakeClock implements PacedClock {
  time = 1000;
  private timers: { at: number; wake: () => void }[] = [];

  /** Extra delay on every wake-up: timers fire late on a loaded machine. */
  constructor(private readonly lateBy = 0) {}

  now = (): number => this.time;

  sleep = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      this.timers.push({ at: this.time + ms + this.lateBy, wake: resolve });
    });

  /** A request that answers `status` after `ms` of virtual time. */
  answer(ms: number, status = 200): Promise<number> {
    return new Promise((resolve) => {
      this.timers.push({ at: this.time + ms, wake: () => resolve(status) });
    });
  }

  async run<T>(work: Promise<T>): Promise<T> {
    let settled = false;
    work.then(
      () => (settled = true),
      () => (settled = true),
    );
    for (;;) {
      // Let every callback that does not wait for a timer run first.
      await new Promise((resolve) => setImmediate(resolve));
      if (settled) return work;
      this.timers.sort((a, b) => a.at - b.at);
      const next = this.timers.shift();
      if (!next) throw new Error('nothing scheduled, yet the work is not done');
      this.time = Math.max(this.time, next.at);
      next.wake();
    }
  }
}

describe('runPacedRequests (virtual time)', () => {
  it('sends one request every 1/rate s from the start and times each from when it was due', async () => {
    const clock = new FakeClock();
    const sentAt: number[] = [];
    const result = await clock.run(
      runPacedRequests({
        rate: 50,
        durationSeconds: 1,
        clock,
        request: () => {
          sentAt.push(clock.now());
          // Every fifth answer is slow, so the percentiles have something to tell apart.
          return clock.answer(sentAt.length % 5 === 0 ? 40 : 2);
        },
      }),
    );
    assert.deepEqual(
      sentAt,
      Array.from({ length: 50 }, (_, i) => 1000 + i * 20),
    );
    assert.equal(result.requests, 50);
    assert.deepEqual(result.statusCounts, { 200: 50 });
    assert.equal(result.non2xx, 0);
    assert.equal(result.errors, 0);
    assert.equal(result.p50Ms, 2);
    assert.equal(result.p99Ms, 40);
    assert.equal(result.maxMs, 40);
    // The last request, sent at 1980, answered at 2020.
    assert.equal(result.durationSeconds, 1.02);
    assert.equal(result.rps, 50 / 1.02);
  });

  it('keeps to the schedule when answers take longer than the interval (open loop)', async () => {
    const clock = new FakeClock();
    const sentAt: number[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    const result = await clock.run(
      runPacedRequests({
        rate: 100,
        durationSeconds: 0.1,
        clock,
        request: async () => {
          sentAt.push(clock.now());
          inFlight += 1;
          mostInFlight = Math.max(mostInFlight, inFlight);
          const status = await clock.answer(100);
          inFlight -= 1;
          return status;
        },
      }),
    );
    assert.deepEqual(sentAt, [1000, 1010, 1020, 1030, 1040, 1050, 1060, 1070, 1080, 1090]);
    assert.equal(mostInFlight, 10);
    assert.equal(result.p50Ms, 100);
    assert.equal(result.maxMs, 100);
  });

  it('counts the time a late client lost: latency runs from when each request was due', async () => {
    // Every wake-up comes 15 ms late, as timers do on a loaded machine.
    const clock = new FakeClock(15);
    const sentAt: number[] = [];
    const result = await clock.run(
      runPacedRequests({
        rate: 10,
        durationSeconds: 0.5,
        clock,
        request: () => {
          sentAt.push(clock.now());
          return clock.answer(5);
        },
      }),
    );
    assert.deepEqual(sentAt, [1000, 1115, 1215, 1315, 1415]);
    assert.equal(result.p50Ms, 20);
    assert.equal(result.maxMs, 20);
    assert.equal(result.requests, 5);
  });

  it('counts answers that are not 2xx, and network errors apart from answers', async () => {
    const clock = new FakeClock();
    let n = 0;
    const result = await clock.run(
      runPacedRequests({
        rate: 10,
        durationSeconds: 1,
        clock,
        request: () => {
          n += 1;
          if (n % 5 === 0) return Promise.reject(new Error('ECONNRESET'));
          return clock.answer(1, n % 2 === 0 ? 404 : 200);
        },
      }),
    );
    assert.deepEqual(result.statusCounts, { 200: 4, 404: 4 });
    assert.equal(result.requests, 8);
    assert.equal(result.non2xx, 4);
    assert.equal(result.errors, 2);
  });
});

describe('runPaced (over HTTP)', () => {
  let server: http.Server;
  let url = '';
  const paths: string[] = [];

  before(async () => {
    server = http.createServer((request, response) => {
      paths.push(request.url ?? '');
      response.statusCode = request.url === '/missing' ? 404 : 200;
      response.end(request.headers['x-probe'] ?? 'ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  });
  after(() => {
    server.close();
  });

  it('GETs the URL rate × duration times with the headers given and counts the answers', async () => {
    paths.length = 0;
    const ok = await runPaced({ url: `${url}/rides`, rate: 200, durationSeconds: 0.05, headers: { 'x-probe': 'yes' } });
    assert.equal(ok.requests, 10);
    assert.deepEqual(ok.statusCounts, { 200: 10 });
    assert.deepEqual(
      paths,
      Array.from({ length: 10 }, () => '/rides'),
    );
    const missing = await runPaced({ url: `${url}/missing`, rate: 200, durationSeconds: 0.05 });
    assert.equal(missing.non2xx, 10);
  });

  it('counts refused connections as errors', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const result = await runPaced({ url: `http://127.0.0.1:${String(port)}/`, rate: 200, durationSeconds: 0.05 });
    assert.equal(result.errors, 10);
    assert.equal(result.requests, 0);
  });
});
