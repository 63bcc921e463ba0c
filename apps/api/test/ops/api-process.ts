import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import type { Database } from '@rideshare/db';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, inject } from 'vitest';

import { useTestDatabase, type DatabaseFixture } from '../helpers/db';
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

export interface SpawnedApiProcess extends Omit<ApiProcess, 'baseUrl'> {
  /** Resolves with the base URL once it listens; rejects if it exits first or takes over 30 s. */
  listening: Promise<string>;
}

/**
 * Spawns `node dist/server.js` as a production process on a free loopback port (PORT=0; the port is
 * read from its start-up line), without waiting for it (to signal it while it starts).
 */
export function spawnApiProcess(name: string, env: Record<string, string>): SpawnedApiProcess {
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
  const listening = new Promise<string>((resolve, reject) => {
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
  // A caller that only signals the process never awaits this.
  listening.catch(() => undefined);
  return { name, child, output: () => output, exited, listening };
}

/** Starts `node dist/server.js` (see spawnApiProcess) and resolves once it listens. */
export async function startApiProcess(name: string, env: Record<string, string>): Promise<ApiProcess> {
  const spawned = spawnApiProcess(name, env);
  const baseUrl = await spawned.listening;
  return { name, child: spawned.child, baseUrl, output: spawned.output, exited: spawned.exited };
}

/** Ends a process the test started, if still running: SIGTERM, then SIGKILL after 5 s. */
export async function stopApiProcess(proc: ApiProcess | undefined): Promise<void> {
  if (!proc || proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  proc.child.kill('SIGTERM');
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), 5000);
  await proc.exited;
  clearTimeout(timer);
}

const SKIP_REASON = 'skipped: needs TEST_DB_MODE=server (the embedded database lives inside one process)';

/**
 * `describe` for tests of several API processes on one database: they need a Postgres server, so on
 * the embedded engine the block is skipped, with the reason in its title and said out loud, so such
 * a run does not pass for a multi-instance proof.
 */
export function describeOnServerEngine(file: string, title: string, body: () => void): void {
  const serverMode = inject('dbMode') === 'server';
  if (!serverMode) console.warn(`${file} ${SKIP_REASON}`);
  describe.skipIf(!serverMode)(`${title}${serverMode ? '' : ` (${SKIP_REASON})`}`, body);
}

export interface ApiProcessPair extends DatabaseFixture {
  /** The two instances, A and B (A is the replacement once `restartA` ran). */
  readonly a: ApiProcess;
  readonly b: ApiProcess;
  /** Starts a new A on the same settings (after a test drained or killed the first one). */
  restartA: (name: string) => Promise<ApiProcess>;
}

/**
 * Two production API processes on one fresh database (not reset between tests), started together
 * in `beforeAll` (so their start-up migrations run concurrently) and stopped in `afterAll`. `env`
 * goes over the shared production settings (cheap argon2, 8 pooled connections, warn logs).
 */
export function useApiProcessPair(options: { sessionSecret: string; env?: Record<string, string> }): ApiProcessPair {
  const database = useTestDatabase({ reset: false });
  let env: Record<string, string> = {};
  let a: ApiProcess | undefined;
  let b: ApiProcess | undefined;
  const started = (proc: ApiProcess | undefined): ApiProcess => {
    if (!proc) throw new Error('API process not started');
    return proc;
  };
  beforeAll(async () => {
    ensureServerBuilt();
    env = {
      NODE_ENV: 'production',
      DATABASE_URL: database.tdb.connectionString,
      SESSION_SECRET: options.sessionSecret,
      MIGRATE_ON_START: 'true',
      LOG_LEVEL: 'warn',
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
      DB_POOL_SIZE: '8',
      ...options.env,
    };
    [a, b] = await Promise.all([startApiProcess('A', env), startApiProcess('B', env)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([stopApiProcess(a), stopApiProcess(b)]);
  }, 30_000);
  return {
    get tdb() {
      return database.tdb;
    },
    get db() {
      return database.db;
    },
    get a() {
      return started(a);
    },
    get b() {
      return started(b);
    },
    restartA: async (name) => {
      a = await startApiProcess(name, env);
      return a;
    },
  };
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

/** Signs in through POST /api/login; returns the Cookie header value. */
export async function login(proc: ApiProcess, user: { discordUsername: string; password: string }): Promise<string> {
  const res = await call(proc, 'POST', '/api/login', {
    body: { discordUsername: user.discordUsername, password: user.password },
  });
  if (res.status !== 200 || !res.setCookie)
    throw new Error(`login on ${proc.name} failed: ${String(res.status)} ${JSON.stringify(res.body)}`);
  return res.setCookie;
}

/** Creates an FC->SG ride a week ahead through POST /api/rides (the organiser holds 1 seat); returns its id. */
export async function createRide(proc: ApiProcess, cookie: string, maxPassengers: number): Promise<number> {
  const res = await call(proc, 'POST', '/api/rides', {
    cookie,
    body: {
      direction: 'FC->SG',
      maxPassengers,
      date: new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString(),
      organizerPassengerCount: 1,
      pickupLocation: 'Forest City',
      dropoffLocations: [{ location: 'Woodlands Checkpoint', passengerCount: 1 }],
    },
  });
  const body = res.body as { id?: unknown };
  if (res.status !== 201 || typeof body.id !== 'number') {
    throw new Error(`ride create failed: ${String(res.status)} ${JSON.stringify(res.body)}`);
  }
  return body.id;
}

/** POST /api/rides/:id/join. */
export function joinRide(proc: ApiProcess, cookie: string, rideId: number, passengerCount = 1): Promise<HttpResult> {
  return call(proc, 'POST', `/api/rides/${String(rideId)}/join`, {
    cookie,
    body: { dropoffLocation: 'Jurong East', passengerCount },
  });
}

/** A ride's seats as stored: entries, the seats they hold, the recorded count and the maximum. */
export async function rideSeats(
  db: Kysely<Database>,
  rideId: number,
): Promise<{ entries: number; seats: number; recorded: number; max: number }> {
  const ride = await db
    .selectFrom('rides')
    .select(['currentPassengers', 'maxPassengers'])
    .where('id', '=', rideId)
    .executeTakeFirstOrThrow();
  const rows = await db.selectFrom('ridePassengers').select('passengerCount').where('rideId', '=', rideId).execute();
  return {
    entries: rows.length,
    seats: rows.reduce((sum, row) => sum + row.passengerCount, 0),
    recorded: ride.currentPassengers,
    max: ride.maxPassengers,
  };
}
