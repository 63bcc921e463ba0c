/**
 * The results of a run (recorded in docs/benchmarks.json), the performance budgets (docs/benchmarks.md) evaluated against
 * them, the smoke run's machine-independent budget checks, and the Markdown tables of a run (the
 * results block of docs/benchmarks.md, and what a run prints). The figures quoted in the prose of
 * docs/benchmarks.md are generated from the same results by doc.ts.
 */
import { ARGON2_COST } from './data';
import type { FanOutResult } from './fanout';
import type { LoadResult } from './load';
import type { MachineInfo } from './machine';
import type { Engine } from './options';
import { formatBytes, type JoinResult, type ReadResult } from './scenarios';
import type { BundleReport, PaintResult, TransferResult } from './web';

export interface SizeRun {
  engine: Engine;
  rides: number;
  users: number;
  passengerEntries: number;
  generateMs: number;
  startToReadyMs: number;
  /** Peak RSS (VmHWM) after the read scenarios, and after everything (writes, logins). */
  peakRssAfterReadsBytes: number | null;
  peakRssBytes: number | null;
  reads: ReadResult[];
  /** SSE fan-out (measured on one data set per engine; null on the others and in older runs). */
  fanOut?: FanOutResult | null;
  join: JoinResult;
  login: LoadResult;
  /** Rides whose seats exceed the maximum or disagree with their entries, from the database. */
  overbookedRides: number;
  /** Hot rides after the rounds: seats taken / maximum. */
  hotRides: { id: number; currentPassengers: number; maxPassengers: number }[];
  /** The machine's 1-minute load average when this data set's measurements began and ended. */
  loadAverage: [number, number];
}

export interface RunResults {
  date: string;
  command: string;
  durationSeconds: number;
  /** Warm-up before each measured load. */
  warmupSeconds: number;
  /** Requests per load instead of a duration (smoke runs), else null. */
  requestsPerLoad: number | null;
  connections: number;
  machine: MachineInfo;
  /** Every engine and size with Node's and glibc's default memory settings. */
  runs: SizeRun[];
  /**
   * The Postgres server again with the memory settings the image ships (infra/Dockerfile), and
   * those settings; null when not run (smoke, --no-memory, no Postgres server).
   */
  memory: { env: Record<string, string>; runs: SizeRun[] } | null;
  bundle: BundleReport | null;
  paints: PaintResult[] | null;
  /** The engine and size the browser measurements ran against. */
  paintsAgainst: string | null;
  /** What /home's first load transferred, as Chromium counts it (absent in older runs). */
  homeTransfer?: TransferResult | null;
  notes: string[];
  elapsedSeconds: number;
}

/** The performance budgets (docs/benchmarks.md). */
export const BUDGET = {
  /** GET /api/rides at 1,000 rides, as a share of the static ceiling for the same bytes. */
  ridesCeilingRatio: 0.9,
  /** tRPC ride.list page 1 at 10,000 rides, p99 at `listConnections` connections. */
  listP99Ms: 50,
  listConnections: 50,
  homeJsKB: 250,
  /** /home's first load as transferred from the production server (Chromium's count), KB. */
  homeTransferKB: 170,
  peakRssMB: 250,
  startToReadySeconds: 3,
} as const;

export type BudgetStatus = 'met' | 'missed' | 'not measured';

export interface BudgetResult {
  /** Short name, for the document's `status.<key>` figures. */
  key: 'rides' | 'list' | 'statements' | 'home' | 'transfer' | 'memory' | 'start';
  budget: string;
  measured: string;
  status: BudgetStatus;
}

const MB = 1024 * 1024;

function find(results: RunResults, engine: Engine, rides: number): SizeRun | undefined {
  return results.runs.find((run) => run.engine === engine && run.rides === rides);
}

function read(run: SizeRun | undefined, key: ReadResult['key']): ReadResult | undefined {
  return run?.reads.find((r) => r.key === key);
}

/** Statement counts per read that differ between data-set sizes of one engine (expected: none). */
export function statementDrift(runs: readonly SizeRun[]): string[] {
  const drift: string[] = [];
  const engines = [...new Set(runs.map((r) => r.engine))];
  for (const engine of engines) {
    const ofEngine = runs.filter((r) => r.engine === engine);
    const keys = [...new Set(ofEngine.flatMap((r) => r.reads.map((x) => x.key)))];
    for (const key of keys) {
      const counts = ofEngine.map((r) => `${String(r.rides)}: ${String(read(r, key)?.statementsPerRequest ?? '?')}`);
      const values = new Set(ofEngine.map((r) => read(r, key)?.statementsPerRequest));
      if (values.size > 1) drift.push(`${engine} ${key} (${counts.join(', ')})`);
    }
  }
  return drift;
}

/** The memory settings as one line: `NODE_OPTIONS=--max-old-space-size=128 MALLOC_ARENA_MAX=2`. */
export function settingsText(env: Record<string, string>): string {
  return Object.entries(env)
    .map(([key, value]) => `${key}=${value}`)
    .join(' ');
}

/** Map files /home loads: in the build graph, or fetched by the browser when it ran. */
function mapFilesOnHome(results: RunResults): string[] {
  const fetched =
    results.paints?.find((p) => p.path === '/home')?.fetched.filter((f) => /maplibre|location-map/.test(f)) ?? [];
  return [...(results.bundle?.mapFilesOnHome ?? []), ...fetched];
}

export function evaluateBudgets(results: RunResults): BudgetResult[] {
  const budgets: BudgetResult[] = [];
  const serverRuns = results.runs.filter((r) => r.engine === 'server');

  const rides1000 = read(find(results, 'server', 1000), 'rides');
  budgets.push({
    key: 'rides',
    budget: `GET /api/rides at 1,000 rides: at least ${String(BUDGET.ridesCeilingRatio * 100)}% of the static ceiling for the same bytes (Postgres server)`,
    measured: rides1000
      ? `${(rides1000.ratio * 100).toFixed(0)}% (${rides1000.load.rps.toFixed(0)} of ${rides1000.ceiling.rps.toFixed(0)} req/s)`
      : '-',
    status: rides1000 ? (rides1000.ratio >= BUDGET.ridesCeilingRatio ? 'met' : 'missed') : 'not measured',
  });

  const list10k = read(find(results, 'server', 10_000), 'trpcList');
  const listMeasured = list10k
    ? `p99 ${String(list10k.load.p99Ms)} ms (${list10k.load.rps.toFixed(0)} req/s)` +
      (list10k.atRate
        ? `; at a fixed ${String(list10k.atRate.rate)} req/s: p99 ${String(list10k.atRate.result.p99Ms)} ms`
        : '') +
      (list10k.oneConnection ? `; 1 connection: p99 ${String(list10k.oneConnection.p99Ms)} ms` : '')
    : '-';
  budgets.push({
    key: 'list',
    budget: `tRPC ride.list page 1 at 10,000 rides: p99 under ${String(BUDGET.listP99Ms)} ms at ${String(BUDGET.listConnections)} connections (Postgres server)`,
    measured: listMeasured,
    status: list10k ? (list10k.load.p99Ms < BUDGET.listP99Ms ? 'met' : 'missed') : 'not measured',
  });

  const sizes = new Set(results.runs.map((r) => r.rides));
  const drift = statementDrift(results.runs);
  budgets.push({
    key: 'statements',
    budget: 'Constant SQL statements per request for every read',
    measured:
      sizes.size < 2
        ? 'one data-set size only'
        : drift.length === 0
          ? `same count at ${[...sizes].map((s) => s.toLocaleString('en')).join(' / ')} rides`
          : `grows: ${drift.join('; ')}`,
    status: sizes.size < 2 ? 'not measured' : drift.length === 0 ? 'met' : 'missed',
  });

  const bundle = results.bundle;
  const homeKB = bundle ? bundle.home.jsGzipBytes / 1024 : 0;
  const mapOnHome = mapFilesOnHome(results);
  budgets.push({
    key: 'home',
    budget: `/home: at most ${String(BUDGET.homeJsKB)} KB of gzipped JavaScript; the map code is not loaded there`,
    measured: bundle
      ? `${homeKB.toFixed(1)} KB gzipped JS; map files on /home: ${mapOnHome.length === 0 ? 'none' : mapOnHome.join(', ')}`
      : '-',
    status: bundle ? (homeKB <= BUDGET.homeJsKB && mapOnHome.length === 0 ? 'met' : 'missed') : 'not measured',
  });

  const transfer = results.homeTransfer;
  budgets.push({
    key: 'transfer',
    budget: `/home's first load: at most ${String(BUDGET.homeTransferKB)} KB as transferred from the production server (Chromium's count, headers included)`,
    measured: transfer
      ? `${kb(transfer.transferredBytes)} in ${String(transfer.requests)} responses (${kb(transfer.decodedBytes)} decoded)`
      : '-',
    status: transfer ? (transfer.transferredBytes / 1024 <= BUDGET.homeTransferKB ? 'met' : 'missed') : 'not measured',
  });

  // Judged on what ships: the image's memory settings when that pass ran, else the defaults.
  const peakOf = (runs: readonly SizeRun[]) => Math.max(0, ...runs.map((r) => r.peakRssBytes ?? 0));
  const defaultPeak = peakOf(serverRuns);
  const shippedPeak = results.memory ? peakOf(results.memory.runs) : 0;
  const judged = shippedPeak > 0 ? shippedPeak : defaultPeak;
  const embeddedRuns = results.runs.filter((r) => r.engine === 'embedded');
  budgets.push({
    key: 'memory',
    budget: `Peak RSS under load under ${String(BUDGET.peakRssMB)} MB on the Postgres server`,
    measured:
      judged > 0
        ? (shippedPeak > 0
            ? `${(shippedPeak / MB).toFixed(0)} MB at most with the image's settings (${settingsText(results.memory?.env ?? {})}); ` +
              `${(defaultPeak / MB).toFixed(0)} MB with the defaults`
            : `${(defaultPeak / MB).toFixed(0)} MB at most`) +
          (embeddedRuns.length > 0 ? ` (embedded engine: ${(peakOf(embeddedRuns) / MB).toFixed(0)} MB at most)` : '')
        : '-',
    status: judged > 0 ? (judged < BUDGET.peakRssMB * MB ? 'met' : 'missed') : 'not measured',
  });

  const starts = serverRuns.map((r) => r.startToReadyMs);
  const startMax = starts.length > 0 ? Math.max(...starts) : 0;
  budgets.push({
    key: 'start',
    budget: `Process start to /readyz under ${String(BUDGET.startToReadySeconds)} s on the Postgres server`,
    measured: starts.length > 0 ? `${(startMax / 1000).toFixed(2)} s at most` : '-',
    status: starts.length > 0 ? (startMax < BUDGET.startToReadySeconds * 1000 ? 'met' : 'missed') : 'not measured',
  });
  return budgets;
}

/**
 * The budgets that do not depend on the machine, as failures (the smoke run exits non-zero on any):
 * /home's gzipped JavaScript and no map code there, the exact SQL statements of every read, every
 * compressed answer decoding to the uncompressed one, joins
 * that accept exactly the free seats and never overbook, and every request answered as expected
 * (with a fixed number of requests per load, every one completes however slow the machine).
 * Throughput, latency, memory and start-up time are never failures: they are the machine's.
 */
export function budgetFailures(results: RunResults): string[] {
  const failures: string[] = [];
  const bundle = results.bundle;
  if (bundle && bundle.home.jsGzipBytes / 1024 > BUDGET.homeJsKB)
    failures.push(
      `/home loads ${(bundle.home.jsGzipBytes / 1024).toFixed(1)} KB of gzipped JavaScript, over the ${String(BUDGET.homeJsKB)} KB budget`,
    );
  const mapOnHome = mapFilesOnHome(results);
  if (mapOnHome.length > 0) failures.push(`/home loads map code: ${mapOnHome.join(', ')}`);

  for (const run of [...results.runs, ...(results.memory?.runs ?? [])]) {
    const where = `${run.engine}/${String(run.rides)}`;
    for (const r of run.reads) {
      if (r.statementsPerRequest !== r.expectedStatements) {
        failures.push(
          `${where}: ${r.label} ran ${String(r.statementsPerRequest)} SQL statements per request, expected ${String(r.expectedStatements)}`,
        );
      }
      if (r.sameWhenDecoded === false)
        failures.push(`${where}: ${r.label} compressed does not decode to the uncompressed answer`);
      const loads: [string, LoadResult | undefined][] = [
        [r.label, r.load],
        [`${r.label} (ceiling)`, r.ceiling],
        [`${r.label} (fixed rate)`, r.atRate?.result],
        [`${r.label} (1 connection)`, r.oneConnection],
      ];
      for (const [what, load] of loads) {
        if (!load) continue;
        if (load.non2xx > 0 || load.errors > 0 || load.timeouts > 0) {
          failures.push(
            `${where}: ${what} had ${String(load.non2xx)} non-2xx (${JSON.stringify(load.statusCounts)}), ${String(load.errors)} errors, ${String(load.timeouts)} timeouts`,
          );
        } else if (
          load.requests === 0 ||
          (results.requestsPerLoad !== null &&
            what !== `${r.label} (fixed rate)` &&
            load.requests !== results.requestsPerLoad)
        ) {
          failures.push(`${where}: ${what} completed ${String(load.requests)} requests`);
        }
      }
    }
    const expected = Math.min(run.join.freeSeatsPerRound, run.join.usersPerRound);
    if (run.join.acceptedPerRound.some((accepted) => accepted !== expected)) {
      failures.push(
        `${where}: accepted joins per round ${run.join.acceptedPerRound.join(', ')}, expected ${String(expected)} each`,
      );
    }
    if (Object.keys(run.join.unexpected).length > 0)
      failures.push(`${where}: unexpected join answers ${JSON.stringify(run.join.unexpected)}`);
    if (run.overbookedRides > 0)
      failures.push(
        `${where}: ${String(run.overbookedRides)} rides hold more seats than their maximum or disagree with their entries`,
      );
    if (run.hotRides.some((h) => h.currentPassengers > h.maxPassengers))
      failures.push(`${where}: a hot ride is over its maximum`);
    if (run.fanOut && run.fanOut.delivered !== run.fanOut.subscribers * run.fanOut.events)
      failures.push(
        `${where}: SSE fan-out delivered ${String(run.fanOut.delivered)} events, expected ${String(run.fanOut.subscribers * run.fanOut.events)}`,
      );
    if (run.login.requests === 0 || run.login.non2xx > 0 || run.login.errors > 0)
      failures.push(
        `${where}: login answered ${JSON.stringify(run.login.statusCounts)} with ${String(run.login.errors)} errors`,
      );
  }
  return failures;
}

export function table(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

const n0 = (value: number) => Math.round(value).toLocaleString('en');
const ms = (value: number) => `${String(Math.round(value * 10) / 10)}`;
const mb = (bytes: number | null) => (bytes === null ? 'n/a' : `${(bytes / MB).toFixed(0)} MB`);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The budgets with where the run stands. */
export function budgetTable(results: RunResults): string {
  return table(
    ['Budget', 'Measured', 'Status'],
    evaluateBudgets(results).map((b) => [b.budget, b.measured, b.status]),
  );
}

/** A run's label in the tables: the engine, and the memory settings when they were set. */
function runLabel(run: SizeRun, results: RunResults): string {
  return results.memory?.runs.includes(run) ? `${run.engine} + memory settings` : run.engine;
}

/**
 * The tables of a run: machine, budgets (unless `budgets` is false: docs/benchmarks.md has them at
 * the top), reads per engine, writes, server process, web.
 */
export function renderMarkdown(results: RunResults, { budgets = true }: { budgets?: boolean } = {}): string {
  const m = results.machine;
  const allRuns = [...results.runs, ...(results.memory?.runs ?? [])];
  const out: string[] = [];
  out.push(`Generated by \`${results.command}\` on ${results.date} (${n0(results.elapsedSeconds)} s).`, '');
  out.push('### Machine', '');
  out.push(
    table(
      ['', ''],
      [
        ['CPU', `${m.cpu}, ${String(m.cores)} cores`],
        ['Memory', `${String(m.memoryGiB)} GiB`],
        ['OS', m.os],
        ['Node.js', m.node],
        ['Postgres server', m.postgres ?? 'not available'],
        ['Chromium', m.chromium ?? 'not available'],
        ['Commit', m.commit ?? 'unknown'],
        ['Load average at start (1 min)', String(m.loadAverageAtStart)],
      ],
    ),
    '',
  );
  out.push(
    `Load: autocannon from the harness process, ${String(results.connections)} connections, loopback, ` +
      (results.requestsPerLoad !== null
        ? `${String(results.requestsPerLoad)} requests per scenario. Latencies in ms. `
        : `${String(results.durationSeconds)} s measured after a ${String(results.warmupSeconds)} s warm-up per scenario. Latencies in ms. `) +
      `"Ceiling" is the bench-only static route answering a precomputed body of the same size from the same server; ` +
      `"ratio" is the read's requests/s divided by the ceiling's. "SQL" is statements per request, counted by the server.`,
    '',
  );

  if (budgets) out.push('### Budgets', '', budgetTable(results), '');

  const readGroups: [string, SizeRun[]][] = [
    ['Postgres server', results.runs.filter((r) => r.engine === 'server')],
    ['embedded engine (PGlite)', results.runs.filter((r) => r.engine === 'embedded')],
    [
      `Postgres server with the image's memory settings (${settingsText(results.memory?.env ?? {})})`,
      results.memory?.runs ?? [],
    ],
  ];
  for (const [title, runs] of readGroups) {
    if (runs.length === 0) continue;
    out.push(`### Reads: ${title}`, '');
    const rows: string[][] = [];
    for (const run of runs) {
      for (const r of run.reads) {
        rows.push([
          r.label,
          n0(run.rides),
          formatBytes(r.bodyBytes),
          r.encodedBytes ? formatBytes(r.encodedBytes.br) : 'n/a',
          n0(r.load.rps),
          ms(r.load.p50Ms),
          ms(r.load.p99Ms),
          n0(r.ceiling.rps),
          r.ratio.toFixed(2),
          String(r.statementsPerRequest),
        ]);
      }
    }
    out.push(
      table(['Read', 'Rides', 'Body', 'Brotli', 'req/s', 'p50', 'p99', 'Ceiling req/s', 'Ratio', 'SQL'], rows),
      '',
    );
    const fixed = runs.flatMap((run) => run.reads.filter((r) => r.atRate).map((r) => ({ run, r })));
    if (fixed.length > 0) {
      out.push(
        `The same read without the queueing of a ${String(results.connections)}-connection flood: at a steady offered rate ` +
          `(open loop, one request every 1/rate s over keep-alive connections, latency counted from when each was due) ` +
          `and over one connection, one request at a time (service time):`,
        '',
      );
      out.push(
        table(
          ['Read', 'Rides', 'Offered req/s', 'Served req/s', 'p50', 'p99', '1 connection: req/s', 'p50', 'p99'],
          fixed.map(({ run, r }) => [
            r.label,
            n0(run.rides),
            String(r.atRate?.rate ?? ''),
            n0(r.atRate?.result.rps ?? 0),
            ms(r.atRate?.result.p50Ms ?? 0),
            ms(r.atRate?.result.p99Ms ?? 0),
            n0(r.oneConnection?.rps ?? 0),
            ms(r.oneConnection?.p50Ms ?? 0),
            ms(r.oneConnection?.p99Ms ?? 0),
          ]),
        ),
        '',
      );
    }
  }

  const fanOuts = allRuns.flatMap((run) => (run.fanOut ? [{ run, f: run.fanOut }] : []));
  if (fanOuts.length > 0) {
    out.push('### Live events (SSE fan-out)', '');
    out.push(
      'Idle subscribers hold GET /api/events open on one instance; then rides are created over REST one after ' +
        'another, each waiting until its `ride.created` event reached every subscriber. Latency: from sending the ' +
        "write to a subscriber reading the event (the write, the commit's NOTIFY, the listening connection, the " +
        "fan-out, and this process reading every socket on the same machine). RSS: the server's resident memory " +
        'before the subscribers connected and a second after.',
      '',
    );
    out.push(
      table(
        ['Engine', 'Rides', 'Subscribers', 'Events', 'Delivered', 'RSS before', 'RSS after', 'p50', 'p99', 'max'],
        fanOuts.map(({ run, f }) => [
          runLabel(run, results),
          n0(run.rides),
          n0(f.subscribers),
          n0(f.events),
          n0(f.delivered),
          mb(f.rssBeforeBytes),
          mb(f.rssAfterBytes),
          ms(f.p50Ms),
          ms(f.p99Ms),
          ms(f.maxMs),
        ]),
      ),
      '',
    );
  }

  out.push('### Writes', '');
  out.push(
    `Join contention: per round, ${String(results.runs[0]?.join.usersPerRound ?? 0)} signed-in users send POST /api/rides/{id}/join ` +
      `for one fresh hot ride at the same moment (10 seats, the organiser holding 1, so 9 free). ` +
      `Accepted joins/s = accepted joins over the rounds' wall time; p99 over every attempt (accepted and refused). ` +
      `Login: POST /api/login, ${String(results.connections)} connections, argon2id ${String(ARGON2_COST.memoryKiB / 1024)} MiB, ` +
      `t=${String(ARGON2_COST.timeCost)}, p=${String(ARGON2_COST.parallelism)} (the server's defaults).`,
    '',
  );
  out.push(
    table(
      [
        'Engine',
        'Rides',
        'Join attempts',
        'Accepted',
        'Refused (full)',
        'Accepted joins/s',
        'Join p50',
        'Join p99',
        'Seats over max',
        'Login/s',
        'Login p50',
        'Login p99',
      ],
      allRuns.map((run) => [
        runLabel(run, results),
        n0(run.rides),
        n0(run.join.attempts),
        n0(run.join.accepted),
        n0(run.join.refusedFull),
        n0(run.join.acceptedPerSecond),
        ms(run.join.p50Ms),
        ms(run.join.p99Ms),
        String(run.overbookedRides),
        run.login.rps.toFixed(1),
        ms(run.login.p50Ms),
        ms(run.login.p99Ms),
      ]),
    ),
    '',
  );

  out.push('### Server process', '');
  out.push(
    table(
      [
        'Engine',
        'Rides',
        'Users',
        'Passenger entries',
        'Data generation',
        'Start → /readyz',
        'Peak RSS after reads',
        'Peak RSS after writes',
        'Machine load',
      ],
      allRuns.map((run) => [
        runLabel(run, results),
        n0(run.rides),
        n0(run.users),
        n0(run.passengerEntries),
        `${(run.generateMs / 1000).toFixed(1)} s`,
        `${(run.startToReadyMs / 1000).toFixed(2)} s`,
        mb(run.peakRssAfterReadsBytes),
        mb(run.peakRssBytes),
        `${run.loadAverage[0].toFixed(1)} → ${run.loadAverage[1].toFixed(1)}`,
      ]),
    ),
    '',
  );

  if (results.bundle) {
    const b = results.bundle;
    out.push('### Web', '');
    out.push(
      table(
        ['What', 'JS (gzip)', 'CSS (gzip)', 'Files'],
        [
          [
            '/home loads',
            kb(b.home.jsGzipBytes),
            kb(b.home.cssGzipBytes),
            [...b.home.js, ...b.home.css].map((a) => a.file).join(', '),
          ],
          [
            '/rides/{id} loads',
            kb(b.rideDetail.jsGzipBytes),
            kb(b.rideDetail.cssGzipBytes),
            String(b.rideDetail.js.length + b.rideDetail.css.length) + ' files',
          ],
          [
            'Map chunk (join screen only)',
            kb(b.map.jsGzipBytes),
            kb(b.map.cssGzipBytes),
            [...b.map.js, ...b.map.css].map((a) => a.file).join(', '),
          ],
        ],
      ),
      '',
    );
    const transferred = results.homeTransfer;
    if (transferred) {
      out.push(
        `/home's first load in headless Chromium (375x800, cold cache) against ${results.paintsAgainst ?? '?'}, as transferred ` +
          `(headers and bodies as sent) by resource type: ` +
          Object.entries(transferred.byType)
            .sort(([, a], [, b]) => b - a)
            .map(([type, bytes]) => `${type} ${kb(bytes)}`)
            .join(', ') +
          `; ${kb(transferred.transferredBytes)} in ${String(transferred.requests)} responses, ${kb(transferred.decodedBytes)} decoded` +
          ` (content encodings: ${
            Object.entries(transferred.encodings)
              .map(([encoding, count]) => `${encoding} ${String(count)}`)
              .join(', ') || 'none'
          }).`,
        '',
      );
    }
    if (results.paints) {
      out.push(
        `Largest contentful paint, headless Chromium, 4x CPU throttling, 1280x800, cold cache, median of ${String(results.paints[0]?.runsMs.length ?? 0)} runs, against ${results.paintsAgainst ?? '?'}:`,
        '',
      );
      out.push(
        table(
          ['Page', 'LCP', 'Runs', 'LCP element', 'Scripts and stylesheets fetched'],
          results.paints.map((p) => [
            p.path,
            `${n0(p.lcpMs)} ms`,
            p.runsMs.map((t) => n0(t)).join(' / '),
            p.element.replace(/\|/g, '/'),
            String(p.fetched.length),
          ]),
        ),
        '',
      );
    }
  }
  if (results.notes.length > 0) {
    out.push('### Notes from this run', '');
    for (const note of results.notes) out.push(`- ${note}`);
    out.push('');
  }
  return out.join('\n');
}
