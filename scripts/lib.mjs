// Shared helpers for the two commands of the README (`npm start`, `npm test`). They need only Node.js and npm: pnpm is used from
// PATH when present, otherwise fetched once through npx at the version package.json pins.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pinned = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager; // pnpm@x.y.z
const pinnedVersion = pinned.split('@')[1];

function hasPnpm() {
  const r = spawnSync('pnpm', ['--version'], { encoding: 'utf8', shell: process.platform === 'win32' });
  return r.status === 0 && r.stdout.trim() === pinnedVersion;
}

const pnpmCommand = hasPnpm() ? ['pnpm'] : ['npx', '--yes', pinned];

/**
 * Runs pnpm with the given arguments in the repository root; exits the process on failure. `wrap`
 * is a command that runs pnpm for it (e.g. `['faketime', '2027-01-31 17:30:00Z']`); `stdout:
 * 'stderr'` sends what it prints to stderr (`npm start` keeps its stdout for the shell).
 */
export function pnpm(args, { env = {}, allowFailure = false, wrap = [], stdout = 'stdout' } = {}) {
  const [cmd, ...pre] = [...wrap, ...pnpmCommand];
  const shown = Object.entries(env)
    .filter(([name]) => name === 'TZ')
    .map(([name, value]) => `${name}=${value} `)
    .join('');
  const say = stdout === 'stderr' ? console.error : console.log;
  say(`\n$ ${shown}${[...wrap, 'pnpm', ...args].join(' ')}`);
  const r = spawnSync(cmd, [...pre, ...args], {
    cwd: root,
    stdio: ['inherit', stdout === 'stderr' ? 2 : 'inherit', 'inherit'],
    env: { ...process.env, COREPACK_INTEGRITY_KEYS: '0', ...env },
    shell: process.platform === 'win32',
  });
  if (r.status !== 0 && !allowFailure) {
    console.error(`\npnpm ${args.join(' ')} failed (exit ${String(r.status)})`);
    process.exit(r.status ?? 1);
  }
  return r.status ?? 1;
}

/** Installs dependencies when node_modules is missing (`options` as for `pnpm`). */
export function ensureInstalled(options = {}) {
  const marker = join(root, 'node_modules', '.modules.yaml');
  const lock = join(root, 'pnpm-lock.yaml');
  const ci = process.env.CI === 'true';
  if (ci || !existsSync(marker)) {
    pnpm(['install', ...(existsSync(lock) ? ['--frozen-lockfile'] : [])], options);
  }
}

/** Runs a Node.js script from the repository root; exits the process on failure. */
export function node(args) {
  console.log(`\n$ node ${args.join(' ')}`);
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`\nnode ${args.join(' ')} failed (exit ${String(r.status)})`);
    process.exit(r.status ?? 1);
  }
}
