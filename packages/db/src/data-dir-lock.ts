/**
 * One process at a time on an embedded data folder. PGlite takes no lock of its own (it writes a
 * postmaster.pid it never reads), so a server and a `db:migrate` or `db:seed` on the same folder
 * would both write its files and corrupt it.
 *
 * The lock is proper-lockfile's: a directory `rideshare.lock` made atomically in the folder, whose
 * holder touches it every `heartbeatMs`; one left untouched for `staleAfterMs` (its holder died or
 * hangs, on this host or another sharing the folder) is taken over. Beside it the holder writes who
 * it is (`rideshare.lock-owner.json`), so a second opener is refused with a message naming the
 * process, and so a lock whose process is known to be gone is taken over at once instead of after
 * `staleAfterMs`: its process is on this machine, in this process namespace, and no longer runs (no
 * such pid, a zombie, or another process now using that pid: its start time differs).
 *
 * A holder whose lock was taken over anyway (it hung past `staleAfterMs`) stops: proper-lockfile
 * throws from its heartbeat, as two processes must never write one folder.
 *
 * The folder is made private (mode 0700): PGlite creates its files world-writable.
 */
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';

import lockfile from 'proper-lockfile';

/** The lock itself: a directory in the data folder while a process holds it. */
export const LOCK_FILE_NAME = 'rideshare.lock';
/** Who holds the lock, written by the holder beside it. */
export const LOCK_OWNER_FILE_NAME = 'rideshare.lock-owner.json';

/** Who holds a lock, as written in the owner file. */
export interface LockOwner {
  pid: number;
  host: string;
  /** Linux pid namespace (`/proc/self/ns/pid`): a pid only means something inside its namespace. */
  pidNamespace: string | null;
  /** The process's start time in clock ticks since boot (`/proc/<pid>/stat`), to tell pid reuse apart. */
  processStart: string | null;
  /** When the lock was taken (ISO). */
  since: string;
  /** The command line, for the message a second opener sees. */
  command: string;
  /** Random, so a holder only ever removes its own owner file. */
  token: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner | null,
    detail: string,
  ) {
    super(
      `The embedded database in ${dataDir} is in use ${detail}. Only one process may open it at a time: ` +
        `stop that process first (stop the server before db:migrate or db:seed), or use a Postgres server ` +
        `(DATABASE_URL).`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  /** The data folder (absolute). */
  readonly dir: string;
  /** The lock's path (a directory). */
  readonly path: string;
  /** The owner file's path. */
  readonly ownerPath: string;
  /** Removes the lock and its owner file (only if still this holder's) and stops the heartbeat. */
  release(): void;
}

export interface LockOptions {
  /** How often the holder touches the lock (default 10 s). */
  heartbeatMs?: number;
  /** A lock untouched for this long is stale and taken over (default 60 s). */
  staleAfterMs?: number;
  /** For tests: the identity this process writes and compares against. */
  self?: Pick<LockOwner, 'pid' | 'host' | 'pidNamespace' | 'processStart'>;
  /** For tests: whether a pid of this machine's namespace is a live process started at `start`. */
  isAlive?: (pid: number, start: string | null) => boolean;
}

/** Lock paths this process holds (a second open of one folder in one process is refused too). */
const held = new Set<string>();

function readOrNull(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** Field 22 of /proc/<pid>/stat (start time), and whether the process is a zombie; null without /proc. */
function procStat(pid: number | 'self'): { start: string; zombie: boolean } | null {
  const stat = readOrNull(`/proc/${String(pid)}/stat`);
  if (stat === null) return null;
  // "pid (comm) S ppid ...": comm may hold spaces and parentheses, so split after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { start: fields[19] ?? '', zombie: fields[0] === 'Z' || fields[0] === 'X' };
}

function currentIdentity(): Pick<LockOwner, 'pid' | 'host' | 'pidNamespace' | 'processStart'> {
  let pidNamespace: string | null = null;
  try {
    pidNamespace = readlinkSync('/proc/self/ns/pid');
  } catch {
    // Not Linux: pids are checked without a namespace.
  }
  return { pid: process.pid, host: hostname(), pidNamespace, processStart: procStat('self')?.start ?? null };
}

/** True when `pid` is a running process (not a zombie) and, where known, the one started at `start`. */
export function processIsAlive(pid: number, start: string | null): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const stat = procStat(pid);
  if (stat === null) return true;
  if (stat.zombie) return false;
  return start === null || stat.start === start;
}

function parseOwner(text: string | null): LockOwner | null {
  if (text === null) return null;
  try {
    const value = JSON.parse(text) as Partial<LockOwner>;
    if (typeof value.pid !== 'number' || typeof value.token !== 'string' || typeof value.host !== 'string') return null;
    return {
      pid: value.pid,
      host: value.host,
      pidNamespace: value.pidNamespace ?? null,
      processStart: value.processStart ?? null,
      since: value.since ?? '',
      command: value.command ?? '',
      token: value.token,
    };
  } catch {
    return null;
  }
}

function whoHolds(owner: LockOwner): string {
  const command = owner.command ? `, ${owner.command}` : '';
  const since = owner.since ? `, since ${owner.since}` : '';
  return `by process ${String(owner.pid)} on ${owner.host}${command}${since}`;
}

/** Sets `mode` on `path` unless it has it, when it is ours to change. */
function tighten(path: string, mode: number): void {
  if ((statSync(path).mode & 0o777) === mode) return;
  try {
    chmodSync(path, mode);
  } catch {
    // Owned by someone else (a mounted volume): leave it, the lock still works.
  }
}

/**
 * Files readable by others become 0600 and folders 0700, all the way down (links are left alone).
 */
function tightenContents(dir: string): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const entry = lstatSync(path);
    if (entry.isDirectory()) {
      tighten(path, 0o700);
      tightenContents(path);
    } else if (entry.isFile()) {
      tighten(path, 0o600);
    }
  }
}

/** How often an open data folder's new files are made private again. */
export const DATA_DIR_TIGHTEN_MS = 5_000;

/**
 * While the embedded engine has the folder open, its new files are made 0600 (folders 0700) at once
 * and every {@link DATA_DIR_TIGHTEN_MS}: the engine sets some files' modes itself (0644), whatever
 * the process's umask. Answers the function that stops it.
 */
export function keepDataDirPrivate(dir: string): () => void {
  const run = () => {
    try {
      tightenContents(dir);
    } catch {
      // A file removed while walking: the next round sees the folder as it is.
    }
  };
  run();
  const timer = setInterval(run, DATA_DIR_TIGHTEN_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** Makes the folder (mode 0700) with its files 0600, tightening an existing one when it is ours to change. */
function makePrivateFolder(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  tighten(dir, 0o700);
  tightenContents(dir);
}

const isLocked = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ELOCKED';

/**
 * Takes the lock on `dataDir` (creating the folder, mode 0700), or throws DataDirLockedError naming
 * the holder. Synchronous: it runs once, before the engine opens the folder.
 */
export function lockDataDir(dataDir: string, options: LockOptions = {}): DataDirLock {
  const dir = resolve(dataDir);
  const staleAfterMs = options.staleAfterMs ?? 60_000;
  const self = options.self ?? currentIdentity();
  const isAlive = options.isAlive ?? processIsAlive;
  const path = join(dir, LOCK_FILE_NAME);
  const ownerPath = join(dir, LOCK_OWNER_FILE_NAME);

  makePrivateFolder(dir);
  if (held.has(path)) throw new DataDirLockedError(dir, null, 'by this process already');

  const take = () =>
    lockfile.lockSync(ownerPath, {
      lockfilePath: path,
      realpath: false,
      stale: staleAfterMs,
      update: options.heartbeatMs ?? 10_000,
    });

  let unlock: () => void;
  try {
    unlock = take();
  } catch (error) {
    if (!isLocked(error)) throw error;
    const text = readOrNull(ownerPath);
    const other = parseOwner(text);
    // Being written right now, or damaged: it is taken over once it has aged like any lock.
    if (!other) throw new DataDirLockedError(dir, null, `(its lock ${path} is being written or unreadable)`);
    const checkable = other.host === self.host && other.pidNamespace === self.pidNamespace;
    if (!checkable) {
      const idleMs = Date.now() - statSync(path).mtimeMs;
      throw new DataDirLockedError(
        dir,
        other,
        `${whoHolds(other)} (another host or container; it counts as gone ${String(Math.round(staleAfterMs / 1000))} s ` +
          `after its last sign of life, ${String(Math.round(idleMs / 1000))} s ago, or delete ${path} once it is stopped)`,
      );
    }
    // Our own pid in a lock we do not hold: left by an earlier process that had the same pid
    // (containers restart their main process as the same pid).
    if (other.pid !== self.pid && isAlive(other.pid, other.processStart)) {
      throw new DataDirLockedError(dir, other, whoHolds(other));
    }
    // Its process is gone: age the lock so proper-lockfile takes it over now, unless another
    // opener got there first (the owner file changed meanwhile).
    if (readOrNull(ownerPath) !== text)
      throw new DataDirLockedError(dir, null, '(other processes are taking its lock)');
    utimesSync(path, new Date(0), new Date(0));
    try {
      unlock = take();
    } catch (retryError) {
      if (!isLocked(retryError)) throw retryError;
      throw new DataDirLockedError(dir, parseOwner(readOrNull(ownerPath)), '(other processes are taking its lock)');
    }
  }

  const owner: LockOwner = {
    ...self,
    since: new Date().toISOString(),
    command: process.argv
      .slice(1, 3)
      .map((arg) => arg.split('/').slice(-2).join('/'))
      .join(' '),
    token: randomBytes(12).toString('hex'),
  };
  writeFileSync(ownerPath, `${JSON.stringify(owner)}\n`, { mode: 0o600 });
  held.add(path);
  return {
    dir,
    path,
    ownerPath,
    release: () => {
      if (!held.delete(path)) return;
      try {
        unlock();
      } catch {
        // Already taken over (compromised) or removed: no lock of ours is left to remove.
      }
      if (parseOwner(readOrNull(ownerPath))?.token === owner.token) rmSync(ownerPath, { force: true });
    },
  };
}
