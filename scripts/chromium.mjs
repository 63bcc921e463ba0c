// How the browser tests (apps/web/playwright.config.ts) and the benchmark's page loads (bench/src/web.ts)
// start Debian's Chromium: where it is (CHROMIUM_PATH, default /usr/bin/chromium) and the flags that
// keep it quiet and sandbox-free on a CI machine. Headless mode is each caller's own switch.

/** Chromium's flags, headless aside: no sandbox, no GPU, no QUIC, and no background traffic. */
export const CHROMIUM_FLAGS = Object.freeze([
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]);

/** The Chromium executable: CHROMIUM_PATH, or Debian's package. */
export function chromiumPath(env = process.env) {
  return env.CHROMIUM_PATH || '/usr/bin/chromium';
}
