/**
 * SSE fan-out (docs/features.md#live-updates): many idle subscribers on `GET /api/events` of one instance, then a series
 * of writes. Measures the server's resident memory before and after the subscribers connect, and
 * each event's latency from sending the write to every subscriber receiving it (so it includes the
 * write itself, the commit's NOTIFY, the listener and the fan-out, and this process reading 1,000
 * sockets on the same machine).
 */
import http from 'node:http';

import { percentile } from './load';

export interface FanOutResult {
  subscribers: number;
  /** Writes made; each must reach every subscriber. */
  events: number;
  /** Events received over all subscribers (subscribers × events when nothing was lost). */
  delivered: number;
  rssBeforeBytes: number | null;
  rssAfterBytes: number | null;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** One parsed SSE message: its `id:` and `data:` lines (comments and other fields ignored). */
export interface SseMessage {
  id: string | null;
  data: string;
}

/**
 * Incremental `text/event-stream` parser: feed it chunks as they arrive, it calls `onMessage` for each
 * complete message (blank-line terminated). Heartbeat comments (`:`) produce nothing.
 */
export function sseParser(onMessage: (message: SseMessage) => void): (chunk: string) => void {
  let buffer = '';
  return (chunk) => {
    buffer += chunk.replace(/\r\n?/g, '\n');
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let id: string | null = null;
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'id') id = value;
        else if (field === 'data') data.push(value);
      }
      if (data.length > 0) onMessage({ id, data: data.join('\n') });
      end = buffer.indexOf('\n\n');
    }
  };
}

interface Subscriber {
  request: http.ClientRequest;
}

function subscribe(url: string, onEvent: (rideId: number | null, type: string) => void): Promise<Subscriber> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, headers: { accept: 'text/event-stream' } }, (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`GET ${url}: ${String(response.statusCode)}`));
        response.resume();
        return;
      }
      response.setEncoding('utf8');
      const feed = sseParser((message) => {
        try {
          const event = JSON.parse(message.data) as { type?: unknown; rideId?: unknown };
          onEvent(typeof event.rideId === 'number' ? event.rideId : null, String(event.type));
        } catch {
          // not an event of ours
        }
      });
      response.on('data', feed);
      response.on('error', () => undefined);
      resolve({ request });
    });
    request.on('error', reject);
  });
}

/** Opens `count` connections, `parallel` at a time. */
async function subscribeAll(
  url: string,
  count: number,
  onEvent: (rideId: number | null, type: string) => void,
  parallel = 50,
): Promise<Subscriber[]> {
  const subscribers: Subscriber[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next += 1;
      subscribers.push(await subscribe(url, onEvent));
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, count) }, worker));
  return subscribers;
}

export interface FanOutSpec {
  baseUrl: string;
  subscribers: number;
  events: number;
  /** The server's resident memory now (null where /proc is not readable). */
  rss: () => number | null;
  /** Makes one write that publishes one ride event; answers the ride's id. */
  write: () => Promise<number>;
  /** Longest wait for one event to reach everybody before the run fails. */
  timeoutMs?: number;
}

export async function runFanOut(spec: FanOutSpec, log: (line: string) => void): Promise<FanOutResult> {
  const timeoutMs = spec.timeoutMs ?? 20_000;
  // ride id → arrival times; a write's ride id is known once its answer arrives, so arrivals are
  // keyed by ride id and matched afterwards.
  const arrivals = new Map<number, number[]>();
  let waiter: { rideId: number; resolve: () => void } | null = null;
  const onEvent = (rideId: number | null, type: string) => {
    if (rideId === null || type !== 'ride.created') return;
    const times = arrivals.get(rideId) ?? [];
    times.push(performance.now());
    arrivals.set(rideId, times);
    if (waiter && waiter.rideId === rideId && times.length >= spec.subscribers) waiter.resolve();
  };

  const rssBeforeBytes = spec.rss();
  const subscribers = await subscribeAll(`${spec.baseUrl}/api/events`, spec.subscribers, onEvent);
  // Let the server settle (its buffers allocated, a heartbeat or two) before reading its memory.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const rssAfterBytes = spec.rss();

  const latencies: number[] = [];
  let delivered = 0;
  try {
    for (let i = 0; i < spec.events; i += 1) {
      const sent = performance.now();
      const rideId = await spec.write();
      await new Promise<void>((resolve, reject) => {
        const done = () => {
          clearTimeout(timer);
          waiter = null;
          resolve();
        };
        const timer = setTimeout(() => {
          waiter = null;
          reject(
            new Error(
              `event of ride ${String(rideId)} reached ${String(arrivals.get(rideId)?.length ?? 0)} of ${String(spec.subscribers)} subscribers in ${String(timeoutMs)} ms`,
            ),
          );
        }, timeoutMs);
        if ((arrivals.get(rideId)?.length ?? 0) >= spec.subscribers) done();
        else waiter = { rideId, resolve: done };
      });
      const times = arrivals.get(rideId) ?? [];
      delivered += times.length;
      for (const t of times) latencies.push(t - sent);
    }
  } finally {
    for (const subscriber of subscribers) subscriber.request.destroy();
  }
  const sorted = latencies.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  const result: FanOutResult = {
    subscribers: spec.subscribers,
    events: spec.events,
    delivered,
    rssBeforeBytes,
    rssAfterBytes,
    p50Ms: round(percentile(sorted, 50)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted[sorted.length - 1] ?? 0),
  };
  const mb = (bytes: number | null) => (bytes === null ? 'n/a' : `${(bytes / 1024 / 1024).toFixed(0)} MB`);
  log(
    `    SSE fan-out: ${String(spec.subscribers)} subscribers, ${String(spec.events)} events, ${String(delivered)} delivered;` +
      ` RSS ${mb(rssBeforeBytes)} → ${mb(rssAfterBytes)}; latency p50 ${String(result.p50Ms)} ms p99 ${String(result.p99Ms)} ms`,
  );
  return result;
}
