/**
 * Load from this process with autocannon (loopback only, bounded in time or in requests), and the
 * few plain requests the harness makes around it (sign-in, sizes, statement counts).
 */
import http from 'node:http';

import autocannon, { type Client, type Options, type Result } from 'autocannon';

export interface LoadResult {
  /** Completed requests per second over the measured window. */
  rps: number;
  requests: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCounts: Record<string, number>;
  durationSeconds: number;
}

export interface LoadSpec {
  url: string;
  connections: number;
  durationSeconds?: number;
  amount?: number;
  method?: Options['method'];
  headers?: Record<string, string>;
  body?: string;
  setupClient?: (client: Client) => void;
  /** Called for every response (status, latency in ms), as it arrives. */
  onResponse?: (status: number, latencyMs: number) => void;
}

export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const options: Options = {
    url: spec.url,
    connections: spec.connections,
    timeout: 30,
    ...(spec.amount !== undefined ? { amount: spec.amount } : { duration: spec.durationSeconds ?? 5 }),
    ...(spec.method ? { method: spec.method } : {}),
    ...(spec.headers ? { headers: spec.headers } : {}),
    ...(spec.body !== undefined ? { body: spec.body } : {}),
    ...(spec.setupClient ? { setupClient: spec.setupClient } : {}),
  };
  const onResponse = spec.onResponse;
  // The callback form: it hands back the instance, whose events report each response.
  const result = await new Promise<Result>((resolve, reject) => {
    const instance = autocannon(options, (error: unknown, answer: Result) => {
      if (error) reject(error instanceof Error ? error : new Error(JSON.stringify(error)));
      else resolve(answer);
    });
    if (onResponse) {
      instance.on('response', (_client, statusCode, _bytes, responseTime) => {
        onResponse(statusCode, responseTime);
      });
    }
  });
  const statusCounts: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) statusCounts[code] = stats.count ?? 0;
  const requests = Object.values(statusCounts).reduce((sum, n) => sum + n, 0);
  return {
    rps: result.duration > 0 ? requests / result.duration : 0,
    requests,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCounts,
    durationSeconds: result.duration,
  };
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

/** The time a paced load runs on: the real clock, or a fake one in tests. */
export interface PacedClock {
  /** Milliseconds on a monotonic clock. */
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

export const realClock: PacedClock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** One request of a paced load: resolves with the answer's status code, rejects on a network error. */
export type PacedRequest = () => Promise<number>;

/**
 * An open-loop load at a fixed rate: request i is sent at start + i/rate s, whatever became of the
 * earlier ones (as many in flight as that takes). autocannon's own rate limit sends each second's
 * quota in one burst, which measures the burst rather than the rate. Latency is counted from the
 * moment a request was due, so a client that falls behind shows up in the figures instead of
 * hiding them.
 */
export async function runPacedRequests(spec: {
  rate: number;
  durationSeconds: number;
  request: PacedRequest;
  clock?: PacedClock;
}): Promise<LoadResult> {
  const clock = spec.clock ?? realClock;
  const latencies: number[] = [];
  const statusCounts: Record<string, number> = {};
  let errors = 0;
  const interval = 1000 / spec.rate;
  const total = Math.max(1, Math.round(spec.rate * spec.durationSeconds));
  const started = clock.now();
  const inFlight: Promise<void>[] = [];
  const one = (due: number) =>
    spec.request().then(
      (status) => {
        latencies.push(clock.now() - due);
        const code = String(status);
        statusCounts[code] = (statusCounts[code] ?? 0) + 1;
      },
      () => {
        errors += 1;
      },
    );
  for (let i = 0; i < total; i += 1) {
    const due = started + i * interval;
    const wait = due - clock.now();
    if (wait > 1) await clock.sleep(wait);
    inFlight.push(one(due));
  }
  await Promise.all(inFlight);
  const durationSeconds = (clock.now() - started) / 1000;
  const sorted = [...latencies].sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  const ok = Object.entries(statusCounts).reduce((sum, [code, n]) => sum + (code.startsWith('2') ? n : 0), 0);
  return {
    rps: durationSeconds > 0 ? latencies.length / durationSeconds : 0,
    requests: latencies.length,
    p50Ms: round(percentile(sorted, 50)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted[sorted.length - 1] ?? 0),
    non2xx: latencies.length - ok,
    errors,
    timeouts: 0,
    statusCounts,
    durationSeconds,
  };
}

/** GET `url` at a fixed rate over keep-alive connections (see runPacedRequests). */
export async function runPaced(spec: {
  url: string;
  rate: number;
  durationSeconds: number;
  headers?: Record<string, string>;
}): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const request: PacedRequest = () =>
    new Promise<number>((resolve, reject) => {
      http
        .get(spec.url, { agent, headers: spec.headers ?? {} }, (response) => {
          response.resume();
          response.on('end', () => {
            resolve(response.statusCode ?? 0);
          });
        })
        .on('error', reject);
    });
  try {
    return await runPacedRequests({ rate: spec.rate, durationSeconds: spec.durationSeconds, request });
  } finally {
    agent.destroy();
  }
}

/** The `name=value` of the session cookie a response set. */
export function sessionCookieOf(response: Response): string {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('rideshare.sid='));
  if (!cookie) throw new Error(`no session cookie in the answer (status ${String(response.status)})`);
  return cookie.split(';')[0] ?? '';
}

/** Signs in through POST /api/login and returns the Cookie header value. */
export async function login(baseUrl: string, discordUsername: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ discordUsername, password }),
  });
  const text = await response.text();
  if (response.status !== 200)
    throw new Error(`login of ${discordUsername} failed: ${String(response.status)} ${text}`);
  return sessionCookieOf(response);
}

/** Signs many users in, a few at a time (each login is an argon2 verification on the server). */
export async function loginAll(
  baseUrl: string,
  usernames: readonly string[],
  password: string,
  parallel = 4,
): Promise<string[]> {
  const cookies: string[] = new Array<string>(usernames.length);
  let next = 0;
  const worker = async () => {
    while (next < usernames.length) {
      const index = next;
      next += 1;
      const username = usernames[index];
      if (username !== undefined) cookies[index] = await login(baseUrl, username, password);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, usernames.length) }, worker));
  return cookies;
}

/** GET a path; throws unless 200. Returns the body's bytes. */
export async function getBytes(url: string, headers: Record<string, string> = {}): Promise<Buffer> {
  const response = await fetch(url, { headers });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200)
    throw new Error(`GET ${url}: ${String(response.status)} ${body.toString('utf8').slice(0, 300)}`);
  return body;
}

export async function statementsSoFar(baseUrl: string): Promise<number> {
  const body = await getBytes(`${baseUrl}/__bench/queries`);
  const parsed = JSON.parse(body.toString('utf8')) as { statements?: unknown };
  if (typeof parsed.statements !== 'number') throw new Error('GET /__bench/queries answered no count');
  return parsed.statements;
}
