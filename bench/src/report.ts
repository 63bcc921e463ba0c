/**
 * The results of a run, the budgets of issue 6 evaluated against them, and the Markdown written to
 * docs/benchmarks.md (between the generated-results markers; the prose around them is kept).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

import { ARGON2_COST } from './data';
import type { LoadResult } from './load';
import type { MachineInfo } from './machine';
import type { Engine } from './options';
import { formatBytes, type JoinResult, type ReadResult } from './scenarios';
import type { BundleReport, PaintResult } from './web';

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
  connections: number;
  machine: MachineInfo;
  runs: SizeRun[];
  bundle: BundleReport | null;
  paints: PaintResult[] | null;
  /** The engine and size the browser measurements ran against. */
  paintsAgainst: string | null;
  notes: string[];
  elapsedSeconds: number;
}

export type BudgetStatus = 'met' | 'missed' | 'not measured';

export interface BudgetResult {
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

export function evaluateBudgets(results: RunResults): BudgetResult[] {
  const budgets: BudgetResult[] = [];
  const serverRuns = results.runs.filter((r) => r.engine === 'server');

  const rides1000 = read(find(results, 'server', 1000), 'rides');
  budgets.push({
    budget: 'GET /api/rides at 1,000 rides: at least half of the static ceiling for the same bytes (Postgres server)',
    measured: rides1000
      ? `${(rides1000.ratio * 100).toFixed(0)}% (${rides1000.load.rps.toFixed(0)} of ${rides1000.ceiling.rps.toFixed(0)} req/s)`
      : '-',
    status: rides1000 ? (rides1000.ratio >= 0.5 ? 'met' : 'missed') : 'not measured',
  });

  const list10k = read(find(results, 'server', 10_000), 'trpcList');
  budgets.push({
    budget: 'tRPC ride.list page 1 at 10,000 rides: p99 under 50 ms at 50 connections (Postgres server)',
    measured: list10k ? `p99 ${String(list10k.load.p99Ms)} ms (${list10k.load.rps.toFixed(0)} req/s)` : '-',
    status: list10k ? (list10k.load.p99Ms < 50 ? 'met' : 'missed') : 'not measured',
  });

  const listAtRate = list10k?.atRate;
  if (listAtRate) {
    budgets[budgets.length - 1] = {
      ...(budgets[budgets.length - 1] as BudgetResult),
      measured:
        `${budgets[budgets.length - 1]?.measured ?? ''}; at a fixed ${String(listAtRate.rate)} req/s: p99 ${String(listAtRate.result.p99Ms)} ms` +
        (list10k.oneConnection ? `; 1 connection: p99 ${String(list10k.oneConnection.p99Ms)} ms` : ''),
    };
  }

  const sizes = new Set(results.runs.map((r) => r.rides));
  const drift = statementDrift(results.runs);
  budgets.push({
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
  const fetchedMap =
    results.paints?.find((p) => p.path === '/home')?.fetched.filter((f) => /maplibre|location-map/.test(f)) ?? [];
  budgets.push({
    budget: '/home: at most 250 KB of gzipped JavaScript; the map code is not loaded there',
    measured: bundle
      ? `${homeKB.toFixed(1)} KB gzipped JS; map files on /home: ${bundle.mapFilesOnHome.length + fetchedMap.length === 0 ? 'none' : [...bundle.mapFilesOnHome, ...fetchedMap].join(', ')}`
      : '-',
    status: bundle
      ? homeKB <= 250 && bundle.mapFilesOnHome.length === 0 && fetchedMap.length === 0
        ? 'met'
        : 'missed'
      : 'not measured',
  });

  const peak = serverRuns.map((r) => r.peakRssBytes ?? 0);
  const peakMax = peak.length > 0 ? Math.max(...peak) : 0;
  const embeddedPeak = results.runs.filter((r) => r.engine === 'embedded').map((r) => r.peakRssBytes ?? 0);
  budgets.push({
    budget: 'Peak RSS under load under 250 MB on the Postgres server',
    measured:
      serverRuns.length > 0 && peakMax > 0
        ? `${(peakMax / MB).toFixed(0)} MB at most` +
          (embeddedPeak.length > 0
            ? ` (embedded engine: ${(Math.max(...embeddedPeak) / MB).toFixed(0)} MB at most)`
            : '')
        : '-',
    status: serverRuns.length > 0 && peakMax > 0 ? (peakMax < 250 * MB ? 'met' : 'missed') : 'not measured',
  });

  const starts = serverRuns.map((r) => r.startToReadyMs);
  const startMax = starts.length > 0 ? Math.max(...starts) : 0;
  budgets.push({
    budget: 'Process start to /readyz under 3 s on the Postgres server',
    measured: starts.length > 0 ? `${(startMax / 1000).toFixed(2)} s at most` : '-',
    status: starts.length > 0 ? (startMax < 3000 ? 'met' : 'missed') : 'not measured',
  });
  return budgets;
}

function table(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

const n0 = (value: number) => Math.round(value).toLocaleString('en');
const ms = (value: number) => `${String(Math.round(value * 10) / 10)}`;
const mb = (bytes: number | null) => (bytes === null ? 'n/a' : `${(bytes / MB).toFixed(0)} MB`);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function renderMarkdown(results: RunResults): string {
  const m = results.machine;
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
      `${String(results.durationSeconds)} s measured after a warm-up per scenario. Latencies in ms. ` +
      `"Ceiling" is the bench-only static route answering a precomputed body of the same size from the same server; ` +
      `"ratio" is the read's requests/s divided by the ceiling's. "SQL" is statements per request, counted by the server.`,
    '',
  );

  out.push('### Budgets', '');
  out.push(
    table(
      ['Budget', 'Measured', 'Status'],
      evaluateBudgets(results).map((b) => [b.budget, b.measured, b.status]),
    ),
    '',
  );

  for (const engine of ['server', 'embedded'] as const) {
    const runs = results.runs.filter((r) => r.engine === engine);
    if (runs.length === 0) continue;
    out.push(`### Reads: ${engine === 'server' ? 'Postgres server' : 'embedded engine (PGlite)'}`, '');
    const rows: string[][] = [];
    for (const run of runs) {
      for (const r of run.reads) {
        rows.push([
          r.label,
          n0(run.rides),
          formatBytes(r.bodyBytes),
          n0(r.load.rps),
          ms(r.load.p50Ms),
          ms(r.load.p99Ms),
          n0(r.ceiling.rps),
          r.ratio.toFixed(2),
          String(r.statementsPerRequest),
        ]);
      }
    }
    out.push(table(['Read', 'Rides', 'Body', 'req/s', 'p50', 'p99', 'Ceiling req/s', 'Ratio', 'SQL'], rows), '');
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
      results.runs.map((run) => [
        run.engine,
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
      results.runs.map((run) => [
        run.engine,
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

export const RESULTS_START = '<!-- bench:results:start -->';
export const RESULTS_END = '<!-- bench:results:end -->';

/** Puts the generated block between the markers, keeping the hand-written text around it. */
export function replaceResultsBlock(document: string, block: string): string {
  const start = document.indexOf(RESULTS_START);
  const end = document.indexOf(RESULTS_END);
  if (start === -1 || end === -1 || end < start) {
    return `${document.trimEnd()}\n\n## Results\n\n${RESULTS_START}\n${block}\n${RESULTS_END}\n`;
  }
  return `${document.slice(0, start + RESULTS_START.length)}\n${block}\n${document.slice(end)}`;
}

export function writeResultsDoc(path: string, block: string): void {
  const current = existsSync(path) ? readFileSync(path, 'utf8') : '# Benchmarks\n';
  writeFileSync(path, replaceResultsBlock(current, block));
}
