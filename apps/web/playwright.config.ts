// Browser journeys: Playwright Test driving Debian's Chromium against the production build, served
// by a real API server on an embedded database that e2e/global-setup.ts starts once for the run.
// Fixtures (pages at phone / desktop size, accounts, the server's details) are in e2e/support.
import { fileURLToPath } from 'node:url';

import { defineConfig } from '@playwright/test';

import { CHROMIUM_FLAGS, chromiumPath } from '../../scripts/chromium.mjs';

/** Traces and screenshots of failed tests; the list reporter prints each one's path. */
export const OUTPUT_DIR = fileURLToPath(new URL('./test-results/e2e', import.meta.url));

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir: OUTPUT_DIR,
  globalSetup: './e2e/global-setup.ts',
  // A retry would hide a race: a test passes the first time or the run fails.
  retries: 0,
  forbidOnly: process.env.CI === 'true',
  // Every test makes its own people and rides, so files run side by side. Two workers: the machine
  // has two cores, and each worker's Chromium spends much of its time waiting on the one server.
  // Tests inside a file keep their order (one worker per file).
  workers: 2,
  fullyParallel: false,
  // Budgets for a small, shared machine: a passing test never waits for them.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  reporter: [['list'], ['./e2e/support/failure-reporter.ts']],
  use: {
    browserName: 'chromium',
    headless: true,
    // Headless or not follows Playwright's own switch (`--headed`), so no --headless in the flags.
    launchOptions: { executablePath: chromiumPath(), args: [...CHROMIUM_FLAGS] },
    actionTimeout: 30_000,
    navigationTimeout: 60_000,
    // Recorded for every test, kept for failed ones. DOM snapshots of each step, without the
    // screencast film strip, which costs a busy machine more than it tells (the failure screenshot stays).
    trace: { mode: 'retain-on-failure', snapshots: true, screenshots: false, sources: true },
    screenshot: 'only-on-failure',
    // The app's service worker stays out of the journeys (its cache and routing are not what they
    // test); e2e/offline.spec.ts opens its own context that allows it.
    serviceWorkers: 'block',
  },
  projects: [
    {
      // These files need their far-future rides at the top of the newest-first rides list (and the
      // pager a stable first page), so they run one after the other, beside everything else.
      name: 'rides-list',
      testMatch: ['**/home.spec.ts', '**/series-list.spec.ts', '**/vendor.spec.ts'],
      workers: 1,
    },
    { name: 'journeys', testIgnore: ['**/home.spec.ts', '**/series-list.spec.ts', '**/vendor.spec.ts'] },
  ],
});
