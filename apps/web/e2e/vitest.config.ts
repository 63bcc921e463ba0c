// Browser journeys: a real production server (global-setup.ts) driven by headless Chromium through
// playwright-core. One file at a time, since they share the server and the machine is small.
import { fileURLToPath } from 'node:url';

import { defineConfig } from 'vitest/config';

const webRoot = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  test: {
    root: webRoot,
    environment: 'node',
    include: ['e2e/**/*.spec.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    fileParallelism: false,
    maxWorkers: 1,
    pool: 'forks',
  },
});
