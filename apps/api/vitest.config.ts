import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        // Budgets for a busy, shared CI machine; a passing test never waits for them.
        test: { name: 'unit', include: ['src/**/*.test.ts'], environment: 'node', testTimeout: 30_000 },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/helpers/global-setup.ts'],
          // Every answer is checked against the OpenAPI document (test/helpers/contract.ts).
          setupFiles: ['test/helpers/setup-contract.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file gets its own database; two workers keep the 2-core machines responsive.
          maxWorkers: 2,
        },
      },
    ],
  },
});
