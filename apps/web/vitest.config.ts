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
  },
});
