import type { FanOutResult } from './fanout';
/** Results shaped like a recorded run, for the report and document tests. */
import type { LoadResult } from './load';
import type { RunResults, SizeRun } from './results';
import type { ReadResult } from './scenarios';
import type { BundleReport } from './web';

const MB = 1024 * 1024;

export function load(rps: number, p99Ms = 10, overrides: Partial<LoadResult> = {}): LoadResult {
  return {
    rps,
    requests: rps * 5,
    p50Ms: p99Ms / 2,
    p99Ms,
    maxMs: p99Ms,
    non2xx: 0,
    errors: 0,
    timeouts: 0,
    statusCounts: { 200: rps * 5 },
    durationSeconds: 5,
    ...overrides,
  };
}

export function readOf(
  key: ReadResult['key'],
  statements: number,
  rps = 1000,
  ceiling = 1500,
  p99Ms = 10,
  expected = statements,
): ReadResult {
  return {
    key,
    label: key,
    bodyBytes: 100,
    encodedBytes: { br: 40, gzip: 50 },
    sameWhenDecoded: true,
    statementsPerRequest: statements,
    expectedStatements: expected,
    load: load(rps, p99Ms),
    ceiling: load(ceiling),
    ratio: rps / ceiling,
  };
}

export function run(
  engine: SizeRun['engine'],
  rides: number,
  reads: ReadResult[],
  overrides: Partial<SizeRun> = {},
): SizeRun {
  return {
    engine,
    rides,
    users: 10,
    passengerEntries: 30,
    generateMs: 1,
    startToReadyMs: 900,
    rssAtReadyBytes: 90 * MB,
    peakRssAfterReadsBytes: 100 * MB,
    peakRssBytes: 150 * MB,
    memoryAtEnd: {
      rss: 140 * MB,
      heapTotal: 60 * MB,
      heapUsed: 40 * MB,
      external: engine === 'embedded' ? 140 * MB : 4 * MB,
      arrayBuffers: 8 * MB,
      engine: engine === 'embedded' ? 128 * MB : null,
      engineResident: engine === 'embedded' ? 30 * MB : null,
    },
    reads,
    join: {
      rounds: 1,
      usersPerRound: 50,
      freeSeatsPerRound: 9,
      attempts: 50,
      accepted: 9,
      refusedFull: 41,
      unexpected: {},
      seconds: 1,
      acceptedPerSecond: 9,
      attemptsPerSecond: 50,
      p50Ms: 5,
      p99Ms: 9,
      acceptedP99Ms: 9,
      acceptedPerRound: [9],
    },
    login: load(40),
    overbookedRides: 0,
    hotRides: [],
    loadAverage: [0.1, 0.2],
    ...overrides,
  };
}

export function results(runs: SizeRun[], overrides: Partial<RunResults> = {}): RunResults {
  return {
    date: '2026-11-21T00:00:00Z',
    command: 'bench',
    durationSeconds: 5,
    warmupSeconds: 1,
    requestsPerLoad: null,
    connections: 50,
    machine: {
      cpu: 'x',
      cores: 2,
      memoryGiB: 4,
      os: 'Linux',
      node: 'v20',
      postgres: '15',
      chromium: null,
      commit: null,
      loadAverageAtStart: 0,
    },
    runs,
    memory: null,
    bundle: null,
    paints: null,
    paintsAgainst: null,
    notes: [],
    elapsedSeconds: 1,
    ...overrides,
  };
}

const asset = (file: string, gzipKB: number) => ({ file, bytes: gzipKB * 3 * 1024, gzipBytes: gzipKB * 1024 });

export function bundle(
  homeChunks: [string, number][] = [
    ['index-A1.js', 40],
    ['react-B2.js', 110],
  ],
): BundleReport {
  const js = homeChunks.map(([file, kb]) => asset(file, kb));
  return {
    home: {
      route: '/home',
      js,
      css: [asset('index-C3.css', 30)],
      jsGzipBytes: js.reduce((sum, a) => sum + a.gzipBytes, 0),
      cssGzipBytes: 30 * 1024,
    },
    rideDetail: { route: '/rides/{id}', js, css: [], jsGzipBytes: 0, cssGzipBytes: 0 },
    map: { js: [asset('maplibre-gl-M1.js', 280)], css: [], jsGzipBytes: 280 * 1024, cssGzipBytes: 0 },
    mapFilesOnHome: [],
  };
}

/** 1,000 subscribers that each received 20 events. */
export function fanOut(rssBeforeMB: number, p99Ms: number): FanOutResult {
  return {
    subscribers: 1000,
    events: 20,
    delivered: 20_000,
    rssBeforeBytes: rssBeforeMB * MB,
    rssAfterBytes: (rssBeforeMB + 12) * MB,
    p50Ms: p99Ms / 2,
    p99Ms,
    maxMs: p99Ms * 1.5,
  };
}

/** Every read, every engine and size, the memory pass, the bundle and the paints: a full run. */
export function fullRun(): RunResults {
  const reads = (scale: number): ReadResult[] => [
    readOf('rides', 1, 900 / scale, 1200 / scale),
    {
      ...readOf('trpcList', 2, 400 / scale, 9000, 300 * scale),
      atRate: { rate: 100, result: load(100, 12 * scale) },
      oneConnection: load(300 / scale, 8 * scale, { p50Ms: 2 * scale }),
    },
    readOf('ride', 1, 1500, 10_000, 60),
    readOf('passengers', 3, 1000, 12_000, 90),
    readOf('stats', 1, 3000 / scale, 15_000, 30),
  ];
  const sizes = [100, 1000, 10_000];
  const runs = [
    ...sizes.map((rides, i) =>
      run('server', rides, reads(i + 1), {
        peakRssBytes: (250 + 10 * i) * MB,
        fanOut: rides === 1000 ? fanOut(60, 20) : null,
      }),
    ),
    ...sizes.map((rides, i) =>
      run('embedded', rides, reads(i + 1), {
        peakRssBytes: (550 + 10 * i) * MB,
        startToReadyMs: 2000,
        fanOut: rides === 1000 ? fanOut(90, 40) : null,
      }),
    ),
  ];
  return results(runs, {
    memory: {
      env: { NODE_OPTIONS: '--max-old-space-size=128', MALLOC_ARENA_MAX: '2' },
      runs: [
        ...sizes.map((rides, i) => run('server', rides, reads(i + 1), { peakRssBytes: (200 + 5 * i) * MB })),
        ...sizes.map((rides, i) =>
          run('embedded', rides, reads(i + 1), { rssAtReadyBytes: 160 * MB, peakRssBytes: (260 + 5 * i) * MB }),
        ),
      ],
    },
    bundle: bundle([
      ['index-A1.js', 38],
      ['react-B2.js', 114],
      ['schemas-D4.js', 28],
      ['data-E5.js', 21],
      ['share-button-F6.js', 18],
      ['home-page-G7.js', 9],
    ]),
    paints: [
      { path: '/home', lcpMs: 2000, runsMs: [1900, 2000, 2100], element: 'p: hero', fetched: ['index-A1.js'] },
      { path: '/rides/2', lcpMs: 2500, runsMs: [2400, 2500, 2600], element: 'h1: ride', fetched: [] },
    ],
    paintsAgainst: 'the Postgres server with 1,000 rides',
    homeTransfer: {
      path: '/home',
      transferredBytes: 160 * 1024,
      decodedBytes: 900 * 1024,
      byType: { Script: 120 * 1024, Stylesheet: 30 * 1024, Document: 2048, Fetch: 8 * 1024 },
      requests: 12,
      encodings: { br: 12 },
    },
    alerts: {
      runs: (['server', 'embedded'] as const).map((engine) => {
        const phase = (alerts: number, meanMs: number) => ({
          alerts,
          creates: 60,
          statementsPerCreate: 16,
          meanMs,
          p50Ms: meanMs,
          p90Ms: meanMs * 1.5,
          toldPerRide: alerts > 0 ? 40 : 0,
        });
        return {
          engine,
          withoutAlerts: phase(0, 20),
          unmatchedAlerts: { ...phase(10_000, 22), toldPerRide: 0 },
          withAlerts: phase(10_000, 26),
          matchingRatio: 1.1,
          timeRatio: 1.3,
        };
      }),
    },
    elapsedSeconds: 600,
  });
}
