import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { GENEROUS_RATE_LIMITS } from '../helpers/env';

const API_DIR = fileURLToPath(new URL('../..', import.meta.url));
const SERVER = join(API_DIR, 'dist', 'server.js');
// Everything esbuild bundles into dist/server.js.
const SOURCES = ['src', '../../packages/db/src', '../../packages/db/migrations', '../../packages/domain/src'].map(
  (dir) => join(API_DIR, dir),
);

function newestMtime(dir: string): number {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Builds dist/server.js (`node build.mjs`, about a second) unless it is newer than every source. */
export function ensureServerBuilt(): void {
  const built = existsSync(SERVER) ? statSync(SERVER).mtimeMs : 0;
  if (built > Math.max(...SOURCES.map(newestMtime))) return;
  execFileSync(process.execPath, ['build.mjs'], { cwd: API_DIR, stdio: 'pipe' });
}

export interface ApiProcess {
  name: string;
  child: ChildProcess;
  baseUrl: string;
  /** stdout and stderr so far, for failure messages. */
  output: () => string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts `node dist/server.js` as a production process on a free loopback port (PORT=0; the port is
 * read from its start-up line) and resolves once it listens.
 */
export async function startApiProcess(name: string, env: Record<string, string>): Promise<ApiProcess> {
  const child = spawn(process.execPath, [SERVER], {
    cwd: API_DIR,
    // Only what the test chooses, so the developer's own DATABASE_URL and friends cannot leak in.
    // Production mode on plain-HTTP loopback has to say so; tests drive many requests from one address.
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      ALLOW_INSECURE_PUBLIC_URL: 'true',
      ...GENEROUS_RATE_LIMITS,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      resolve({ code, signal });
    });
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`${name} did not start within 30 s:\n${output}`));
    }, 30_000);
    const onData = () => {
      const match = /running at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        child.stdout.off('data', onData);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${String(code ?? signal)}) before listening:\n${output}`));
    });
  });
  return { name, child, baseUrl, output: () => output, exited };
}

/** Ends a process the test started, if still running: SIGTERM, then SIGKILL after 5 s. */
export async function stopApiProcess(proc: ApiProcess | undefined): Promise<void> {
  if (!proc || proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  proc.child.kill('SIGTERM');
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), 5000);
  await proc.exited;
  clearTimeout(timer);
}

export interface HttpResult {
  status: number;
  body: unknown;
  setCookie: string | null;
}

/** One request; throws on a network failure (connection refused or reset), never on a status. */
export async function call(
  proc: ApiProcess,
  method: string,
  path: string,
  options: { cookie?: string; body?: unknown } = {},
): Promise<HttpResult> {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${proc.baseUrl}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('rideshare.sid='));
  return { status: res.status, body, setCookie: cookie ? (cookie.split(';')[0] ?? null) : null };
}
