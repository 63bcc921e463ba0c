// `npm test`: the whole suite, in the order CI wants it: domain rules first, then typecheck, lint
// and the formatting check (Prettier; `pnpm format` fixes it), the API integration tests against a
// Postgres server (when one answers on TEST_DATABASE_URL or 127.0.0.1:5432) and against the embedded engine, then the browser tests in Chromium and the
// benchmark smoke run (its budgets, on both engines). The domain, web component and API unit suites
// run a second time under a moved clock and another time zone (libfaketime), so a test that reads
// today's date shows itself on any day of the week.
//
// With CI=true a Postgres server is required: without one the multi-process, row-lock and
// server-engine tests would be skipped and prove nothing, so the run fails instead of passing on
// the embedded engine alone. The last line says which engines ran.
import { spawnSync } from 'node:child_process';
import net from 'node:net';

import { ensureInstalled, node, pnpm } from './lib.mjs';

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
const dbUrl = process.env.TEST_DATABASE_URL ? new URL(process.env.TEST_DATABASE_URL) : null;
const host = dbUrl?.hostname ?? '127.0.0.1';
const port = Number(dbUrl?.port || 5432);
const where = `${host}:${String(port)}`;

// The moved clock: a month's last day, when Singapore's date and weekday are already a day ahead of
// UTC's (Sunday 31 January 2027, 17:30 UTC is Monday 1 February, 01:30 in Singapore), in a zone
// behind UTC. TEST_MOVED_CLOCK and TEST_MOVED_TZ choose another moment and zone.
const movedClock = process.env.TEST_MOVED_CLOCK ?? '2027-01-31 17:30:00Z';
const movedZone = process.env.TEST_MOVED_TZ ?? 'America/Los_Angeles';

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

ensureInstalled();
pnpm(['--filter', '@rideshare/domain', 'test']);
node(['infra/check/check-config.mjs']);
pnpm(['turbo', 'run', 'typecheck', 'lint']);
pnpm(['format:check']);
pnpm(['turbo', 'run', 'test', '--filter=!@rideshare/domain']);

const faketime = spawnSync('faketime', [movedClock, 'true'], { stdio: 'ignore' }).status === 0;
if (faketime) {
  const env = { TZ: movedZone };
  const wrap = ['faketime', movedClock];
  for (const suite of ['@rideshare/domain', '@rideshare/web', '@rideshare/api']) {
    pnpm(['--filter', suite, 'test'], { env, wrap });
  }
  moved = `domain, web component and API unit suites at ${movedClock} in ${movedZone}`;
} else if (ci) {
  console.error('\nCI=true and faketime is not installed: the unit suites must also pass under a moved clock.');
  console.error('Install it (Debian: apt-get install faketime; .ci/run does).');
  moved = 'not run (faketime missing)';
  process.exit(1);
} else {
  console.log('\nMoved-clock pass skipped: faketime is not installed (Debian: apt-get install faketime).');
  moved = 'skipped (faketime not installed)';
}

if (server) {
  pnpm(['--filter', '@rideshare/api', 'test:integration'], { env: { TEST_DB_MODE: 'server' } });
  ran.server.push('API integration tests');
} else {
  console.log(`\nNo Postgres server answers at ${where}; the API tests run on the embedded engine only.`);
}
pnpm(['--filter', '@rideshare/api', 'test:integration'], { env: { TEST_DB_MODE: 'embedded' } });
ran.embedded.push('API integration tests');

pnpm(['turbo', 'run', 'build', '--filter=@rideshare/api', '--filter=@rideshare/web']);
pnpm(['--filter', '@rideshare/web', 'test:e2e']);
ran.embedded.push('browser tests');
// The benchmark harness's smoke run: both engines (CI=true fails it without the Postgres server),
// the budgets that do not depend on the machine. The full run: `pnpm --filter @rideshare/bench bench`.
pnpm(['--filter', '@rideshare/bench', 'bench:smoke', '--', '--no-build'], {
  env: dbUrl ? { BENCH_DATABASE_URL: process.env.TEST_DATABASE_URL } : {},
});
if (server) ran.server.push('bench smoke');
ran.embedded.push('bench smoke');
finished = true;
