/**
 * docs/benchmarks.md from a recorded run (docs/benchmarks.json). The prose is written by hand; every
 * figure in it is generated here, so the document can never quote a number the recorded run does
 * not hold:
 * - inline figures: `<!--fig:name-->value<!--/fig-->`; the value is replaced by FIGURES[name];
 * - blocks: `<!-- bench:name:start -->` … `<!-- bench:name:end -->`; the lines between are
 *   replaced by BLOCKS[name] (the budget table, the memory-settings table, the statement counts,
 *   the full results).
 * `bareFigures` finds measurements written outside the markers (report.test.ts fails on any), and
 * `renderDoc` reports figure names it does not know or the run did not measure.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

import { alertsBlock } from './alerts';
import { ARGON2_COST } from './data';
import type { FanOutResult } from './fanout';
import type { Engine } from './options';
import { BUDGET, evaluateBudgets, statementDrift, type BudgetResult } from './budgets';
import { MEMORY_FIGURES, memoryBlock } from './doc-memory';
import { atSize, MB, n0, numbers, ofEngine, readOf, serverRuns, spread, type Figure } from './figures';
import { budgetTable, renderMarkdown, table } from './report';
import type { RunResults, SizeRun } from './results';
import { formatBytes, type ReadResult } from './scenarios';

const BUDGET_KEYS = new Set<string>([
  'rides',
  'list',
  'statements',
  'home',
  'transfer',
  'memory',
  'embeddedMemory',
  'start',
] satisfies BudgetResult['key'][]);

/** Milliseconds as "15 ms", "2.5 ms" or "1.2 s"; a range in one unit ("2–4 ms", "1.0–2.1 s"). */
function msSpread(values: readonly number[]): string | null {
  if (values.length === 0) return null;
  if (Math.max(...values) >= 1000) return `${spread(values, (v) => (v / 1000).toFixed(1)) ?? ''} s`;
  const digits = Math.max(...values) < 10 && values.some((v) => !Number.isInteger(v)) ? 1 : 0;
  return `${spread(values, (v) => (v < 1 ? '<1' : v.toFixed(digits))) ?? ''} ms`;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const fanOutOf = (results: RunResults, engine: Engine) =>
  ofEngine(results, engine).find((run) => run.fanOut)?.fanOut ?? null;

/** "62 → 71 MB" (the server's RSS before and after its subscribers connected). */
function rssGrowth(fanOut: FanOutResult | null): string | null {
  if (!fanOut || fanOut.rssBeforeBytes === null || fanOut.rssAfterBytes === null) return null;
  return `${(fanOut.rssBeforeBytes / MB).toFixed(0)} → ${(fanOut.rssAfterBytes / MB).toFixed(0)} MB`;
}
const readsOf = (runs: readonly SizeRun[], key: ReadResult['key']) =>
  runs.flatMap((run) => run.reads.filter((r) => r.key === key));

/**
 * Latency percentiles as measured: autocannon records whole milliseconds, so a request answered
 * from memory has a p50 of 0, which is a measurement (shown "<1 ms"), not a missing one.
 */
const latencies = (values: readonly (number | null | undefined)[]) =>
  values.filter((v): v is number => typeof v === 'number' && v >= 0);

const list = (results: RunResults, rides: number) => readOf(atSize(serverRuns(results), rides), 'trpcList');
const ridesRead = (results: RunResults, rides: number) => readOf(atSize(serverRuns(results), rides), 'rides');

/** The gzipped size of the /home chunk whose file name starts with `prefix-` (e.g. `react`). */
function homeChunk(results: RunResults, prefix: string): string | null {
  const chunk = results.bundle?.home.js.find((a) => a.file.startsWith(`${prefix}-`));
  return chunk ? `${(chunk.gzipBytes / 1024).toFixed(0)} KB` : null;
}

/** Every inline figure the prose may quote. */
export const FIGURES: Record<string, Figure> = {
  // The run itself.
  elapsedMinutes: (r) => `${n0(r.elapsedSeconds / 60)} minutes`,
  cores: (r) => String(r.machine.cores),
  connections: (r) => String(r.connections),
  loadWindow: (r) =>
    r.requestsPerLoad !== null
      ? `${String(r.requestsPerLoad)} requests`
      : `${String(r.durationSeconds)} s measured after a ${String(r.warmupSeconds)} s warm-up`,
  loginWindow: (r) => (r.runs[0] ? `${n0(r.runs[0].login.durationSeconds)} s` : null),
  fixedRate: (r) => {
    const rate = readsOf(r.runs, 'trpcList').find((x) => x.atRate)?.atRate?.rate;
    return rate === undefined ? null : `${String(rate)} requests/s`;
  },
  fixedInterval: (r) => {
    const rate = readsOf(r.runs, 'trpcList').find((x) => x.atRate)?.atRate?.rate;
    return rate === undefined ? null : `${String(1000 / rate)} ms`;
  },
  joinRounds: (r) => (r.runs[0] ? String(r.runs[0].join.rounds) : null),
  joinUsers: (r) => (r.runs[0] ? String(r.runs[0].join.usersPerRound) : null),
  argon2: () =>
    `${String(ARGON2_COST.memoryKiB / 1024)} MiB, t=${String(ARGON2_COST.timeCost)}, p=${String(ARGON2_COST.parallelism)}`,
  argon2MiB: () => `${String(ARGON2_COST.memoryKiB / 1024)} MiB`,
  lcpRuns: (r) => (r.paints?.[0] ? String(r.paints[0].runsMs.length) : null),

  // Budgets (targets, quoted with the measurements they are judged against).
  budgetRidesCeiling: () => `${String(BUDGET.ridesCeilingRatio * 100)}%`,
  budgetListP99: () => `${String(BUDGET.listP99Ms)} ms`,
  budgetListRatio: () => String(BUDGET.listCeilingRatio),
  budgetHomeJs: () => `${String(BUDGET.homeJsKB)} KB`,
  budgetHomeTransfer: () => `${String(BUDGET.homeTransferKB)} KB`,
  budgetPeakRss: () => `${String(BUDGET.peakRssMB)} MB`,
  budgetStart: () => `${String(BUDGET.startToReadySeconds)} s`,
  /** Little's law: the throughput at which the budget's requests in flight average its p99. */
  listBudgetThroughput: () => `${n0((BUDGET.listConnections * 1000) / BUDGET.listP99Ms)} requests/s`,

  // GET /api/rides.
  ridesRatio1000Pct: (r) => {
    const read = ridesRead(r, 1000);
    return read ? `${(read.ratio * 100).toFixed(0)}%` : null;
  },
  ridesRatio1000: (r) => {
    const read = ridesRead(r, 1000);
    return read ? `${n0(read.load.rps)} of ${n0(read.ceiling.rps)} req/s` : null;
  },
  ridesRatio10k: (r) => ridesRead(r, 10_000)?.ratio.toFixed(2) ?? null,
  ridesBody10k: (r) => {
    const read = ridesRead(r, 10_000);
    return read ? formatBytes(read.bodyBytes) : null;
  },
  ridesRatio100: (r) => ridesRead(r, 100)?.ratio.toFixed(2) ?? null,
  ridesBody100: (r) => {
    const read = ridesRead(r, 100);
    return read ? formatBytes(read.bodyBytes) : null;
  },

  // The tRPC list.
  listP99At10k: (r) => msSpread(latencies([list(r, 10_000)?.load.p99Ms])),
  listRps10k: (r) => {
    const read = list(r, 10_000);
    return read ? `${n0(read.load.rps)} req/s` : null;
  },
  listRatio10k: (r) => {
    const read = list(r, 10_000);
    return read ? `${read.ratio.toFixed(2)} (${n0(read.load.rps)} of ${n0(read.ceiling.rps)} req/s)` : null;
  },
  listRpsRange: (r) => {
    const value = spread(
      readsOf(serverRuns(r), 'trpcList').map((x) => x.load.rps),
      (v) => n0(v),
    );
    return value === null ? null : `${value} req/s`;
  },
  listOneConnectionP50: (r) =>
    msSpread(latencies(readsOf(serverRuns(r), 'trpcList').map((x) => x.oneConnection?.p50Ms))),
  listOneConnectionP99: (r) =>
    msSpread(latencies(readsOf(serverRuns(r), 'trpcList').map((x) => x.oneConnection?.p99Ms))),
  /** One request at a time: the mean time per request (1 / requests per second). */
  listServiceTime: (r) =>
    msSpread(
      numbers(readsOf(serverRuns(r), 'trpcList').map((x) => (x.oneConnection?.rps ? 1000 / x.oneConnection.rps : 0))),
    ),
  listAtRateP99: (r) => msSpread(latencies(readsOf(serverRuns(r), 'trpcList').map((x) => x.atRate?.result.p99Ms))),
  listAtRateP99At10k: (r) => msSpread(latencies([list(r, 10_000)?.atRate?.result.p99Ms])),
  rideP99Range: (r) => msSpread(latencies(readsOf(serverRuns(r), 'ride').map((x) => x.load.p99Ms))),
  statsRps1000: (r) => {
    const read = readOf(atSize(serverRuns(r), 1000), 'stats');
    return read ? `${n0(read.load.rps)} req/s` : null;
  },
  statsRps10k: (r) => {
    const read = readOf(atSize(serverRuns(r), 10_000), 'stats');
    return read ? `${n0(read.load.rps)} req/s` : null;
  },

  // /home.
  homeTransfer: (r) => (r.homeTransfer ? kb(r.homeTransfer.transferredBytes) : null),
  homeTransferRequests: (r) => (r.homeTransfer ? String(r.homeTransfer.requests) : null),
  homeDecoded: (r) => (r.homeTransfer ? kb(r.homeTransfer.decodedBytes) : null),
  homeTransferScripts: (r) => {
    const scripts = r.homeTransfer?.byType.Script;
    return scripts === undefined ? null : kb(scripts);
  },
  homeTransferCss: (r) => {
    const css = r.homeTransfer?.byType.Stylesheet;
    return css === undefined ? null : kb(css);
  },
  /** GET /api/rides at 1,000 rides as sent to a browser (brotli), and uncompressed. */
  ridesBrotli1000: (r) => {
    const read = ridesRead(r, 1000);
    return read?.encodedBytes ? formatBytes(read.encodedBytes.br) : null;
  },
  ridesBody1000: (r) => {
    const read = ridesRead(r, 1000);
    return read ? formatBytes(read.bodyBytes) : null;
  },
  ridesStatements: (r) => {
    const counts = new Set(readsOf(r.runs, 'rides').map((x) => x.statementsPerRequest));
    return counts.size === 1 ? String([...counts][0]) : null;
  },
  homeJs: (r) => (r.bundle ? kb(r.bundle.home.jsGzipBytes) : null),
  homeCss: (r) => (r.bundle ? kb(r.bundle.home.cssGzipBytes) : null),
  homeMargin: (r) => (r.bundle ? `${(BUDGET.homeJsKB - r.bundle.home.jsGzipBytes / 1024).toFixed(0)} KB` : null),
  mapJs: (r) => (r.bundle ? kb(r.bundle.map.jsGzipBytes) : null),

  ...MEMORY_FIGURES,

  // Start-up.
  startServer: (r) => {
    const value = spread(
      serverRuns(r).map((x) => x.startToReadyMs / 1000),
      (v) => v.toFixed(2),
    );
    return value === null ? null : `${value} s`;
  },
  startEmbedded: (r) => {
    const value = spread(
      ofEngine(r, 'embedded').map((x) => x.startToReadyMs / 1000),
      (v) => v.toFixed(2),
    );
    return value === null ? null : `${value} s`;
  },
  embeddedLoad: (r) =>
    spread(
      ofEngine(r, 'embedded').map((x) => x.loadAverage[0]),
      (v) => v.toFixed(1),
    ),

  // Writes.
  joinAcceptedPerRound: (r) => {
    const counts = new Set(r.runs.flatMap((x) => x.join.acceptedPerRound));
    return counts.size === 1 ? String([...counts][0]) : spread([...counts], String);
  },
  joinRefusedPerRound: (r) => {
    const refused = new Set(r.runs.map((x) => x.join.refusedFull / Math.max(1, x.join.rounds)));
    return spread([...refused], (v) => String(Math.round(v)));
  },
  seatsVerdict: (r) => {
    const over = r.runs.reduce((sum, x) => sum + x.overbookedRides, 0);
    return over === 0
      ? 'no ride in any data set held more seats than its maximum or disagreed with its entries'
      : `${String(over)} rides held more seats than their maximum or disagreed with their entries`;
  },
  joinRateServer: (r) =>
    spread(
      serverRuns(r).map((x) => x.join.acceptedPerSecond),
      (v) => n0(v),
    ),
  joinRateEmbedded: (r) =>
    spread(
      ofEngine(r, 'embedded').map((x) => x.join.acceptedPerSecond),
      (v) => n0(v),
    ),
  joinP99Server: (r) => msSpread(serverRuns(r).map((x) => x.join.p99Ms)),

  // SSE fan-out, one data set per engine.
  fanOutSubscribers: (r) => {
    const f = fanOutOf(r, 'server') ?? fanOutOf(r, 'embedded');
    return f ? n0(f.subscribers) : null;
  },
  fanOutP99Server: (r) => msSpread(latencies([fanOutOf(r, 'server')?.p99Ms])),
  fanOutP99Embedded: (r) => msSpread(latencies([fanOutOf(r, 'embedded')?.p99Ms])),
  fanOutRssServer: (r) => rssGrowth(fanOutOf(r, 'server')),
  fanOutRssEmbedded: (r) => rssGrowth(fanOutOf(r, 'embedded')),
  loginRateServer: (r) =>
    spread(
      serverRuns(r).map((x) => x.login.rps),
      (v) => n0(v),
    ),
  loginP99Server: (r) => msSpread(serverRuns(r).map((x) => x.login.p99Ms)),
  /** CPU time per verification: the cores divided by the best login rate. */
  loginCpu: (r) => {
    const best = Math.max(0, ...serverRuns(r).map((x) => x.login.rps));
    return best > 0 ? `${n0((r.machine.cores * 1000) / best)} ms` : null;
  },

  // Largest contentful paint.
  lcpHome: (r) => {
    const paint = r.paints?.find((p) => p.path === '/home');
    return paint ? `${n0(paint.lcpMs)} ms (runs: ${paint.runsMs.map((t) => n0(t)).join(' / ')} ms)` : null;
  },
  lcpRide: (r) => {
    const paint = r.paints?.find((p) => p.path !== '/home');
    return paint ? `${n0(paint.lcpMs)} ms (runs: ${paint.runsMs.map((t) => n0(t)).join(' / ')} ms)` : null;
  },
};

/**
 * `homeChunk.<prefix>` is a figure for every chunk name, `status.<budget key>` the budget's status
 * (met, missed, not measured); the rest are listed above.
 */
function figure(name: string): Figure | undefined {
  if (name.startsWith('homeChunk.')) return (r) => homeChunk(r, name.slice('homeChunk.'.length));
  if (name.startsWith('status.')) {
    const key = name.slice('status.'.length);
    if (!BUDGET_KEYS.has(key)) return undefined;
    return (r) => evaluateBudgets(r).find((b) => b.key === key)?.status ?? null;
  }
  return Object.hasOwn(FIGURES, name) ? FIGURES[name] : undefined;
}

/** Every block the document may hold. */
export const BLOCKS: Record<string, Figure> = {
  budgets: (r) => budgetTable(r),
  statements: (r) => {
    const runs = r.runs;
    if (runs.length === 0) return null;
    const reads = runs[0]?.reads ?? [];
    const drift = statementDrift(runs);
    const sizes = [...new Set(runs.map((x) => x.rides))].map((s) => s.toLocaleString('en'));
    const engines = [...new Set(runs.map((x) => x.engine))].map((e) =>
      e === 'server' ? 'the Postgres server' : 'the embedded engine',
    );
    return [
      table(
        ['Read', 'SQL statements per request'],
        reads.map((read) => [read.label, String(read.statementsPerRequest)]),
      ),
      '',
      drift.length === 0
        ? `The same at ${sizes.join(', ')} rides on ${engines.join(' and ')}.`
        : `Not constant: ${drift.join('; ')}.`,
    ].join('\n');
  },
  memory: memoryBlock,
  alerts: alertsBlock,
  results: (r) => renderMarkdown(r, { budgets: false }),
};

const INLINE = /<!--fig:([\w.-]+)-->([\s\S]*?)<!--\/fig-->/g;
const BLOCK = /(<!-- bench:([\w-]+):start -->\n)[\s\S]*?(\n?<!-- bench:\2:end -->)/g;

export interface RenderedDoc {
  text: string;
  /** Figure or block names the generator does not know (a typo in the prose, or a removed figure). */
  unknown: string[];
  /** Figures the run did not measure (rendered as "n/a"). */
  missing: string[];
}

/** Fills every marked figure and block of `text` from `results`; the prose is kept as it is. */
export function renderDoc(text: string, results: RunResults): RenderedDoc {
  const unknown: string[] = [];
  const missing: string[] = [];
  const value = (name: string, source: Figure | undefined): string => {
    if (!source) {
      unknown.push(name);
      return 'n/a';
    }
    const rendered = source(results);
    if (rendered === null) {
      missing.push(name);
      return 'n/a';
    }
    return rendered;
  };
  const withBlocks = text.replace(BLOCK, (_all, start: string, name: string, end: string) => {
    const body = value(name, Object.hasOwn(BLOCKS, name) ? BLOCKS[name] : undefined);
    return `${start}${body.trimEnd()}\n${end.trimStart()}`;
  });
  const rendered = withBlocks.replace(
    INLINE,
    (_all, name: string) => `<!--fig:${name}-->${value(name, figure(name))}<!--/fig-->`,
  );
  return { text: rendered, unknown, missing };
}

/** A measurement: a number with a unit of time, size, rate or share. */
const MEASUREMENT =
  /(?<![\w.])\d[\d,]*(?:\.\d+)?\s?(?:ms|s|MB|KB|MiB|GiB|%|req\/s|requests\/s|joins\/s|logins\/s)(?![\w/])/g;

/** Measurements written in `text` outside the generated markers, fenced code and inline code. */
export function bareFigures(text: string): { line: number; figure: string }[] {
  const blank = (match: string) => match.replace(/[^\n]/g, ' ');
  const prose = text
    .replace(BLOCK, blank)
    .replace(INLINE, blank)
    .replace(/```[\s\S]*?```/g, blank)
    .replace(/`[^`\n]*`/g, blank);
  const found: { line: number; figure: string }[] = [];
  prose.split('\n').forEach((line, i) => {
    for (const match of line.matchAll(MEASUREMENT)) found.push({ line: i + 1, figure: match[0] });
  });
  return found;
}

/** Renders `docPath` from the results in `jsonPath`; throws when the prose names unknown figures. */
export function writeDocFromResults(docPath: string, results: RunResults): RenderedDoc {
  if (!existsSync(docPath)) throw new Error(`${docPath} is missing`);
  const rendered = renderDoc(readFileSync(docPath, 'utf8'), results);
  if (rendered.unknown.length > 0) {
    throw new Error(
      `${docPath} quotes figures the generator does not know: ${rendered.unknown.join(', ')} (bench/src/doc.ts)`,
    );
  }
  writeFileSync(docPath, rendered.text);
  return rendered;
}

export function readResults(jsonPath: string): RunResults {
  return JSON.parse(readFileSync(jsonPath, 'utf8')) as RunResults;
}
