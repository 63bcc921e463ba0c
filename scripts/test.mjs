// `npm test`: the whole suite, in the order CI wants it: domain rules first, then typecheck, lint
// and the formatting check (Prettier; `pnpm format` fixes it) and the build; then, side by side, the
// unit suites and the API integration tests against a Postgres server (when one answers on
// TEST_DATABASE_URL or 127.0.0.1:5432) and against the embedded engine; then the browser tests in
// Chromium and the benchmark smoke run (its budgets, on both engines). The domain, web component and
// API unit suites run a second time under a moved clock and another time zone (libfaketime), so a
// test that reads today's date shows itself on any day of the week. The last lines say where the
// time went, step by step.
//
// With CI=true a Postgres server is required: without one the multi-process, row-lock and
// server-engine tests would be skipped and prove nothing, so the run fails instead of passing on
// the embedded engine alone. The last line says which engines ran.
import { spawnSync } from 'node:child_process';
import net from 'node:net';

import { duration, ensureInstalled, node, pnpm, runLanes } from './lib.mjs';

function postgresAnswers(host, port) {
  return new Promise((resolvePromise) => {
    const socket = net.connect({ host, port });
    socket.setTimeout(1500);
    socket.once('connect', () => {
      socket.destroy();
      resolvePromise(true);
    });
    socket.once('error', () => resolvePromise(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolvePromise(false);
    });
  });
}

const ci = process.env.CI === 'true';
const runStarted = Date.now();
const dbUrl = process.env.TEST_DATABASE_URL ? new URL(process.env.TEST_DATABASE_URL) : null;
const host = dbUrl?.hostname ?? '127.0.0.1';
const port = Number(dbUrl?.port || 5432);
const where = `${host}:${String(port)}`;

// The moved clock: a month's last day, when Singapore's date and weekday are already a day ahead of
// UTC's (Sunday 31 January 2027, 17:30 UTC is Monday 1 February, 01:30 in Singapore), in a zone
// behind UTC. TEST_MOVED_CLOCK and TEST_MOVED_TZ choose another moment and zone.
const movedClock = process.env.TEST_MOVED_CLOCK ?? '2027-01-31 17:30:00Z';
const movedZone = process.env.TEST_MOVED_TZ ?? 'America/Los_Angeles';

/** [step, ms] of every step, printed as the run's time table at the end (where CI's time goes). */
const times = [];
// What ran on which engine, for the summary line; printed however the run ends.
const ran = { server: [], embedded: [] };
/** The moved-clock pass: null until it ran or was skipped, then the words for the summary line. */
let moved = null;
let finished = false;
process.on('exit', (code) => {
  const engines = [
    ran.server.length > 0 ? `Postgres server at ${where} (${ran.server.join(', ')})` : null,
    ran.embedded.length > 0 ? `embedded engine (${ran.embedded.join(', ')})` : null,
  ].filter(Boolean);
  const skipped = ran.server.length === 0 && ran.embedded.length > 0 ? '; Postgres server: not tested' : '';
  const verdict = finished && code === 0 ? 'passed' : 'FAILED';
  const clock = moved ? ` Moved clock: ${moved}.` : '';
  if (times.length > 0) {
    console.log('\nWhere the time went (the lanes ran side by side):');
    for (const [label, ms] of times) console.log(`  ${duration(ms).padStart(8)}  ${label}`);
    console.log(`  ${duration(Date.now() - runStarted).padStart(8)}  in all`);
  }
  console.log(`\nnpm test ${verdict}. Engines: ${engines.join('; ') || 'none reached'}${skipped}.${clock}`);
});

const server = await postgresAnswers(host, port);
if (!server && ci) {
  console.error(
    `\nCI=true and no Postgres server answers at ${where} (TEST_DATABASE_URL or 127.0.0.1:5432).\n` +
      'CI must test the Postgres server: the multi-process and row-lock tests only prove something there.\n' +
      "Start one (.ci/run starts the machine's own) or point TEST_DATABASE_URL at one.",
  );
  process.exit(1);
}

function timed(label, run) {
  const started = Date.now();
  run();
  times.push([label, Date.now() - started]);
}

timed('install', () => ensureInstalled());
timed('domain unit tests', () => pnpm(['--filter', '@rideshare/domain', 'test']));
timed('configuration checks', () => node(['infra/check/check-config.mjs']));
timed('typecheck and lint', () => pnpm(['turbo', 'run', 'typecheck', 'lint']));
timed('format check', () => pnpm(['format:check']));
// Built before the test lanes: the browser tests serve it, and the API's multi-process tests start
// dist/server.js (they rebuild it only when a source is newer, so no lane writes it while another reads).
timed('build', () => pnpm(['turbo', 'run', 'build', '--filter=@rideshare/api', '--filter=@rideshare/web']));

const faketime = spawnSync('faketime', [movedClock, 'true'], { stdio: 'ignore' }).status === 0;
if (!faketime && ci) {
  console.error('\nCI=true and faketime is not installed: the unit suites must also pass under a moved clock.');
  console.error('Install it (Debian: apt-get install faketime; .ci/run does).');
  moved = 'not run (faketime missing)';
  process.exit(1);
}
const movedEnv = { TZ: movedZone };
const movedWrap = ['faketime', movedClock];
const integration = (engine) => ({
  label: `API integration tests, ${engine} engine`,
  args: ['--filter', '@rideshare/api', 'test:integration'],
  env: { TEST_DB_MODE: engine },
});

// The unit suites (then again under the moved clock) and the API integration tests on each engine
// run side by side: none shares a database or a port with another, and together they keep both cores
// busy where one alone waits on the database.
const lanes = [
  {
    name: 'unit suites, then under the moved clock',
    steps: [
      { label: 'web, API and bench unit tests', args: ['turbo', 'run', 'test', '--filter=!@rideshare/domain'] },
      ...(faketime
        ? ['@rideshare/domain', '@rideshare/web', '@rideshare/api'].map((suite) => ({
            label: `${suite.replace('@rideshare/', '')} unit tests, moved clock`,
            args: ['--filter', suite, 'test'],
            env: movedEnv,
            wrap: movedWrap,
          }))
        : []),
    ],
  },
  ...(server ? [{ name: 'API integration tests, Postgres server', steps: [integration('server')] }] : []),
  { name: 'API integration tests, embedded engine', steps: [integration('embedded')] },
];
if (!server) console.log(`\nNo Postgres server answers at ${where}; the API tests run on the embedded engine only.`);
console.log(`\nRunning side by side: ${lanes.map((lane) => lane.name).join('; ')}`);
const failedLanes = await runLanes(lanes, times);
if (faketime) moved = `domain, web component and API unit suites at ${movedClock} in ${movedZone}`;
else moved = 'skipped (faketime not installed)';
if (!failedLanes.includes('API integration tests, Postgres server') && server) ran.server.push('API integration tests');
if (!failedLanes.includes('API integration tests, embedded engine')) ran.embedded.push('API integration tests');
if (failedLanes.length > 0) {
  console.error(`\nFailed: ${failedLanes.join('; ')} (its output is above, under its name).`);
  process.exit(1);
}

timed('browser tests', () => pnpm(['--filter', '@rideshare/web', 'test:e2e']));
ran.embedded.push('browser tests');
// The benchmark harness's smoke run: both engines (CI=true fails it without the Postgres server),
// the budgets that do not depend on the machine. The full run: `pnpm --filter @rideshare/bench bench`.
timed('bench smoke', () =>
  pnpm(['--filter', '@rideshare/bench', 'bench:smoke', '--', '--no-build'], {
    env: dbUrl ? { BENCH_DATABASE_URL: process.env.TEST_DATABASE_URL } : {},
  }),
);
if (server) ran.server.push('bench smoke');
ran.embedded.push('bench smoke');
finished = true;
