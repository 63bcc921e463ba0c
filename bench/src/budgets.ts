/**
 * The performance budgets (docs/benchmarks.md) evaluated against a run's results, and the smoke
 * run's budget checks that do not depend on the machine's speed.
 */
import type { LoadResult } from './load';
import { memoryRunsOf, peakOf } from './memory';
import type { Engine } from './options';
import type { RunResults, SizeRun } from './results';
import type { ReadResult } from './scenarios';
/** The performance budgets (docs/benchmarks.md). */
export const BUDGET = {
  /** GET /api/rides at 1,000 rides, as a share of the static ceiling for the same bytes. */
  ridesCeilingRatio: 0.9,
  /**
   * tRPC ride.list page 1 at 10,000 rides: p99 at `listConnections` connections, and its throughput
   * as a share of the static ceiling for the same bytes, on the same run.
   */
  listP99Ms: 25,
  listCeilingRatio: 0.5,
  listConnections: 50,
  homeJsKB: 250,
  /** /home's first load as transferred from the production server (Chromium's count), KB. */
  homeTransferKB: 170,
  peakRssMB: 250,
  /** The embedded engine with the memory settings: its process holds the whole database too. */
  embeddedPeakRssMB: 300,
  startToReadySeconds: 3,
} as const;

export type BudgetStatus = 'met' | 'missed' | 'not measured';

export interface BudgetResult {
  /** Short name, for the document's `status.<key>` figures. */
  key: 'rides' | 'list' | 'statements' | 'home' | 'transfer' | 'memory' | 'embeddedMemory' | 'start';
  budget: string;
  measured: string;
  status: BudgetStatus;
}

const MB = 1024 * 1024;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

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
    ? `p99 ${String(list10k.load.p99Ms)} ms, ${list10k.ratio.toFixed(2)} of the ceiling (${list10k.load.rps.toFixed(0)} of ${list10k.ceiling.rps.toFixed(0)} req/s)` +
      (list10k.atRate
        ? `; at a fixed ${String(list10k.atRate.rate)} req/s: p99 ${String(list10k.atRate.result.p99Ms)} ms`
        : '') +
      (list10k.oneConnection ? `; 1 connection: p99 ${String(list10k.oneConnection.p99Ms)} ms` : '')
    : '-';
  budgets.push({
    key: 'list',
    budget: `tRPC ride.list page 1 at 10,000 rides: p99 under ${String(BUDGET.listP99Ms)} ms at ${String(BUDGET.listConnections)} connections and at least ${String(BUDGET.listCeilingRatio)} of the static ceiling, on one run (Postgres server)`,
    measured: listMeasured,
    status: list10k
      ? list10k.load.p99Ms < BUDGET.listP99Ms && list10k.ratio >= BUDGET.listCeilingRatio
        ? 'met'
        : 'missed'
      : 'not measured',
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
  const defaultPeak = peakOf(serverRuns);
  const shippedPeak = peakOf(memoryRunsOf(results, 'server'));
  const judged = shippedPeak > 0 ? shippedPeak : defaultPeak;
  budgets.push({
    key: 'memory',
    budget: `Peak RSS under load under ${String(BUDGET.peakRssMB)} MB on the Postgres server`,
    measured:
      judged > 0
        ? shippedPeak > 0
          ? `${(shippedPeak / MB).toFixed(0)} MB at most with the memory settings (${settingsText(results.memory?.env ?? {})}); ` +
            `${(defaultPeak / MB).toFixed(0)} MB with the defaults`
          : `${(defaultPeak / MB).toFixed(0)} MB at most`
        : '-',
    status: judged > 0 ? (judged < BUDGET.peakRssMB * MB ? 'met' : 'missed') : 'not measured',
  });
  const embeddedPeak = peakOf(memoryRunsOf(results, 'embedded'));
  const embeddedDefaultPeak = peakOf(results.runs.filter((r) => r.engine === 'embedded'));
  budgets.push({
    key: 'embeddedMemory',
    budget: `Peak RSS under load under ${String(BUDGET.embeddedPeakRssMB)} MB on the embedded engine, with the memory settings`,
    measured:
      embeddedPeak > 0
        ? `${(embeddedPeak / MB).toFixed(0)} MB at most` +
          (embeddedDefaultPeak > 0 ? `; ${(embeddedDefaultPeak / MB).toFixed(0)} MB with the defaults` : '')
        : '-',
    status: embeddedPeak > 0 ? (embeddedPeak < BUDGET.embeddedPeakRssMB * MB ? 'met' : 'missed') : 'not measured',
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
 * compressed answer decoding to the uncompressed one, joins that accept exactly the free seats and
 * never overbook, and every request answered as expected (with a fixed number of requests per load,
 * every one completes however slow the machine), and the embedded engine's peak RSS with the memory
 * settings (resident memory is the code's and the settings', not the machine's speed). Throughput,
 * latency and start-up time are never failures: they are the machine's.
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
  // Resident memory, unlike time, does not depend on how busy the machine is.
  const embeddedPeak = peakOf(memoryRunsOf(results, 'embedded'));
  if (embeddedPeak >= BUDGET.embeddedPeakRssMB * MB)
    failures.push(
      `the embedded engine's peak RSS was ${(embeddedPeak / MB).toFixed(0)} MB with the memory settings, over the ${String(BUDGET.embeddedPeakRssMB)} MB budget`,
    );

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
