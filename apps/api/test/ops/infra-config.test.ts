/**
 * The deployment config check (infra/check/check-config.mjs) passes on the repository and catches
 * drift: a setting missing from the compose file, a wrong default in .env.example, a replica the
 * load balancer does not know, an image running as root.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
const CHECK = join(ROOT, 'infra', 'check', 'check-config.mjs');
const ENV_TS = join(ROOT, 'apps', 'api', 'src', 'env.ts');

const FILES = [
  '.env.example',
  'package.json',
  'pnpm-lock.yaml',
  'pnpm-workspace.yaml',
  'infra/compose.yaml',
  'infra/Dockerfile',
  'infra/Dockerfile.dockerignore',
  'infra/Caddyfile',
  '.github/workflows/ci.yml',
  '.github/actions/setup/action.yml',
  'apps/api/package.json',
  'apps/web/package.json',
  'packages/config/package.json',
  'packages/db/package.json',
  'packages/domain/package.json',
  'bench/package.json',
];

const copies: string[] = [];
afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

function copyOfRepository(): string {
  const dir = mkdtempSync(join(tmpdir(), 'rideshare-infra-'));
  copies.push(dir);
  for (const file of FILES) cpSync(join(ROOT, file), join(dir, file), { recursive: true });
  return dir;
}

function edit(root: string, file: string, change: (text: string) => string): void {
  const path = join(root, file);
  const before = readFileSync(path, 'utf8');
  const after = change(before);
  if (after === before) throw new Error(`edit of ${file} changed nothing`);
  writeFileSync(path, after);
}

function runCheck(root: string): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [CHECK, '--root', root, '--env-ts', ENV_TS], {
    cwd: dirname(CHECK),
    encoding: 'utf8',
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('infra/check/check-config.mjs', () => {
  it('passes on the repository as it is', () => {
    const { status, output } = runCheck(ROOT);
    expect(output).toMatch(/^\d+ passed, 0 failed$/m);
    expect(status).toBe(0);
  }, 60_000);

  it('fails, naming each problem, when the files drift apart', () => {
    const root = copyOfRepository();
    edit(root, 'infra/compose.yaml', (t) => t.replace(/^ {4}CSP_EXTRA_ORIGINS:.*\n/m, ''));
    edit(root, '.env.example', (t) => t.replace(/^BODY_LIMIT_BYTES=.*$/m, 'BODY_LIMIT_BYTES=999'));
    edit(root, 'infra/Caddyfile', (t) => t.replace('reverse_proxy api-1:3000 api-2:3000', 'reverse_proxy api-1:3000'));
    edit(root, 'infra/Dockerfile', (t) => t.replace(/^USER node\n/m, ''));

    const { status, output } = runCheck(root);
    expect(status).toBe(1);
    expect(output).toContain('api-1: CSP_EXTRA_ORIGINS is not passed');
    expect(output).toContain("BODY_LIMIT_BYTES=999 but env.ts's default is '102400'");
    expect(output).toContain('upstreams api-1:3000 but compose runs api-1:3000 api-2:3000');
    expect(output).toContain('the final stage runs as root');
    expect(output).toMatch(/^\d+ passed, [1-9]\d* failed$/m);
  }, 60_000);

  it('fails when the image leaves the supported Node.js LTS lines or the memory settings drift apart', () => {
    const root = copyOfRepository();
    edit(root, 'infra/Dockerfile', (t) =>
      t
        .replace(/^ARG NODE_IMAGE=node:\d+/m, 'ARG NODE_IMAGE=node:20')
        .replace('MALLOC_ARENA_MAX=2', 'MALLOC_ARENA_MAX=many'),
    );
    edit(root, 'infra/compose.yaml', (t) =>
      t.replace('${NODE_OPTIONS:---max-old-space-size=128}', '${NODE_OPTIONS:---max-old-space-size=512}'),
    );
    edit(root, '.env.example', (t) => t.replace(/^NODE_OPTIONS=.*$/m, 'NODE_OPTIONS='));

    const { status, output } = runCheck(root);
    expect(status).toBe(1);
    expect(output).toContain('NODE_IMAGE=node:20-bookworm-slim is not a supported Node.js LTS (22 or 24)');
    expect(output).toContain('MALLOC_ARENA_MAX=many is not a whole number');
    expect(output).toContain(
      "api-1: NODE_OPTIONS defaults to '--max-old-space-size=512', but the image ships '--max-old-space-size=128'",
    );
    expect(output).toContain(".env.example has NODE_OPTIONS=, but the image ships '--max-old-space-size=128'");
  }, 60_000);
});
