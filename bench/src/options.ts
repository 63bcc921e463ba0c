/**
 * What a run does, from the command line. Two presets:
 * - full (`pnpm --filter @rideshare/bench bench`): both engines, 100 / 1,000 / 10,000 rides,
 *   5 s per load scenario, then both run again with the memory settings the app runs with
 *   (infra/Dockerfile, `npm start`); writes docs/benchmarks.json and the figures of docs/benchmarks.md;
 * - smoke (`bench:smoke`, part of `npm test`): both engines, a tiny data set, a fixed number of
 *   requests per scenario (so a slow machine takes longer instead of failing), the embedded engine
 *   again with the memory settings; enforces the budgets that do not depend on the machine's speed
 *   (budgetFailures in budgets.ts), writes nothing.
 * Flags override parts of a preset (see `usage`).
 */
import { chromiumPath } from '../../scripts/chromium.mjs';

export type Engine = 'server' | 'embedded';

/** The read scenarios (scenarios.ts `ReadScenario.key`). */
export const READ_KEYS = ['rides', 'trpcList', 'search', 'ride', 'passengers', 'stats'] as const;
export type ReadKey = (typeof READ_KEYS)[number];

export interface RunOptions {
  smoke: boolean;
  /** Engines to measure; the Postgres server is skipped (with a note) when none answers. */
  engines: Engine[];
  /** Data-set sizes in rides. */
  sizes: number[];
  /** Seconds of measured load per read scenario (after `warmupSeconds`). */
  durationSeconds: number;
  /**
   * Requests per load scenario instead of a duration (smoke): every scenario then completes the same
   * work on any machine, and no warm-up runs.
   */
  requestsPerLoad: number | null;
  warmupSeconds: number;
  /** Seconds of login load. */
  loginSeconds: number;
  connections: number;
  /** Join contention: rounds (one fresh hot ride each) and users firing at once per round. */
  joinRounds: number;
  joinUsers: number;
  /**
   * SSE fan-out: idle subscribers on GET /api/events and ride events sent to them, measured once
   * per engine (on the data set the pages are painted against).
   */
  fanOutSubscribers: number;
  fanOutEvents: number;
  /** Sequential requests per read when counting SQL statements. */
  statementSamples: number;
  /**
   * Each read's load and its ceiling run this many times, one after the other in turn, and the
   * best of each is kept: on a machine shared with other work, the best round is the one least
   * disturbed by it, and taking turns exposes both to the same disturbances.
   */
  rounds: number;
  build: boolean;
  web: boolean;
  /** Headless Chromium runs per page for the largest contentful paint (the median is reported). */
  lcpRuns: number;
  /** Write docs/benchmarks.json and the figures of docs/benchmarks.md. */
  writeDoc: boolean;
  /** Run the engines a second time with the memory settings the app runs with (memory-settings.ts). */
  memorySettings: boolean;
  /** The engines of that memory pass. */
  memoryEngines: Engine[];
  /** Only the memory pass, recorded into the results already in docs/benchmarks.json. */
  memoryOnly: boolean;
  /** Run the ride alerts scenario (alerts.ts) on every engine. */
  alerts: boolean;
  /** Only the ride alerts scenario, recorded into the results already in docs/benchmarks.json. */
  alertsOnly: boolean;
  /** CI=true: a Postgres server that does not answer fails the run instead of being skipped. */
  requireServer: boolean;
  adminDatabaseUrl: string;
  chromiumPath: string;
  /** Extra node arguments and environment for the server process (to try deployment settings). */
  serverNodeArgs: string[];
  serverEnv: Record<string, string>;
  /**
   * Measure only these reads (and the web figures unless --no-web), no writes and no memory pass,
   * and merge them into the recorded run (merge.ts) instead of replacing it; null: everything.
   */
  onlyReads: ReadKey[] | null;
}

export const usage = `Usage: tsx src/main.ts [--smoke] [options]
  --smoke                 both engines, tiny data set, fixed request counts, budgets only, writes nothing
  --engines=server,embedded
  --sizes=100,1000,10000  data-set sizes in rides
  --duration=5            seconds of measured load per read scenario
  --connections=50
  --rounds=1              load each read and its ceiling this many times in turn, keep the best of each
  --no-build              use the existing apps/api/dist and apps/web/dist
  --no-web                skip bundle sizes and largest contentful paint
  --no-memory             skip the second pass with the memory settings the app runs with
  --memory-only           only that pass, recorded into the results already in docs/benchmarks.json
  --no-alerts             skip the ride alerts scenario (creating rides with 10,000 alerts and none)
  --alerts-only           only that scenario, recorded into the results already in docs/benchmarks.json
  --no-doc                do not write docs/benchmarks.json / docs/benchmarks.md
  --only-reads=rides,trpcList
                          measure only these reads (plus the web figures unless --no-web), no
                          writes, no memory pass, and merge them into the recorded run
Environment: BENCH_DATABASE_URL (admin connection to the Postgres server, default
postgres://postgres@127.0.0.1:5432/postgres), CHROMIUM_PATH (default /usr/bin/chromium),
BENCH_SERVER_NODE_ARGS (extra node arguments for the server, e.g. --max-old-space-size=128),
BENCH_SERVER_ENV (extra server environment, NAME=value,NAME=value, e.g. MALLOC_ARENA_MAX=2),
CI=true (a Postgres server that does not answer fails the run instead of being skipped).`;

function listOf(value: string): string[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

function positiveInt(name: string, value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} takes a whole number of at least 1, not '${value}'`);
  return n;
}

export function parseOptions(argv: readonly string[], env: Record<string, string | undefined>): RunOptions {
  const smoke = argv.includes('--smoke');
  // What both presets share; the command line and the environment below fill in or override the rest.
  const common = {
    smoke,
    rounds: 1,
    build: true,
    web: true,
    memorySettings: true,
    memoryOnly: false,
    alerts: true,
    alertsOnly: false,
    requireServer: false,
    adminDatabaseUrl: '',
    chromiumPath: '',
    serverNodeArgs: [],
    serverEnv: {},
    onlyReads: null,
  } satisfies Partial<RunOptions>;
  const options: RunOptions = smoke
    ? {
        ...common,
        engines: ['server', 'embedded'],
        sizes: [60],
        durationSeconds: 1,
        requestsPerLoad: 40,
        warmupSeconds: 0,
        loginSeconds: 1,
        connections: 10,
        joinRounds: 1,
        joinUsers: 12,
        fanOutSubscribers: 50,
        fanOutEvents: 3,
        statementSamples: 3,
        lcpRuns: 0,
        writeDoc: false,
        // The embedded engine's RSS budget is checked with the settings it runs with.
        memoryEngines: ['embedded'],
      }
    : {
        ...common,
        engines: ['server', 'embedded'],
        sizes: [100, 1000, 10_000],
        durationSeconds: 5,
        requestsPerLoad: null,
        warmupSeconds: 1,
        loginSeconds: 5,
        connections: 50,
        joinRounds: 10,
        joinUsers: 50,
        fanOutSubscribers: 1000,
        fanOutEvents: 20,
        statementSamples: 10,
        lcpRuns: 3,
        writeDoc: true,
        memoryEngines: ['server', 'embedded'],
      };
  options.adminDatabaseUrl = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  options.chromiumPath = chromiumPath(env);
  options.requireServer = env.CI === 'true';
  options.serverNodeArgs = (env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter((arg) => arg !== '');
  for (const pair of listOf(env.BENCH_SERVER_ENV ?? '')) {
    const at = pair.indexOf('=');
    if (at < 1) throw new Error(`BENCH_SERVER_ENV takes NAME=value pairs separated by commas, not '${pair}'`);
    options.serverEnv[pair.slice(0, at)] = pair.slice(at + 1);
  }

  for (const arg of argv) {
    // pnpm passes the `--` of `pnpm bench -- --sizes=...` through.
    if (arg === '--smoke' || arg === '--') continue;
    const [flag, value = ''] = arg.split('=', 2);
    switch (flag) {
      case '--engines': {
        const engines = listOf(value);
        for (const engine of engines) {
          if (engine !== 'server' && engine !== 'embedded') throw new Error(`unknown engine '${engine}'`);
        }
        options.engines = engines as Engine[];
        break;
      }
      case '--sizes':
        options.sizes = listOf(value).map((size) => positiveInt('sizes', size));
        break;
      case '--duration':
        options.durationSeconds = positiveInt('duration', value);
        options.requestsPerLoad = null;
        break;
      case '--rounds':
        options.rounds = positiveInt('rounds', value);
        break;
      case '--connections':
        options.connections = positiveInt('connections', value);
        break;
      case '--no-build':
        options.build = false;
        break;
      case '--no-web':
        options.web = false;
        break;
      case '--no-doc':
        options.writeDoc = false;
        break;
      case '--no-memory':
        options.memorySettings = false;
        break;
      case '--only-reads': {
        const keys = listOf(value);
        for (const key of keys) {
          if (!(READ_KEYS as readonly string[]).includes(key))
            throw new Error(`unknown read '${key}' (reads: ${READ_KEYS.join(', ')})`);
        }
        if (keys.length === 0) throw new Error(`--only-reads takes reads: ${READ_KEYS.join(', ')}`);
        options.onlyReads = keys as ReadKey[];
        options.memorySettings = false;
        break;
      }
      case '--memory-only':
        options.memoryOnly = true;
        break;
      case '--no-alerts':
        options.alerts = false;
        break;
      case '--alerts-only':
        options.alertsOnly = true;
        break;
      case '--help':
        throw new Error(usage);
      default:
        throw new Error(`unknown option '${arg}'\n${usage}`);
    }
  }
  if (options.engines.length === 0 || options.sizes.length === 0) throw new Error('nothing to run\n' + usage);
  if (options.onlyReads && options.smoke) throw new Error('--only-reads records into the full run; not with --smoke');
  if (options.onlyReads && options.memoryOnly) throw new Error('--only-reads and --memory-only contradict each other');
  if (options.alertsOnly) {
    if (options.smoke || options.onlyReads || options.memoryOnly || !options.alerts) {
      throw new Error(
        '--alerts-only records the alerts scenario alone: not with --smoke, --only-reads, --memory-only or --no-alerts',
      );
    }
    options.memorySettings = false;
    options.web = false;
  }
  if (options.onlyReads || options.memoryOnly) options.alerts = false;
  if (options.memoryOnly) {
    if (!options.memorySettings) throw new Error('--memory-only and --no-memory contradict each other');
    options.memoryEngines = options.engines;
    options.web = false;
  }
  return options;
}
