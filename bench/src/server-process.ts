/**
 * Runs the production server (the API's build, started by server-entry.ts with the bench routes
 * added) as a child process on a free loopback port, with NODE_ENV=production, a random
 * SESSION_SECRET and LOG_LEVEL=warn. Measures process start to the first 200 from /readyz, and
 * reads the process's memory from /proc.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';

import { build } from 'esbuild';

import { NODE_BUNDLE } from '../../scripts/node-bundle.mjs';

export interface RunningServer {
  url: string;
  pid: number;
  /** Milliseconds from spawn to the first 200 answer of /readyz. */
  startToReadyMs: number;
  /** Peak resident set size so far (VmHWM), in bytes; null where /proc is not available. */
  peakRssBytes(): number | null;
  /** The last lines the server wrote (for a failure report). */
  output(): string;
  /** SIGTERM, then waits for the exit (graceful drain); SIGKILL after 15 s. */
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => {
        resolve(port);
      });
    });
  });
}

/** A field of /proc/<pid>/status in bytes (the kernel reports kB). */
export function procStatusBytes(pid: number, field: 'VmHWM' | 'VmRSS'): number | null {
  const file = `/proc/${String(pid)}/status`;
  if (!existsSync(file)) return null;
  const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(readFileSync(file, 'utf8'));
  return match?.[1] ? Number(match[1]) * 1024 : null;
}

/** The parent's pid of a process, from /proc/<pid>/stat (null when it is gone). */
function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: the fields after it follow the last ')'.
    const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(after[1]);
  } catch {
    return null;
  }
}

/**
 * The resident memory of a process and every process under it (VmRSS summed), in bytes: what a
 * machine pays for a server however it was started (a launcher, a package manager, a shell, the
 * server). Null where /proc is not available.
 */
export function processTreeRssBytes(pid: number): number | null {
  if (!existsSync(`/proc/${String(pid)}/status`)) return null;
  const pids = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number);
  const children = new Map<number, number[]>();
  for (const each of pids) {
    const parent = parentOf(each);
    if (parent !== null) children.set(parent, [...(children.get(parent) ?? []), each]);
  }
  let total = 0;
  const queue = [pid];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    total += procStatusBytes(next, 'VmRSS') ?? 0;
    queue.push(...(children.get(next) ?? []));
  }
  return total;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function sleep(ms: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Bundles server-entry.ts (and the bench routes) into bench/dist/server.js. The API itself is not
 * in the bundle: the entry loads the API's own build (apps/api/dist) at run time.
 */
export async function buildServerEntry(repoRoot: string): Promise<string> {
  const outfile = join(repoRoot, 'bench', 'dist', 'server.js');
  await build({
    entryPoints: [join(repoRoot, 'bench', 'src', 'server-entry.ts')],
    outfile,
    ...NODE_BUNDLE,
  });
  return outfile;
}

/**
 * `nodeArgs` go before the entry point (for profiling: `--cpu-prof --cpu-prof-dir=...`, which Node
 * refuses in NODE_OPTIONS).
 */
export async function startServer(
  repoRoot: string,
  databaseEnv: Record<string, string>,
  nodeArgs: readonly string[] = [],
): Promise<RunningServer> {
  const apiStart = join(repoRoot, 'apps', 'api', 'dist', 'start.js');
  if (!existsSync(apiStart)) throw new Error(`${apiStart} is missing: build the API first (or run without --no-build)`);
  const entry = await buildServerEntry(repoRoot);
  const port = await freePort();
  const url = `http://127.0.0.1:${String(port)}`;
  // A clean environment: nothing from the caller's shell (a DATABASE_URL, say) leaks into the run.
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? '/tmp',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    SESSION_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    // A production server on plain-HTTP loopback, flooded from one address on purpose: the request
    // rate limits and the per-address sign-in limit (sign-ins in progress count) must not be what
    // the benchmark measures, nor the live-stream caps (every fan-out subscriber is on loopback).
    ALLOW_INSECURE_PUBLIC_URL: 'true',
    RATE_LIMIT_MAX: '100000000',
    RATE_LIMIT_JOIN_PER_HOUR: '100000000',
    RATE_LIMIT_RIDE_CREATE_PER_HOUR: '100000000',
    EVENTS_MAX_STREAMS_PER_ADDRESS: '100000',
    EVENTS_MAX_STREAMS: '100000',
    LOGIN_MAX_FAILURES_PER_ADDRESS: '100000000',
    ARGON2_MAX_QUEUE: '10000',
    ...databaseEnv,
  };
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(
      ...chunk
        .toString('utf8')
        .split('\n')
        .filter((line) => line.trim() !== ''),
    );
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };

  const started = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, entry], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const pid = child.pid;
  if (pid === undefined) throw new Error('the server process did not start');

  let readyAt: number | null = null;
  while (readyAt === null) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited before it was ready (code ${String(child.exitCode)}):\n${lines.join('\n')}`);
    }
    if (performance.now() - started > 60_000) {
      child.kill('SIGKILL');
      throw new Error(`the server was not ready within 60 s:\n${lines.join('\n')}`);
    }
    try {
      const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1000) });
      await response.arrayBuffer();
      if (response.status === 200) readyAt = performance.now();
    } catch {
      // Not listening yet.
    }
    if (readyAt === null) await sleep(10);
  }

  return {
    url,
    pid,
    startToReadyMs: readyAt - started,
    peakRssBytes: () => procStatusBytes(pid, 'VmHWM'),
    output: () => lines.join('\n'),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited(child);
      clearTimeout(timer);
    },
  };
}
