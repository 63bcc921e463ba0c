// Component tests: happy-dom, colocated src/**/*.test.tsx, rendered through src/test-utils. The
// browser journeys under e2e/ (*.spec.ts) run on Playwright Test (playwright.config.ts).
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-utils/setup.ts'],
    restoreMocks: true,
    // Budgets for a small, shared machine (CI runs beside other jobs): a passing test never waits
    // for them, and a busy one must not fail for being slow.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
