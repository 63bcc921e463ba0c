/**
 * `.ci/run` installs what a clean machine lacks (pnpm, Chromium) quietly, but a failing install step
 * prints what it said, so the CI log shows why. Each case runs the script with stand-ins on PATH
 * that fail the way a broken registry or mirror would; the script stops there (before `npm test`).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A folder of stand-in commands (name → shell body), to put first on PATH. */
function standIns(commands: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'rideshare-ci-run-'));
  folders.push(dir);
  for (const [name, body] of Object.entries(commands)) {
    writeFileSync(join(dir, name), `#!/bin/sh\n${body}\n`);
    chmodSync(join(dir, name), 0o755);
  }
  return dir;
}

function ciRun(bin: string, env: Record<string, string> = {}) {
  return spawnSync('bash', [join(ROOT, '.ci', 'run')], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
    env: { PATH: `${bin}:${process.env.PATH ?? ''}`, HOME: process.env.HOME ?? '', ...env },
  });
}

describe('.ci/run', () => {
  it('prints the output of a failing pnpm install (npm and corepack both failing)', () => {
    const bin = standIns({
      pnpm: 'echo 0.0.1',
      npm: 'echo "npm ERR! 404 registry answered: no such version"; exit 1',
      corepack: 'echo "corepack: network unreachable" >&2; exit 1',
    });
    const run = ciRun(bin);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('npm ERR! 404 registry answered: no such version');
    expect(run.stderr).toContain('corepack: network unreachable');
  });

  it('prints the output of a failing apt-get step', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { packageManager: string };
    const version = manifest.packageManager.split('@')[1];
    const bin = standIns({
      pnpm: `echo ${version ?? ''}`,
      'apt-get': 'echo "E: Unable to locate package chromium"; exit 100',
      sudo: 'exec "$@"',
    });
    const run = ciRun(bin, { CHROMIUM_PATH: join(bin, 'no-chromium-here') });
    expect(run.status).toBe(100);
    expect(run.stderr).toContain('E: Unable to locate package chromium');
  });
});
