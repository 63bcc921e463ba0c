/**
 * The server the harness measures: the production build's start-up (apps/api/dist/start.js, the
 * same code `node apps/api/dist/server.js` runs) with the bench routes added (server-routes.ts).
 * Bundled to bench/dist/server.js by server-process.ts before each run.
 */
import type { startServer as StartServer } from '@rideshare/api/start';

import { BENCH_PATH_PREFIX, QueryCounter, registerBenchRoutes } from './server-routes';

// Resolved at run time beside the bundle (bench/dist → apps/api/dist), so the built server is used.
const startModule = new URL('../../apps/api/dist/start.js', import.meta.url).href;
const { startServer } = (await import(startModule)) as { startServer: typeof StartServer };

const queryCounter = new QueryCounter();
try {
  await startServer({
    onQuery: queryCounter.record,
    rateLimitedPrefixes: [BENCH_PATH_PREFIX],
    extend: (app, handle) => {
      registerBenchRoutes(app, { queryCounter, engineMemory: handle.engineMemoryBytes });
    },
  });
} catch (error: unknown) {
  console.error(error);
  process.exit(1);
}
