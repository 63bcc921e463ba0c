/**
 * The memory settings the API image ships, read from infra/Dockerfile's runtime stage, so the
 * benchmark's memory pass measures exactly what is deployed (and infra/check keeps the compose file
 * and .env.example in step with the same lines).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const MEMORY_SETTINGS = ['NODE_OPTIONS', 'MALLOC_ARENA_MAX'] as const;

/** `NODE_OPTIONS` and `MALLOC_ARENA_MAX` as the last stage of a Dockerfile sets them with ENV. */
export function memorySettingsOf(dockerfile: string): Record<string, string> {
  const stages = dockerfile.replace(/\\\r?\n/g, ' ').split(/^FROM\s/m);
  const runtime = stages[stages.length - 1] ?? '';
  const env = runtime
    .split('\n')
    .filter((line) => /^\s*ENV\s/.test(line))
    .join(' ');
  const settings: Record<string, string> = {};
  for (const key of MEMORY_SETTINGS) {
    const match = new RegExp(`(?:^|\\s)${key}=("[^"]*"|\\S+)`).exec(env);
    if (!match?.[1]) throw new Error(`the image's runtime stage sets no ${key} (infra/Dockerfile)`);
    settings[key] = match[1].replace(/^"(.*)"$/, '$1');
  }
  return settings;
}

export function shippedMemorySettings(repoRoot: string): Record<string, string> {
  return memorySettingsOf(readFileSync(join(repoRoot, 'infra', 'Dockerfile'), 'utf8'));
}
