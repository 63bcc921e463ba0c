// `npm test`: the whole suite, in the order CI wants it: domain rules first, then typecheck and
// lint, the API integration tests against a Postgres server (when one answers on TEST_DATABASE_URL
// or 127.0.0.1:5432) and against the embedded engine, then the browser tests in Chromium.
import net from 'node:net';

import { ensureInstalled, node, pnpm } from './lib.mjs';

function postgresAnswers(host = '127.0.0.1', port = 5432) {
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

ensureInstalled();
pnpm(['--filter', '@rideshare/domain', 'test']);
node(['infra/check/check-config.mjs']);
pnpm(['turbo', 'run', 'typecheck', 'lint']);
pnpm(['turbo', 'run', 'test', '--filter=!@rideshare/domain']);

const dbUrl = process.env.TEST_DATABASE_URL ? new URL(process.env.TEST_DATABASE_URL) : null;
const server = await postgresAnswers(dbUrl?.hostname ?? '127.0.0.1', Number(dbUrl?.port || 5432));
if (server) {
  pnpm(['--filter', '@rideshare/api', 'test:integration'], { env: { TEST_DB_MODE: 'server' } });
} else {
  console.log('\nNo Postgres server answers; the API tests run on the embedded engine only.');
}
pnpm(['--filter', '@rideshare/api', 'test:integration'], { env: { TEST_DB_MODE: 'embedded' } });

pnpm(['turbo', 'run', 'build', '--filter=@rideshare/api', '--filter=@rideshare/web']);
pnpm(['--filter', '@rideshare/web', 'test:e2e']);
// A small, fast run of the benchmark harness so it cannot rot (the full run: `pnpm --filter @rideshare/bench bench`).
pnpm(['--filter', '@rideshare/bench', 'bench:smoke']);
console.log('\nAll test suites passed.');
