/**
 * The benchmark harness (docs/benchmarks.md). `pnpm --filter @rideshare/bench bench` builds the API and the web
 * app, then for each engine (Postgres server, embedded PGlite) and data-set size: creates a fresh
 * database, fills it, starts the production server as a child process, drives it from this process
 * with autocannon, stops it, checks the seats in the database and drops the database; then the
 * Postgres server once more per size with the memory settings the image ships. It prints the
 * results with the budgets, records them in docs/benchmarks.json and regenerates every figure of
 * docs/benchmarks.md from that file (doc.ts).
 * `-- --only-reads=rides,trpcList` measures only those reads (and the web figures) and merges them
 * into the recorded run (merge.ts), for a change that touches nothing else.
 * `bench:smoke` (in `npm test`) runs the same code on both engines with a tiny data set and a fixed
 * number of requests per scenario, and exits non-zero when a budget that does not depend on the
 * machine fails (budgetFailures in report.ts).
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { benchPasswordHash, findOverbookedRides, generateDataSet, hotRideSeats } from './data';
import { createDataTarget, postgresVersion, serverAnswers, type DataTarget } from './database';
import { readResults, writeDocFromResults } from './doc';
import { runFanOut, type FanOutResult } from './fanout';
import { login, type LoadResult } from './load';
import { machineInfo } from './machine';
import { mergeReads } from './merge';
import { shippedMemorySettings } from './memory-settings';
import { parseOptions, type Engine, type RunOptions } from './options';
import { budgetFailures, evaluateBudgets, renderMarkdown, type RunResults, type SizeRun } from './report';
import { readScenarios, runJoinContention, runLogin, runReads, signInJoinUsers, type JoinResult } from './scenarios';
import { procStatusBytes, startServer, type RunningServer } from './server-process';
import { analyzeBundle, measurePaints, measureTransfer, type PaintResult, type TransferResult } from './web';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const log = (line: string) => {
  console.log(line);
};

/** Cleanups still owed (stop the server, drop the database), run on failure and on Ctrl-C too. */
const cleanups = new Set<() => Promise<void>>();
async function runCleanups(): Promise<void> {
  for (const cleanup of [...cleanups].reverse()) {
    cleanups.delete(cleanup);
    await cleanup().catch((error: unknown) => {
      console.error('cleanup failed:', error);
    });
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the server and dropping the bench database`);
    void runCleanups().finally(() => process.exit(130));
  });
}

function build(): void {
  log('$ pnpm turbo run build --filter=@rideshare/api --filter=@rideshare/web');
  const result = spawnSync(
    'pnpm',
    ['turbo', 'run', 'build', '--filter=@rideshare/api', '--filter=@rideshare/web', '--output-logs=errors-only'],
    {
      cwd: repoRoot,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) throw new Error(`the build failed (exit ${String(result.status)})`);
}

/** A ride a week ahead, created over REST as the signed-in reader: one 'ride.created' event. */
async function createRide(baseUrl: string, cookie: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/rides`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({
      direction: 'SG->FC',
      maxPassengers: 4,
      date: new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString(),
      pickupLocation: 'Woodlands MRT',
      dropoffLocations: ['Forest City Marina'],
    }),
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`POST /api/rides: ${String(response.status)} ${text}`);
  const body = JSON.parse(text) as { id?: unknown };
  if (typeof body.id !== 'number') throw new Error(`POST /api/rides answered no id: ${text}`);
  return body.id;
}

/** What a partial run (--only-reads) did not measure: the recorded run's figures stay (merge.ts). */
const NOT_MEASURED_LOAD: LoadResult = {
  rps: 0,
  requests: 0,
  p50Ms: 0,
  p99Ms: 0,
  maxMs: 0,
  non2xx: 0,
  errors: 0,
  timeouts: 0,
  statusCounts: {},
  durationSeconds: 0,
};
const NOT_MEASURED_JOIN: JoinResult = {
  rounds: 0,
  usersPerRound: 0,
  freeSeatsPerRound: 0,
  attempts: 0,
  accepted: 0,
  refusedFull: 0,
  unexpected: {},
  seconds: 0,
  acceptedPerSecond: 0,
  attemptsPerSecond: 0,
  p50Ms: 0,
  p99Ms: 0,
  acceptedP99Ms: 0,
  acceptedPerRound: [],
};

interface SizeRunContext {
  options: RunOptions;
  passwordHash: string;
  /** Measure the pages in Chromium against this run. */
  paints: boolean;
  /** Measure the SSE fan-out against this run. */
  fanOut: boolean;
  /** Extra server environment for this run (the image's memory settings). */
  serverEnv?: Record<string, string>;
}

async function runSize(
  engine: Engine,
  rides: number,
  ctx: SizeRunContext,
): Promise<{ run: SizeRun; paints: PaintResult[] | null; homeTransfer: TransferResult | null }> {
  const { options } = ctx;
  const partial = options.onlyReads !== null;
  const settings = Object.entries(ctx.serverEnv ?? {})
    .map(([key, value]) => `${key}=${value}`)
    .join(' ');
  log(`\n== ${engine}, ${rides.toLocaleString('en')} rides${settings ? `, ${settings}` : ''}`);
  const target: DataTarget = await createDataTarget(engine, options.adminDatabaseUrl);
  const dispose = () => target.dispose();
  cleanups.add(dispose);
  let server: RunningServer | null = null;
  try {
    const handle = await target.open();
    const data = await generateDataSet(handle.db, ctx.passwordHash, {
      rides,
      hotRides: options.joinRounds,
      joinUsers: options.joinUsers,
    }).finally(() => handle.close());
    log(
      `    data: ${data.users.toLocaleString('en')} users, ${data.rides.toLocaleString('en')} rides (+${String(data.hotRideIds.length)} hot),` +
        ` ${data.passengerEntries.toLocaleString('en')} passenger entries in ${(data.generateMs / 1000).toFixed(1)} s`,
    );

    const running = await startServer(
      repoRoot,
      { ...target.serverEnv, ...options.serverEnv, ...ctx.serverEnv },
      options.serverNodeArgs,
    );
    server = running;
    const stop = () => running.stop();
    cleanups.add(stop);
    log(
      `    server pid ${String(running.pid)} at ${running.url}, start to /readyz ${running.startToReadyMs.toFixed(0)} ms`,
    );

    const loadAtStart = loadavg()[0] ?? 0;
    const readerCookie = await login(running.url, data.readerUsername, data.password);
    const reads = await runReads(
      running.url,
      readScenarios(data).filter((scenario) => options.onlyReads?.includes(scenario.key) ?? true),
      readerCookie,
      {
        connections: options.connections,
        durationSeconds: options.durationSeconds,
        requests: options.requestsPerLoad,
        warmupSeconds: options.warmupSeconds,
        statementSamples: options.statementSamples,
        rounds: options.rounds,
      },
      log,
    );
    const peakRssAfterReadsBytes = running.peakRssBytes();

    let fanOut: FanOutResult | null = null;
    if (ctx.fanOut && !partial) {
      fanOut = await runFanOut(
        {
          baseUrl: running.url,
          subscribers: options.fanOutSubscribers,
          events: options.fanOutEvents,
          rss: () => procStatusBytes(running.pid, 'VmRSS'),
          write: () => createRide(running.url, readerCookie),
        },
        log,
      );
    }

    let join = NOT_MEASURED_JOIN;
    let loginResult = NOT_MEASURED_LOAD;
    if (!partial) {
      const joinCookies = await signInJoinUsers(running.url, data);
      join = await runJoinContention(running.url, data, joinCookies, options.joinRounds, log);
      loginResult = await runLogin(
        running.url,
        data,
        { connections: options.connections, durationSeconds: options.loginSeconds, requests: options.requestsPerLoad },
        log,
      );
    }

    let paints: PaintResult[] | null = null;
    let homeTransfer: TransferResult | null = null;
    if (ctx.paints) {
      homeTransfer = await measureTransfer(options.chromiumPath, running.url, '/home', 'Total Rides');
      log(
        `    /home first load: ${(homeTransfer.transferredBytes / 1024).toFixed(1)} KB transferred in ${String(homeTransfer.requests)} responses` +
          ` (${(homeTransfer.decodedBytes / 1024).toFixed(1)} KB decoded; ${JSON.stringify(homeTransfer.encodings)})`,
      );
      paints = await measurePaints(
        options.chromiumPath,
        running.url,
        [
          { path: '/home', readyText: 'Total Rides' },
          { path: `/rides/${String(data.sampleRideId)}`, readyText: 'Forest City to Singapore' },
        ],
        options.lcpRuns,
      );
      for (const p of paints)
        log(
          `    LCP ${p.path}: ${p.lcpMs.toFixed(0)} ms (${p.runsMs.map((t) => t.toFixed(0)).join(', ')}) ${p.element}`,
        );
    }
    const peakRssBytes = running.peakRssBytes();
    const loadAtEnd = loadavg()[0] ?? 0;
    await running.stop();
    cleanups.delete(stop);

    // The seats, from the database itself (the embedded engine can only be opened once the server is gone).
    const check = await target.open();
    const { overbooked, hot } = await Promise.all([
      findOverbookedRides(check.db),
      hotRideSeats(check.db, data.hotRideIds.slice(0, options.joinRounds)),
    ])
      .then(([overbooked, hot]) => ({ overbooked, hot }))
      .finally(() => check.close());
    log(
      `    seats: ${String(overbooked.length)} rides over their maximum or out of step with their entries;` +
        ` hot rides ${hot.map((h) => `${String(h.currentPassengers)}/${String(h.maxPassengers)}`).join(' ')}`,
    );

    return {
      run: {
        engine,
        rides,
        users: data.users,
        passengerEntries: data.passengerEntries,
        generateMs: data.generateMs,
        startToReadyMs: running.startToReadyMs,
        peakRssAfterReadsBytes,
        peakRssBytes,
        reads,
        fanOut,
        join,
        login: loginResult,
        overbookedRides: overbooked.length,
        hotRides: hot,
        loadAverage: [loadAtStart, loadAtEnd],
      },
      paints,
      homeTransfer,
    };
  } catch (error) {
    if (server) console.error(`server output:\n${server.output()}`);
    throw error;
  } finally {
    if (server) await server.stop();
    await target.dispose();
    cleanups.delete(dispose);
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  const options = parseOptions(process.argv.slice(2), process.env);
  const notes: string[] = [];
  if (options.serverNodeArgs.length > 0 || Object.keys(options.serverEnv).length > 0) {
    notes.push(
      `The server ran with extra settings: ${[...options.serverNodeArgs, ...Object.entries(options.serverEnv).map(([k, v]) => `${k}=${v}`)].join(' ')}.`,
    );
  }
  if (options.build) build();

  let engines = options.engines;
  let postgres: string | null = null;
  if (engines.includes('server')) {
    if (await serverAnswers(options.adminDatabaseUrl)) {
      postgres = await postgresVersion(options.adminDatabaseUrl);
    } else {
      const host = new URL(options.adminDatabaseUrl).host;
      if (options.requireServer) {
        throw new Error(
          `No Postgres server answers at ${host}, and CI=true requires one: the server engine must be measured (set BENCH_DATABASE_URL)`,
        );
      }
      const note = `No Postgres server answers at ${host}: the server engine was not measured.`;
      log(note);
      notes.push(note);
      engines = engines.filter((e) => e !== 'server');
      if (engines.length === 0) engines = ['embedded'];
    }
  }
  const machine = machineInfo(repoRoot, options.chromiumPath, postgres);
  log(
    `machine: ${machine.cpu}, ${String(machine.cores)} cores, ${String(machine.memoryGiB)} GiB, load ${String(machine.loadAverageAtStart)}`,
  );

  const bundle = options.web ? analyzeBundle(join(repoRoot, 'apps', 'web', 'dist')) : null;
  if (bundle) {
    log(
      `web: /home loads ${(bundle.home.jsGzipBytes / 1024).toFixed(1)} KB gzipped JS + ${(bundle.home.cssGzipBytes / 1024).toFixed(1)} KB CSS;` +
        ` map chunk ${(bundle.map.jsGzipBytes / 1024).toFixed(1)} KB JS (on /home: ${bundle.mapFilesOnHome.join(', ') || 'no'})`,
    );
  }

  const passwordHash = await benchPasswordHash(repoRoot);
  // The browser runs once, against the Postgres server at 1,000 rides when that run exists.
  const paintEngine: Engine = engines.includes('server') ? 'server' : 'embedded';
  const paintSize = options.sizes.includes(1000) ? 1000 : (options.sizes[0] ?? 0);
  const wantPaints = options.web && options.lcpRuns > 0;

  const runs: SizeRun[] = [];
  let paints: PaintResult[] | null = null;
  let homeTransfer: TransferResult | null = null;
  for (const engine of engines) {
    for (const rides of options.sizes) {
      const result = await runSize(engine, rides, {
        options,
        passwordHash,
        paints: wantPaints && engine === paintEngine && rides === paintSize,
        fanOut: rides === paintSize,
      });
      runs.push(result.run);
      if (result.paints) paints = result.paints;
      if (result.homeTransfer) homeTransfer = result.homeTransfer;
    }
  }
  // The Postgres server again with what the image ships: the memory table and the RSS budget.
  let memory: RunResults['memory'] = null;
  if (options.memorySettings && engines.includes('server')) {
    const env = shippedMemorySettings(repoRoot);
    memory = { env, runs: [] };
    for (const rides of options.sizes) {
      memory.runs.push(
        (await runSize('server', rides, { options, passwordHash, paints: false, fanOut: false, serverEnv: env })).run,
      );
    }
  }

  const flags = process.argv.slice(2).filter((arg) => arg !== '--');
  const command = options.smoke ? 'pnpm --filter @rideshare/bench bench:smoke' : 'pnpm --filter @rideshare/bench bench';
  const measuredResults: RunResults = {
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    command: command + (flags.length > 0 && !options.smoke ? ` -- ${flags.join(' ')}` : ''),
    durationSeconds: options.durationSeconds,
    warmupSeconds: options.warmupSeconds,
    requestsPerLoad: options.requestsPerLoad,
    connections: options.connections,
    machine,
    runs,
    memory,
    bundle,
    paints,
    paintsAgainst: paints
      ? `the ${paintEngine === 'server' ? 'Postgres server' : 'embedded engine'} with ${paintSize.toLocaleString('en')} rides`
      : null,
    homeTransfer,
    notes,
    elapsedSeconds: (performance.now() - started) / 1000,
  };
  const recordPath = join(repoRoot, 'docs', 'benchmarks.json');
  const results = options.onlyReads
    ? mergeReads(readResults(recordPath), measuredResults, options.onlyReads)
    : measuredResults;

  const markdown = renderMarkdown(results);
  log(`\n${markdown}`);

  const measured = [...new Set(runs.map((run) => run.engine))];
  if (options.smoke) {
    const failures = budgetFailures(results);
    if (options.web && !results.bundle) failures.push('the web bundle was not analysed');
    for (const engine of options.engines) {
      if (!measured.includes(engine)) {
        failures.push(`the ${engine === 'server' ? 'Postgres server' : 'embedded'} engine was not measured`);
      }
    }
    if (failures.length > 0) {
      console.error(`\nbench smoke FAILED:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
      process.exitCode = 1;
      return;
    }
    log(
      `bench smoke passed in ${results.elapsedSeconds.toFixed(0)} s; engines: ${measured.join(', ')}` +
        (measured.includes('server') ? '' : ' (no Postgres server: the server engine was skipped)'),
    );
    return;
  }

  if (options.writeDoc) {
    // The raw figures first, so a document that fails to render can be rendered again from them.
    writeFileSync(recordPath, `${JSON.stringify(results, null, 2)}\n`);
    const rendered = writeDocFromResults(join(repoRoot, 'docs', 'benchmarks.md'), results);
    log('wrote docs/benchmarks.json and the figures of docs/benchmarks.md');
    if (rendered.missing.length > 0) {
      console.error(
        `docs/benchmarks.md quotes figures this run did not measure (shown as n/a): ${rendered.missing.join(', ')}`,
      );
      process.exitCode = 1;
    }
  }
  const oversold = [...runs, ...(memory?.runs ?? [])].filter(
    (run) => run.overbookedRides > 0 || run.hotRides.some((h) => h.currentPassengers > h.maxPassengers),
  );
  if (oversold.length > 0) {
    console.error('seats exceeded the maximum: see the Writes table');
    process.exitCode = 1;
  }
  const missed = evaluateBudgets(results).filter((b) => b.status === 'missed');
  if (missed.length > 0) log(`budgets missed: ${missed.map((b) => b.budget).join('; ')}`);
}

main()
  .catch(async (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    await runCleanups();
    process.exitCode = 1;
  })
  .finally(() => {
    // autocannon and pg leave nothing that should hold the process; exit with the status set above.
    setTimeout(() => process.exit(process.exitCode ?? 0), 100).unref();
  });
