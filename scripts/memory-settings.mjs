// The memory settings of Node.js and glibc the app runs with, read from the image's runtime stage
// (infra/Dockerfile) so there is one source: the image ships them, `npm start` applies them, and the
// benchmark measures the server with them (docs/benchmarks.md, Memory). infra/check keeps the
// compose file and .env.example in step with the same lines.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const MEMORY_SETTINGS = ['NODE_OPTIONS', 'MALLOC_ARENA_MAX'];

/** `NODE_OPTIONS` and `MALLOC_ARENA_MAX` as the last stage of a Dockerfile sets them with ENV. */
export function memorySettingsOf(dockerfile) {
  const stages = dockerfile.replace(/\\\r?\n/g, ' ').split(/^FROM\s/m);
  const runtime = stages[stages.length - 1] ?? '';
  const env = runtime
    .split('\n')
    .filter((line) => /^\s*ENV\s/.test(line))
    .join(' ');
  const settings = {};
  for (const key of MEMORY_SETTINGS) {
    const match = new RegExp(`(?:^|\\s)${key}=("[^"]*"|\\S+)`).exec(env);
    if (!match?.[1]) throw new Error(`the image's runtime stage sets no ${key} (infra/Dockerfile)`);
    settings[key] = match[1].replace(/^"(.*)"$/, '$1');
  }
  return settings;
}

/** The settings infra/Dockerfile ships. */
export function shippedMemorySettings(repoRoot) {
  return memorySettingsOf(readFileSync(join(repoRoot, 'infra', 'Dockerfile'), 'utf8'));
}

/** The shipped settings the environment `env` does not set itself (an operator's own value wins). */
export function memorySettingsFor(repoRoot, env) {
  return Object.fromEntries(Object.entries(shippedMemorySettings(repoRoot)).filter(([key]) => !env[key]));
}
