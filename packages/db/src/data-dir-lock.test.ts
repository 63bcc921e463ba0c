import { spawn, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  DataDirLockedError,
  lockDataDir,
  LOCK_FILE_NAME,
  LOCK_OWNER_FILE_NAME,
  processIsAlive,
  type DataDirLock,
  type LockOwner,
} from './data-dir-lock';

const folders: string[] = [];
const locks: DataDirLock[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  vi.useRealTimers();
  for (const lock of locks.splice(0)) lock.release();
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'rideshare-lock-'));
  folders.push(dir);
  return join(dir, 'data');
}

function take(dir: string, options?: Parameters<typeof lockDataDir>[1]): DataDirLock {
  const lock = lockDataDir(dir, options);
  locks.push(lock);
  return lock;
}

function pidNamespace(): string | null {
  try {
    return readlinkSync('/proc/self/ns/pid');
  } catch {
    return null;
  }
}

/** A lock as another process would have left it: the lock directory and the owner file beside it. */
function writeLock(dir: string, owner: Partial<LockOwner> & { pid: number }): string {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const path = join(dir, LOCK_FILE_NAME);
  mkdirSync(path);
  writeFileSync(
    join(dir, LOCK_OWNER_FILE_NAME),
    JSON.stringify({
      host: hostname(),
      pidNamespace: pidNamespace(),
      processStart: null,
      since: '2026-11-23T10:00:00.000Z',
      command: 'dist/server.js',
      token: 'someone-else',
      ...owner,
    }),
  );
  return path;
}

function holder(dir: string): LockOwner {
  return JSON.parse(readFileSync(join(dir, LOCK_OWNER_FILE_NAME), 'utf8')) as LockOwner;
}

async function runningChild(): Promise<ChildProcess & { pid: number }> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  children.push(child);
  await new Promise((resolve) => child.once('spawn', resolve));
  if (child.pid === undefined) throw new Error('no child');
  return child as ChildProcess & { pid: number };
}

async function goneChild(): Promise<number> {
  const child = await runningChild();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
  return child.pid;
}

describe('lockDataDir', () => {
  it('creates the folder private (0700) and writes who holds it; release removes both', () => {
    const dir = dataDir();
    const lock = take(dir);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(lock.dir).toBe(dir);
    expect(statSync(lock.path).isDirectory()).toBe(true);
    expect(holder(dir)).toMatchObject({ pid: process.pid, host: hostname() });
    expect(statSync(lock.ownerPath).mode & 0o777).toBe(0o600);
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
    expect(existsSync(lock.ownerPath)).toBe(false);
    // Free again.
    take(dir);
  });

  it('makes an existing folder private', () => {
    const dir = dataDir();
    mkdirSync(dir, { mode: 0o755 });
    take(dir);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  it('refuses a second opener in the same process', () => {
    const dir = dataDir();
    take(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/in use by this process already/);
  });

  it('refuses while the holder runs, naming it; takes over once it is gone', async () => {
    const dir = dataDir();
    const child = await runningChild();
    writeLock(dir, { pid: child.pid });
    let refusal: unknown;
    try {
      lockDataDir(dir);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DataDirLockedError);
    expect((refusal as Error).message).toBe(
      `The embedded database in ${dir} is in use by process ${String(child.pid)} on ${hostname()}, dist/server.js, ` +
        'since 2026-11-23T10:00:00.000Z. Only one process may open it at a time: stop that process first ' +
        '(stop the server before db:migrate or db:seed), or use a Postgres server (DATABASE_URL).',
    );
    expect(holder(dir).pid).toBe(child.pid);

    // SIGKILL: no chance to remove its lock.
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    take(dir);
    expect(holder(dir).pid).toBe(process.pid);
  });

  it('takes over a lock whose pid now belongs to another process (start time differs)', async () => {
    const dir = dataDir();
    const child = await runningChild();
    writeLock(dir, { pid: child.pid, processStart: '1' });
    take(dir);
    expect(holder(dir).pid).toBe(process.pid);
  });

  it('takes over a lock naming its own pid that it does not hold (a restarted container)', () => {
    const dir = dataDir();
    writeLock(dir, { pid: process.pid });
    take(dir);
    expect(holder(dir).token).not.toBe('someone-else');
  });

  it('takes over a lock of a process that is gone', async () => {
    const dir = dataDir();
    writeLock(dir, { pid: await goneChild() });
    take(dir);
    expect(holder(dir).pid).toBe(process.pid);
  });

  it('refuses a holder on another host until it has been silent for staleAfterMs', () => {
    const dir = dataDir();
    const path = writeLock(dir, { pid: 1, host: 'other-host' });
    expect(() => lockDataDir(dir, { staleAfterMs: 60_000 })).toThrow(
      /in use by process 1 on other-host, .*another host or container; it counts as gone 60 s after its last sign of life/,
    );
    const twoMinutesAgo = new Date(Date.now() - 120_000);
    utimesSync(path, twoMinutesAgo, twoMinutesAgo);
    take(dir, { staleAfterMs: 60_000 });
    expect(holder(dir).host).toBe(hostname());
  });

  it('waits for a lock without a readable owner to age before taking it over', () => {
    const dir = dataDir();
    mkdirSync(dir, { mode: 0o700 });
    const path = join(dir, LOCK_FILE_NAME);
    mkdirSync(path);
    writeFileSync(join(dir, LOCK_OWNER_FILE_NAME), '');
    expect(() => lockDataDir(dir)).toThrow(/being written or unreadable/);
    const old = new Date(Date.now() - 120_000);
    utimesSync(path, old, old);
    take(dir);
    expect(holder(dir).pid).toBe(process.pid);
  });

  it('keeps its lock fresh while held', () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T10:00:00Z'), toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const dir = dataDir();
    const lock = take(dir, { heartbeatMs: 10_000 });
    vi.advanceTimersByTime(10_000);
    expect(statSync(lock.path).mtime.toISOString()).toBe('2026-11-23T10:00:10.000Z');
    vi.advanceTimersByTime(10_000);
    expect(statSync(lock.path).mtime.toISOString()).toBe('2026-11-23T10:00:20.000Z');
  });

  it('release leaves an owner file that is no longer its own', () => {
    const dir = dataDir();
    const lock = take(dir);
    writeFileSync(lock.ownerPath, JSON.stringify({ pid: 4242, host: 'h', token: 'a-newer-holder' }));
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
    expect(holder(dir).token).toBe('a-newer-holder');
  });
});

describe('processIsAlive', () => {
  it('is true for a running process and false once it has exited or when its start time differs', async () => {
    const child = await runningChild();
    expect(processIsAlive(child.pid, null)).toBe(true);
    expect(processIsAlive(child.pid, 'not-its-start')).toBe(existsSync('/proc') ? false : true);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    expect(processIsAlive(child.pid, null)).toBe(false);
  });
});
