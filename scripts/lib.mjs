// Shared helpers for the two commands of the README (`npm start`, `npm test`). They need only Node.js and npm: pnpm is used from
// PATH when present, otherwise fetched once through npx at the version package.json pins.
import { spawn, spawnSync } from 'node:child_process';
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

/** Minutes and seconds, as the run's time table shows them: `4m 05s`. */
export function duration(ms) {
  const seconds = Math.round(ms / 1000);
  return `${String(Math.floor(seconds / 60))}m ${String(seconds % 60).padStart(2, '0')}s`;
}

/**
 * Runs pnpm without waiting, its output kept rather than printed (lanes that run side by side would
 * interleave it). Resolves to `{ status, output }`; never rejects.
 */
export function pnpmQuiet(args, { env = {}, wrap = [] } = {}) {
  const [cmd, ...pre] = [...wrap, ...pnpmCommand];
  return new Promise((resolvePromise) => {
    const child = spawn(cmd, [...pre, ...args], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, COREPACK_INTEGRITY_KEYS: '0', FORCE_COLOR: '0', ...env },
      shell: process.platform === 'win32',
    });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('error', (error) => resolvePromise({ status: 1, output: String(error) }));
    child.on('close', (code) => resolvePromise({ status: code ?? 1, output: Buffer.concat(chunks).toString('utf8') }));
  });
}

/**
 * Runs lanes side by side: each lane is a list of pnpm steps run one after the other, stopping at its
 * first failure. A lane's output is printed whole when it ends (so the log reads lane by lane), with
 * each step's time; `times` collects `[step, ms]` for the run's time table. Resolves to the names of
 * the lanes that failed.
 */
export async function runLanes(lanes, times) {
  const failed = [];
  await Promise.all(
    lanes.map(async (lane) => {
      const started = Date.now();
      const log = [];
      let ok = true;
      for (const step of lane.steps) {
        const shown = Object.entries(step.env ?? {})
          .filter(([name]) => name === 'TZ' || name === 'TEST_DB_MODE')
          .map(([name, value]) => `${name}=${value} `)
          .join('');
        log.push(`\n$ ${shown}${[...(step.wrap ?? []), 'pnpm', ...step.args].join(' ')}`);
        const stepStarted = Date.now();
        const { status, output } = await pnpmQuiet(step.args, step);
        times.push([step.label, Date.now() - stepStarted]);
        log.push(output);
        if (status !== 0) {
          log.push(`\npnpm ${step.args.join(' ')} failed (exit ${String(status)})`);
          ok = false;
          break;
        }
      }
      console.log(`\n===== ${lane.name}: ${ok ? 'passed' : 'FAILED'} in ${duration(Date.now() - started)} =====`);
      console.log(log.join('\n'));
      if (!ok) failed.push(lane.name);
    }),
  );
  return failed;
}
