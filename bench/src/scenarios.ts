/**
 * The measured scenarios against one running server and data set.
 *
 * Reads (each: its answer with and without compression, statements per request, then load, then
 * its static ceiling):
 *   GET /api/rides, tRPC ride.list (page 1 with the home page's defaults), GET /api/rides/{id},
 *   GET /api/rides?q= (a search: read fresh through the trigram index), GET /api/rides/{id}/passengers
 *   (signed in), GET /api/stats.
 * Writes:
 *   join contention: per round, every join user fires POST /api/rides/{hot}/join at the same moment
 *   on its own connection (one fresh hot ride per round, 9 free seats); login throughput.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import type { DataSet } from './data';
import type { ReadKey } from './options';
import { getBytes, loginAll, runLoad, runPaced, statementsSoFar, type LoadResult } from './load';

export interface ReadScenario {
  key: ReadKey;
  label: string;
  path: string;
  signedIn: boolean;
  /**
   * SQL statements one request must run, whatever the data size (enforced by the smoke run; the
   * procedures' own counts are in apps/api/test/routers/query-counts.test.ts).
   */
  statements: number;
}

/** What the home page asks for on first load (apps/web: AllRidesTab, RIDES_PAGE_SIZE = 12). */
export const HOME_LIST_INPUT = { time: 'upcoming', direction: 'all', sort: 'dateAsc', page: 1, pageSize: 12 } as const;

/** A search as a person types it: a place and a day (docs/product.md#search). */
export const SEARCH_QUERY = 'kranji fri';

export function readScenarios(data: Pick<DataSet, 'sampleRideId'>): ReadScenario[] {
  const id = String(data.sampleRideId);
  return [
    // From the ride-list cache, whose version the database's notifications keep: no statement.
    { key: 'rides', label: 'GET /api/rides', path: '/api/rides', signedIn: false, statements: 0 },
    {
      key: 'trpcList',
      label: 'tRPC ride.list, page 1',
      path: `/trpc/ride.list?input=${encodeURIComponent(JSON.stringify(HOME_LIST_INPUT))}`,
      signedIn: false,
      // A first page comes from the ride-list cache too.
      statements: 0,
    },
    {
      key: 'search',
      label: 'GET /api/rides?q= (search)',
      path: `/api/rides?q=${encodeURIComponent(SEARCH_QUERY)}`,
      signedIn: false,
      // Never cached: the matching rides in one statement, through the trigram index.
      statements: 1,
    },
    { key: 'ride', label: 'GET /api/rides/{id}', path: `/api/rides/${id}`, signedIn: false, statements: 1 },
    {
      key: 'passengers',
      label: 'GET /api/rides/{id}/passengers',
      path: `/api/rides/${id}/passengers`,
      signedIn: true,
      // The session row, the signed-in user, the entries with their users.
      statements: 3,
    },
    { key: 'stats', label: 'GET /api/stats', path: '/api/stats', signedIn: false, statements: 1 },
  ];
}

export interface ReadResult {
  key: ReadScenario['key'];
  label: string;
  bodyBytes: number;
  /**
   * The same answer as sent to a client that accepts brotli, and one that accepts gzip only (equal to
   * bodyBytes when it went out uncompressed); absent in older runs.
   */
  encodedBytes?: { br: number; gzip: number };
  /** Both compressed answers decode to exactly the uncompressed one. */
  sameWhenDecoded?: boolean;
  statementsPerRequest: number;
  /** What the scenario expects (ReadScenario.statements). */
  expectedStatements: number;
  load: LoadResult;
  /** The same number of bytes from the bench-only static route. */
  ceiling: LoadResult;
  /** load.rps / ceiling.rps */
  ratio: number;
  /** The same read at a fixed offered rate (tRPC list only): latency without the queueing. */
  atRate?: { rate: number; result: LoadResult };
  /** The same read over one connection, one request at a time (tRPC list only): service time. */
  oneConnection?: LoadResult;
}

/** Offered rate of the fixed-rate run of the tRPC list. */
export const FIXED_RATE = 100;

export interface LoadSettings {
  connections: number;
  durationSeconds: number;
  /** A fixed number of requests per load instead of `durationSeconds` (no warm-up then). */
  requests: number | null;
  warmupSeconds: number;
  statementSamples: number;
  /** Loads of the read and of its ceiling, in turn; the best of each is kept (options.ts). */
  rounds: number;
}

/** How long or how much one load runs, as runLoad takes it. */
function extent(
  settings: Pick<LoadSettings, 'durationSeconds' | 'requests'>,
): { durationSeconds: number } | { amount: number } {
  return settings.requests !== null ? { amount: settings.requests } : { durationSeconds: settings.durationSeconds };
}

/** The answer as sent for `acceptEncoding`, and its bytes once decoded. */
async function encodedAnswer(
  url: string,
  headers: Record<string, string>,
  acceptEncoding: 'br' | 'gzip',
): Promise<{ sent: number; decoded: Buffer }> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    // node:http, not fetch: fetch decodes the body itself and hides the size that was sent.
    const req = request(url, { headers: { ...headers, 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const sent = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        if (res.statusCode !== 200) {
          reject(new Error(`GET ${url} (${acceptEncoding}): ${String(res.statusCode)}`));
          return;
        }
        const decoded = encoding === 'br' ? brotliDecompressSync(sent) : encoding === 'gzip' ? gunzipSync(sent) : sent;
        resolve({ sent: sent.length, decoded });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

async function measured(url: string, settings: LoadSettings, headers: Record<string, string>): Promise<LoadResult> {
  if (settings.warmupSeconds > 0 && settings.requests === null) {
    await runLoad({ url, connections: settings.connections, durationSeconds: settings.warmupSeconds, headers });
  }
  return runLoad({ url, connections: settings.connections, ...extent(settings), headers });
}

/** Sequential requests between two reads of the server's statement counter. */
async function statementsPerRequest(
  baseUrl: string,
  path: string,
  headers: Record<string, string>,
  samples: number,
): Promise<number> {
  // One request first, so one-off work (the ride list cache's first build) is not counted.
  await getBytes(`${baseUrl}${path}`, headers);
  const before = await statementsSoFar(baseUrl);
  for (let i = 0; i < samples; i += 1) await getBytes(`${baseUrl}${path}`, headers);
  const after = await statementsSoFar(baseUrl);
  return (after - before) / samples;
}

export async function runReads(
  baseUrl: string,
  scenarios: readonly ReadScenario[],
  readerCookie: string,
  settings: LoadSettings,
  log: (line: string) => void,
): Promise<ReadResult[]> {
  const results: ReadResult[] = [];
  for (const scenario of scenarios) {
    const headers: Record<string, string> = scenario.signedIn ? { cookie: readerCookie } : {};
    const body = await getBytes(`${baseUrl}${scenario.path}`, { ...headers, 'accept-encoding': 'identity' });
    JSON.parse(body.toString('utf8'));
    const br = await encodedAnswer(`${baseUrl}${scenario.path}`, headers, 'br');
    const gzip = await encodedAnswer(`${baseUrl}${scenario.path}`, headers, 'gzip');
    const sameWhenDecoded = br.decoded.equals(body) && gzip.decoded.equals(body);
    const statements = await statementsPerRequest(baseUrl, scenario.path, headers, settings.statementSamples);
    let load = await measured(`${baseUrl}${scenario.path}`, settings, headers);
    let ceiling = await measured(`${baseUrl}/__bench/static?bytes=${String(body.length)}`, settings, {});
    for (let round = 1; round < settings.rounds; round += 1) {
      const again = await measured(`${baseUrl}${scenario.path}`, settings, headers);
      if (again.rps > load.rps) load = again;
      const ceilingAgain = await measured(`${baseUrl}/__bench/static?bytes=${String(body.length)}`, settings, {});
      if (ceilingAgain.rps > ceiling.rps) ceiling = ceilingAgain;
    }
    const ratio = ceiling.rps > 0 ? load.rps / ceiling.rps : 0;
    // At 50 connections in a closed loop, latency is mostly time spent queueing behind the other 49
    // (mean latency = connections / throughput); at a steady rate below capacity it is service time.
    const atRate =
      scenario.key === 'trpcList'
        ? {
            rate: FIXED_RATE,
            result: await runPaced({
              url: `${baseUrl}${scenario.path}`,
              rate: FIXED_RATE,
              durationSeconds: settings.requests !== null ? settings.requests / FIXED_RATE : settings.durationSeconds,
              headers,
            }),
          }
        : undefined;
    const oneConnection =
      scenario.key === 'trpcList'
        ? await runLoad({ url: `${baseUrl}${scenario.path}`, connections: 1, ...extent(settings), headers })
        : undefined;
    log(
      `    ${scenario.label.padEnd(32)} ${formatBytes(body.length).padStart(9)}  ${load.rps.toFixed(0).padStart(6)} req/s` +
        `  p50 ${String(load.p50Ms)} ms  p99 ${String(load.p99Ms)} ms  static ${ceiling.rps.toFixed(0)} req/s` +
        `  ratio ${ratio.toFixed(2)}  ${String(statements)} SQL/req  br ${formatBytes(br.sent)}` +
        (sameWhenDecoded ? '' : '  (DECODES TO DIFFERENT BYTES)') +
        (atRate
          ? `  at ${String(atRate.rate)} req/s: p50 ${String(atRate.result.p50Ms)} ms p99 ${String(atRate.result.p99Ms)} ms`
          : '') +
        (oneConnection
          ? `  1 connection: p50 ${String(oneConnection.p50Ms)} ms p99 ${String(oneConnection.p99Ms)} ms`
          : ''),
    );
    results.push({
      key: scenario.key,
      label: scenario.label,
      bodyBytes: body.length,
      encodedBytes: { br: br.sent, gzip: gzip.sent },
      sameWhenDecoded,
      statementsPerRequest: statements,
      expectedStatements: scenario.statements,
      load,
      ceiling,
      ratio,
      ...(atRate ? { atRate } : {}),
      ...(oneConnection ? { oneConnection } : {}),
    });
  }
  return results;
}

export interface JoinResult {
  rounds: number;
  usersPerRound: number;
  freeSeatsPerRound: number;
  attempts: number;
  accepted: number;
  /** 409 'Ride is full' answers. */
  refusedFull: number;
  /** Anything else (expected: none). */
  unexpected: Record<string, number>;
  seconds: number;
  acceptedPerSecond: number;
  attemptsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  acceptedP99Ms: number;
  /** Per round, the accepted joins (expected: exactly the free seats). */
  acceptedPerRound: number[];
}

function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? 0;
}

/** Signs the join users in (argon2 verification each), for the contention rounds. */
export function signInJoinUsers(baseUrl: string, data: DataSet): Promise<string[]> {
  return loginAll(baseUrl, data.joinUsernames, data.password);
}

export async function runJoinContention(
  baseUrl: string,
  data: DataSet,
  cookies: readonly string[],
  rounds: number,
  log: (line: string) => void,
): Promise<JoinResult> {
  const latencies: number[] = [];
  const acceptedLatencies: number[] = [];
  const statuses: Record<string, number> = {};
  const acceptedPerRound: number[] = [];
  let seconds = 0;
  const body = JSON.stringify({ dropoffLocation: 'Tampines Mall', passengerCount: 1 });
  for (let round = 0; round < rounds; round += 1) {
    const rideId = data.hotRideIds[round];
    if (rideId === undefined)
      throw new Error(`only ${String(data.hotRideIds.length)} hot rides for ${String(rounds)} rounds`);
    let nextCookie = 0;
    // The round lasts from the first request sent to the last answer received (autocannon's own
    // run time includes its start-up and once-a-second sampling, longer than the round itself).
    let firstSent = Number.POSITIVE_INFINITY;
    let lastAnswered = 0;
    const result = await runLoad({
      url: `${baseUrl}/api/rides/${String(rideId)}/join`,
      method: 'POST',
      connections: cookies.length,
      amount: cookies.length,
      // One user per connection: every connection sends its single join as its own user.
      setupClient: (client) => {
        const cookie = cookies[nextCookie % cookies.length] ?? '';
        nextCookie += 1;
        client.setHeaders({ 'content-type': 'application/json', cookie });
      },
      body,
      onResponse: (status, latencyMs) => {
        const now = performance.now();
        firstSent = Math.min(firstSent, now - latencyMs);
        lastAnswered = Math.max(lastAnswered, now);
        latencies.push(latencyMs);
        if (status === 201) acceptedLatencies.push(latencyMs);
      },
    });
    if (lastAnswered > firstSent) seconds += (lastAnswered - firstSent) / 1000;
    for (const [code, count] of Object.entries(result.statusCounts)) statuses[code] = (statuses[code] ?? 0) + count;
    acceptedPerRound.push(result.statusCounts['201'] ?? 0);
  }
  const accepted = statuses['201'] ?? 0;
  const refusedFull = statuses['409'] ?? 0;
  const unexpected = Object.fromEntries(Object.entries(statuses).filter(([code]) => code !== '201' && code !== '409'));
  const attempts = latencies.length;
  const joinResult: JoinResult = {
    rounds,
    usersPerRound: cookies.length,
    freeSeatsPerRound: data.hotRideFreeSeats,
    attempts,
    accepted,
    refusedFull,
    unexpected,
    seconds,
    acceptedPerSecond: seconds > 0 ? accepted / seconds : 0,
    attemptsPerSecond: seconds > 0 ? attempts / seconds : 0,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    acceptedP99Ms: percentile(acceptedLatencies, 99),
    acceptedPerRound,
  };
  log(
    `    joins: ${String(rounds)} rounds x ${String(cookies.length)} users, ${String(accepted)} accepted, ${String(refusedFull)} full,` +
      ` ${joinResult.acceptedPerSecond.toFixed(0)} accepted/s, p99 ${joinResult.p99Ms.toFixed(1)} ms`,
  );
  return joinResult;
}

/** POST /api/login at full concurrency, each connection signing in as its own user. */
export async function runLogin(
  baseUrl: string,
  data: DataSet,
  settings: { connections: number; durationSeconds: number; requests: number | null },
  log: (line: string) => void,
): Promise<LoadResult> {
  let next = 0;
  const result = await runLoad({
    url: `${baseUrl}/api/login`,
    method: 'POST',
    connections: settings.connections,
    ...extent(settings),
    setupClient: (client) => {
      const discordUsername = data.joinUsernames[next % data.joinUsernames.length] ?? data.readerUsername;
      next += 1;
      client.setHeadersAndBody(
        { 'content-type': 'application/json' },
        JSON.stringify({ discordUsername, password: data.password }),
      );
    },
  });
  log(`    login: ${result.rps.toFixed(1)} req/s, p50 ${String(result.p50Ms)} ms, p99 ${String(result.p99Ms)} ms`);
  return result;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${String(bytes)} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}
