/**
 * `npm test` (scripts/test.mjs) cannot pass in CI by quietly dropping the Postgres server: with
 * CI=true and no server answering it stops before running anything, says why, and names the
 * engines that ran (none) on its last line.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { unreachableUrl } from '../helpers/scripts';

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

describe('npm test with CI=true', () => {
  it('fails at once when no Postgres server answers, instead of testing the embedded engine alone', async () => {
    const nowhere = new URL(await unreachableUrl());
    // Its own process group: a regression would start the whole suite (pnpm, vitest, ...), and the
    // timeout ends all of it, not only scripts/test.mjs.
    const child = spawn(process.execPath, [join(ROOT, 'scripts', 'test.mjs')], {
      cwd: ROOT,
      detached: true,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        CI: 'true',
        TEST_DATABASE_URL: `postgres://postgres@127.0.0.1:${nowhere.port}/postgres`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    }, 20_000);
    const run = await new Promise<{
      status: number | null;
      signal: NodeJS.Signals | null;
      stdout: string;
      stderr: string;
    }>((resolve) => {
      child.once('close', (status, signal) => {
        clearTimeout(timer);
        resolve({ status, signal, stdout, stderr });
      });
    });
    const output = `${run.stdout}${run.stderr}`;
    expect(run.signal, output).toBeNull();
    expect(run.status).toBe(1);
    expect(output).toContain(`CI=true and no Postgres server answers at 127.0.0.1:${nowhere.port}`);
    expect(output).toContain('npm test FAILED. Engines: none reached.');
  }, 30_000);
});
