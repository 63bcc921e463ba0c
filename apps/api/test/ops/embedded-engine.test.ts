/**
 * The production server on the embedded engine (a DATA_DIR folder), observed from outside: the
 * folder is locked while a process has it open, so a second server or `db:migrate` / `db:seed` is
 * refused with a message naming the holder; SIGINT and SIGTERM close the database cleanly, during
 * start-up too; and a SIGKILL in the middle of writes loses no acknowledged booking, after which
 * the next start takes the dead process's lock over. (The Postgres-server counterpart is
 * multi-instance.test.ts.) The database is reachable only through a Unix socket in the private
 * data folder: the process listens on no TCP port but its HTTP one. Runs with TEST_DB_MODE=embedded;
 * it uses folders of its own.
 */
import { cpSync, existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';

import {
  connectDatabase,
  EMBEDDED_SOCKET_PORT,
  LOCK_FILE_NAME,
  LOCK_OWNER_FILE_NAME,
  migrateToLatest,
  type DbHandle,
} from '@rideshare/db';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { main as migrateMain } from '../../scripts/migrate';
import { main as seedMain } from '../../scripts/seed';
import { createUser, type TestUser } from '../factories';
import { listeningTcpPorts } from '../helpers/listening';
import { captureIo } from '../helpers/scripts';
import {
  call,
  createRide,
  ensureServerBuilt,
  joinRide,
  login,
  rideSeats,
  spawnApiProcess,
  startApiProcess,
  stopApiProcess,
  type ApiProcess,
} from './api-process';

const embeddedMode = inject('dbMode') === 'embedded';
const SKIP_REASON = 'skipped: runs with TEST_DB_MODE=embedded (it tests the embedded engine)';
if (!embeddedMode) console.warn(`embedded-engine.test.ts ${SKIP_REASON}`);

const folders: string[] = [];
const started: ApiProcess[] = [];

function freshDataDir(): string {
  const folder = mkdtempSync(joinPath(tmpdir(), 'rideshare-embedded-'));
  folders.push(folder);
  return joinPath(folder, 'data');
}

/** A migrated folder, created once: copying it is much faster than creating a database. */
let template = '';
function migratedDataDir(): string {
  const dataDir = freshDataDir();
  cpSync(template, dataDir, { recursive: true });
  return dataDir;
}

function serverEnv(dataDir: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    SESSION_SECRET: 'embedded-engine-test-secret-0123456789abcdef',
    MIGRATE_ON_START: 'true',
    LOG_LEVEL: 'warn',
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_TIME_COST: '1',
    SHUTDOWN_TIMEOUT_MS: '10000',
  };
}

async function start(name: string, dataDir: string): Promise<ApiProcess> {
  const proc = await startApiProcess(name, serverEnv(dataDir));
  started.push(proc);
  return proc;
}

const lockPath = (dataDir: string) => joinPath(dataDir, LOCK_FILE_NAME);
const lockHolder = (dataDir: string) =>
  (JSON.parse(readFileSync(joinPath(dataDir, LOCK_OWNER_FILE_NAME), 'utf8')) as { pid: number }).pid;
// PGlite writes postmaster.pid while it runs and removes it when closed cleanly.
const closedCleanly = (dataDir: string) => !existsSync(joinPath(dataDir, 'postmaster.pid'));

/** Opens the folder in this process (only while no server has it), runs `work`, closes it. */
async function withFolder<T>(dataDir: string, work: (handle: DbHandle) => Promise<T>): Promise<T> {
  const handle = await connectDatabase({ dataDir });
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

/** Paths under `dir` that others may read, write or enter (links aside). */
function looseEntries(dir: string): string[] {
  const loose: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = joinPath(dir, name);
    const entry = lstatSync(path);
    if (entry.isSymbolicLink() || entry.isSocket()) continue;
    if ((entry.mode & 0o077) !== 0) loose.push(`${path} ${(entry.mode & 0o777).toString(8)}`);
    if (entry.isDirectory()) loose.push(...looseEntries(path));
  }
  return loose;
}

describe.skipIf(!embeddedMode)(`the server on the embedded engine${embeddedMode ? '' : ` (${SKIP_REASON})`}`, () => {
  beforeAll(async () => {
    ensureServerBuilt();
    template = freshDataDir();
    await withFolder(template, ({ db }) => migrateToLatest(db));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(started.map((proc) => stopApiProcess(proc)));
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  }, 30_000);

  it('locks its folder: a second server, db:migrate and db:seed are refused with who holds it; SIGINT releases it', async () => {
    const dataDir = migratedDataDir();
    const server = await start('embedded', dataDir);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    // Every file in it is the account's alone (0600), folders 0700, also those the engine writes
    // after opening it (made private again within seconds).
    await expect.poll(() => looseEntries(dataDir), { timeout: 20_000 }).toEqual([]);
    expect(lockHolder(dataDir)).toBe(server.child.pid);
    const inUse = `The embedded database in ${dataDir} is in use by process ${String(server.child.pid)}`;

    const second = spawnApiProcess('second', serverEnv(dataDir));
    await expect(second.listening).rejects.toThrow(/exited \(1\) before listening/);
    expect(second.output()).toContain(inUse);
    expect(second.output()).toContain('stop the server before db:migrate or db:seed');

    for (const script of [migrateMain, seedMain]) {
      const io = captureIo();
      expect(await script([], { DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, io.io)).toBe(3);
      expect(io.err()).toContain(inUse);
    }
    // The refused openers did not disturb it.
    expect((await call(server, 'GET', '/readyz')).status).toBe(200);

    server.child.kill('SIGINT');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(existsSync(lockPath(dataDir))).toBe(false);
    expect(closedCleanly(dataDir)).toBe(true);
    const io = captureIo();
    expect(await migrateMain([], { DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, io.io)).toBe(0);
    expect(io.out()).toContain('is already up to date');
  }, 120_000);

  it('opens no TCP port for the database: only a Unix socket in the private data folder', async () => {
    const dataDir = migratedDataDir();
    const server = await start('socket', dataDir);
    const pid = server.child.pid ?? 0;
    // Its HTTP port, and nothing else: PGlite has no passwords, so a port would let any local
    // account read every password hash.
    expect(listeningTcpPorts(pid)).toEqual([Number(new URL(server.baseUrl).port)]);
    const socketPath = joinPath(dataDir, `.s.PGSQL.${String(EMBEDDED_SOCKET_PORT)}`);
    expect(statSync(socketPath).isSocket()).toBe(true);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    // The account that runs the app can still reach it, the way psql -h <folder> would.
    const client = new pg.Client({ host: dataDir, port: EMBEDDED_SOCKET_PORT, user: 'postgres', database: 'postgres' });
    await client.connect();
    try {
      expect((await client.query<{ n: number }>('select count(*)::int as n from users')).rows).toEqual([{ n: 0 }]);
      // Sized for one process, not a database server (PGlite's default is 128MB, all of it kept).
      expect((await client.query<{ shared_buffers: string }>('show shared_buffers')).rows).toEqual([
        { shared_buffers: '16MB' },
      ]);
    } finally {
      await client.end();
    }
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(existsSync(socketPath)).toBe(false);
  }, 120_000);

  it('opens no TCP port for a memory:// database either: its socket is in a private temporary folder', async () => {
    const before = listeningTcpPorts('self');
    const handle = await connectDatabase({ dataDir: 'memory://' });
    try {
      expect(listeningTcpPorts('self')).toEqual(before);
      const socketDir = new URL(handle.connectionString).searchParams.get('host') ?? '';
      expect(socketDir.startsWith(tmpdir())).toBe(true);
      expect(statSync(socketDir).mode & 0o777).toBe(0o700);
      expect((await handle.pool.query<{ x: number }>('select 1 as x')).rows).toEqual([{ x: 1 }]);
    } finally {
      await handle.close();
    }
    expect(existsSync(new URL(handle.connectionString).searchParams.get('host') ?? '')).toBe(false);
  }, 60_000);

  it('closes the database cleanly when SIGTERM arrives during start-up', async () => {
    // A new folder: creating the database makes start-up long enough to signal it midway.
    const dataDir = freshDataDir();
    const server = spawnApiProcess('starting', serverEnv(dataDir));
    // The lock is taken as the database opens: from then on the process holds the folder.
    await expect.poll(() => existsSync(lockPath(dataDir)), { timeout: 30_000, interval: 20 }).toBe(true);
    server.child.kill('SIGTERM');
    expect(await server.exited, server.output()).toEqual({ code: 0, signal: null });
    expect(existsSync(lockPath(dataDir))).toBe(false);
    expect(closedCleanly(dataDir)).toBe(true);
  }, 120_000);

  it('loses no acknowledged booking to a SIGKILL during writes; the next start takes the stale lock over', async () => {
    const dataDir = migratedDataDir();
    const { organizer, joiners } = await withFolder(dataDir, async ({ db }) => {
      const users: TestUser[] = [];
      for (let i = 0; i < 24; i += 1) users.push(await createUser(db));
      return { organizer: await createUser(db), joiners: users };
    });

    const first = await start('first', dataDir);
    const organizerCookie = await login(first, organizer);
    const rideIds: number[] = [];
    for (let i = 0; i < 6; i += 1) rideIds.push(await createRide(first, organizerCookie, 10));
    const cookies = new Map<number, string>();
    for (const user of joiners) cookies.set(user.id, await login(first, user));

    // 144 distinct (user, ride) joins for 54 free seats, eight at a time; the process is killed
    // after its 15th acknowledged join, with the others still in flight.
    const work = joiners.flatMap((user) => rideIds.map((rideId) => ({ userId: user.id, rideId })));
    type Outcome = { rideId: number; userId: number; status: number | 'network-error' };
    const outcomes: Outcome[] = [];
    let next = 0;
    let acknowledged = 0;
    const worker = async () => {
      while (next < work.length) {
        const item = work[next];
        next += 1;
        if (!item) break;
        try {
          const res = await joinRide(first, cookies.get(item.userId) ?? '', item.rideId);
          outcomes.push({ ...item, status: res.status });
          if (res.status === 201) {
            acknowledged += 1;
            if (acknowledged === 15) first.child.kill('SIGKILL');
          }
        } catch {
          outcomes.push({ ...item, status: 'network-error' });
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(outcomes.some((o) => o.status === 'network-error')).toBe(true);
    const unexpected = outcomes.filter((o) => o.status !== 201 && o.status !== 409 && o.status !== 'network-error');
    expect(unexpected).toEqual([]);
    // Killed: it left its lock behind.
    expect(lockHolder(dataDir)).toBe(first.child.pid);

    // A new server takes the dead process's lock over and serves the same data.
    const second = await start('second', dataDir);
    expect(lockHolder(dataDir)).toBe(second.child.pid);
    expect((await call(second, 'GET', `/api/rides/${String(rideIds[0])}`)).status).toBe(200);
    second.child.kill('SIGTERM');
    expect(await second.exited).toEqual({ code: 0, signal: null });

    await withFolder(dataDir, async ({ db }) => {
      const rows = await db
        .selectFrom('ridePassengers')
        .select(['rideId', 'userId'])
        .where('rideId', 'in', rideIds)
        .execute();
      const stored = new Set(rows.map((r) => `${String(r.rideId)}:${String(r.userId)}`));
      const acknowledgedJoins = outcomes.filter((o) => o.status === 201);
      expect(acknowledgedJoins.length).toBeGreaterThanOrEqual(15);
      expect(acknowledgedJoins.filter((o) => !stored.has(`${String(o.rideId)}:${String(o.userId)}`))).toEqual([]);
      // Nothing half-done: every ride's seat count matches its entries, within its maximum.
      for (const rideId of rideIds) {
        const seats = await rideSeats(db, rideId);
        expect(seats.recorded).toBe(seats.seats);
        expect(seats.seats).toBeLessThanOrEqual(seats.max);
      }
    });
  }, 180_000);
});
