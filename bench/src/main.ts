/**
 * The benchmark harness (docs/benchmarks.md). `pnpm --filter @rideshare/bench bench` builds the API and the web
 * app, then for each engine (Postgres server, embedded PGlite) and data-set size: creates a fresh
 * database, fills it, starts the production server as a child process, drives it from this process
 * with autocannon, stops it, checks the seats in the database and drops the database (run-size.ts);
 * then both engines once more per size with the memory settings the app runs with (memory.ts). It
 * prints the results with the budgets, records them in docs/benchmarks.json and regenerates every
 * figure of docs/benchmarks.md from that file (doc.ts); `--memory-only` records the memory pass
 * alone into the recorded results, and `-- --only-reads=rides,trpcList` measures only those reads
 * (and the web figures) and merges them into the recorded run (merge.ts), for a change that
 * touches nothing else.
 * `bench:smoke` (in `npm test`) runs the same code on both engines with a tiny data set and a fixed
 * number of requests per scenario, the embedded engine again with the memory settings, and exits
 * non-zero when a budget that does not depend on the machine's speed fails (budgetFailures in
 * budgets.ts).
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { alertsFailures, runAlerts, withAlertsPass, type AlertsPass } from './alerts';
import { benchPasswordHash } from './data';
import { postgresVersion, serverAnswers } from './database';
import { readResults, writeDocFromResults } from './doc';
import { machineInfo } from './machine';
import { withMemoryPass } from './memory';
import { mergeReads } from './merge';
import { shippedMemorySettings } from './memory-settings';
import { parseOptions, type Engine } from './options';
import { budgetFailures, evaluateBudgets } from './budgets';
import { renderMarkdown } from './report';
import type { RunResults, SizeRun } from './results';
import { runSize } from './run-size';
import { analyzeBundle, type PaintResult, type TransferResult } from './web';

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
  const context = { repoRoot, options, log, cleanups, passwordHash };
  for (const engine of options.memoryOnly || options.alertsOnly ? [] : engines) {
    for (const rides of options.sizes) {
      const result = await runSize(engine, rides, {
        ...context,
        paints: wantPaints && engine === paintEngine && rides === paintSize,
        fanOut: rides === paintSize,
      });
      runs.push(result.run);
      if (result.paints) paints = result.paints;
      if (result.homeTransfer) homeTransfer = result.homeTransfer;
    }
  }
  // Again with the memory settings the app runs with (the image and `npm start`): the memory table
  // and the RSS budgets.
  let memory: RunResults['memory'] = null;
  if (options.memorySettings) {
    const env = shippedMemorySettings(repoRoot);
    memory = { env, runs: [] };
    for (const engine of engines.filter((e) => options.memoryEngines.includes(e))) {
      for (const rides of options.sizes) {
        memory.runs.push(
          (await runSize(engine, rides, { ...context, paints: false, fanOut: false, serverEnv: env })).run,
        );
      }
    }
  }

  // Creating rides with 10,000 ride alerts and with none (docs/alerts.md#cost).
  let alerts: AlertsPass | null = null;
  if (options.alerts) {
    alerts = { runs: [] };
    for (const engine of engines) alerts.runs.push(await runAlerts(engine, context));
  }

  const flags = process.argv.slice(2).filter((arg) => arg !== '--');
  const command = options.smoke ? 'pnpm --filter @rideshare/bench bench:smoke' : 'pnpm --filter @rideshare/bench bench';
  const results: RunResults = {
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
    alerts,
    notes,
    elapsedSeconds: (performance.now() - started) / 1000,
  };

  const markdown = renderMarkdown(results);
  log(`\n${markdown}`);

  const measured = [...new Set(runs.map((run) => run.engine))];
  if (options.smoke) {
    const failures = [...budgetFailures(results), ...alertsFailures(alerts)];
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
    const jsonPath = join(repoRoot, 'docs', 'benchmarks.json');
    // A memory pass on its own replaces the recorded one, and a few reads on their own (--only-reads)
    // replace the recorded ones; every other recorded figure stays.
    const at = { date: results.date, command: results.command, machine };
    const recorded =
      options.memoryOnly && memory
        ? withMemoryPass(readResults(jsonPath), memory, at)
        : options.alertsOnly && alerts
          ? withAlertsPass(readResults(jsonPath), alerts, at)
          : options.onlyReads
            ? mergeReads(readResults(jsonPath), results, options.onlyReads)
            : results;
    // The raw figures first, so a document that fails to render can be rendered again from them.
    writeFileSync(jsonPath, `${JSON.stringify(recorded, null, 2)}\n`);
    const rendered = writeDocFromResults(join(repoRoot, 'docs', 'benchmarks.md'), recorded);
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
  for (const failure of alertsFailures(alerts)) console.error(failure);
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
