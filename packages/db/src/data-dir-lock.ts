/**
 * One process at a time on an embedded data folder. PGlite takes no lock of its own (it writes a
 * postmaster.pid it never reads), so a server and a `db:migrate` or `db:seed` on the same folder
 * would both write its files and corrupt it. The opener creates `rideshare.lock` in the folder
 * (O_EXCL), naming its process; a second opener is refused with a message saying who holds it.
 *
 * A lock left behind by a process that died without closing (SIGKILL, power cut) must not block
 * forever, so a lock counts as stale and is taken over when:
 * - its process is on this machine, in this process namespace, and is gone: no such pid, a zombie,
 *   or a different process now using that pid (its start time differs);
 * - its process cannot be checked from here (another host or container sharing the folder) and it
 *   has not refreshed the lock for `staleAfterMs` (holders touch the file every `heartbeatMs`).
 *
 * The folder is made private (mode 0700): PGlite creates its files world-writable.
 */
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  existsSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  readlinkSync,
  renameSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';

export const LOCK_FILE_NAME = 'rideshare.lock';

/** Who holds a lock, as written in the lock file. */
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
  /** Random, so a holder only ever removes its own lock. */
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
  /** The lock file's path. */
  readonly path: string;
  /** Removes the lock (only if it is still this holder's) and stops the heartbeat. */
  release(): void;
}

export interface LockOptions {
  /** How often the holder touches the lock file (default 10 s). */
  heartbeatMs?: number;
  /** A lock whose holder cannot be checked from here is stale after this long untouched (default 60 s). */
  staleAfterMs?: number;
  /** For tests: the identity this process writes and compares against. */
  self?: Pick<LockOwner, 'pid' | 'host' | 'pidNamespace' | 'processStart'>;
  /** For tests: whether a pid of this machine's namespace is a live process started at `start`. */
  isAlive?: (pid: number, start: string | null) => boolean;
}

/** Lock files this process holds (a second open of one folder in one process is refused too). */
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

/**
 * Takes the lock on `dataDir` (creating the folder, mode 0700), or throws DataDirLockedError naming
 * the holder. Synchronous: it runs once, before the engine opens the folder.
 */
export function lockDataDir(dataDir: string, options: LockOptions = {}): DataDirLock {
  const dir = resolve(dataDir);
  const heartbeatMs = options.heartbeatMs ?? 10_000;
  const staleAfterMs = options.staleAfterMs ?? 60_000;
  const self = options.self ?? currentIdentity();
  const isAlive = options.isAlive ?? processIsAlive;
  const path = join(dir, LOCK_FILE_NAME);

  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // An existing folder is tightened too, when it is ours to change.
  const mode = statSync(dir).mode & 0o777;
  if (mode !== 0o700) {
    try {
      chmodSync(dir, 0o700);
    } catch {
      // Owned by someone else (a mounted volume): leave it, the lock still works.
    }
  }

  if (held.has(path)) throw new DataDirLockedError(dir, null, 'by this process already');

  const owner: LockOwner = {
    ...self,
    since: new Date().toISOString(),
    command: process.argv
      .slice(1, 3)
      .map((arg) => arg.split('/').slice(-2).join('/'))
      .join(' '),
    token: randomBytes(12).toString('hex'),
  };
  const content = `${JSON.stringify(owner)}\n`;

  /** Whether the lock in `text` (modified at `mtimeMs`) may be taken over, or why not. */
  const staleness = (text: string | null, mtimeMs: number): { stale: true } | { stale: false; detail: string } => {
    const other = parseOwner(text);
    if (!other) {
      // Being written right now, or damaged: wait for it to age.
      return Date.now() - mtimeMs > staleAfterMs
        ? { stale: true }
        : { stale: false, detail: `(its lock file ${path} is being written or unreadable)` };
    }
    const checkable = other.host === self.host && other.pidNamespace === self.pidNamespace;
    if (checkable) {
      // Our own pid in a lock we do not hold: left by an earlier process that had the same pid
      // (containers restart their main process as the same pid).
      if (other.pid === self.pid) return { stale: true };
      return isAlive(other.pid, other.processStart) ? { stale: false, detail: whoHolds(other) } : { stale: true };
    }
    const idleMs = Date.now() - mtimeMs;
    return idleMs > staleAfterMs
      ? { stale: true }
      : {
          stale: false,
          detail:
            `${whoHolds(other)} (another host or container; it counts as gone ${String(Math.round(staleAfterMs / 1000))} s ` +
            `after its last sign of life, ${String(Math.round(idleMs / 1000))} s ago, or delete ${path} once it is stopped)`,
        };
  };

  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      try {
        writeSync(fd, content);
      } finally {
        closeSync(fd);
      }
      held.add(path);
      const heartbeat = setInterval(() => {
        try {
          const now = new Date();
          utimesSync(path, now, now);
        } catch {
          // The folder went away; nothing to keep alive.
        }
      }, heartbeatMs);
      heartbeat.unref();
      return {
        dir,
        path,
        release: () => {
          clearInterval(heartbeat);
          if (!held.delete(path)) return;
          if (parseOwner(readOrNull(path))?.token === owner.token) unlinkSync(path);
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let text: string | null;
    let mtimeMs: number;
    try {
      text = readFileSync(path, 'utf8');
      mtimeMs = statSync(path).mtimeMs;
    } catch {
      continue; // Released meanwhile: try again.
    }
    const verdict = staleness(text, mtimeMs);
    if (!verdict.stale) throw new DataDirLockedError(dir, parseOwner(text), verdict.detail);
    // Take the stale lock over: move it aside, and make sure what was moved is the stale one (a
    // process that took it over first must keep its fresh lock).
    const aside = `${path}.stale-${String(self.pid)}-${randomBytes(4).toString('hex')}`;
    try {
      renameSync(path, aside);
    } catch {
      continue;
    }
    if (readOrNull(aside) !== text) {
      try {
        linkSync(aside, path);
      } catch {
        // Someone else holds it now; the next attempt reports them.
      }
    }
    if (existsSync(aside)) unlinkSync(aside);
  }
  throw new DataDirLockedError(dir, parseOwner(readOrNull(path)), '(other processes keep taking its lock)');
}
