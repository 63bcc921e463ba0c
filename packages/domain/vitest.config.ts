import { defineConfig } from 'vitest/config';

// Run the rules in a zone far from Singapore, so any accidental use of the machine's local time
// (instead of Asia/Singapore) shows up as a failing test. Workers inherit this environment.
process.env.TZ = 'America/New_York';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // A budget for a busy, shared CI machine; a passing test never waits for it.
    testTimeout: 30_000,
  },
});
