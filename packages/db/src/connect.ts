import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';

import type { PGlite } from '@electric-sql/pglite';
import type { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { CamelCasePlugin, Kysely, PostgresDialect, type LogEvent } from 'kysely';
import pg from 'pg';

import { keepDataDirPrivate, lockDataDir, type DataDirLock } from './data-dir-lock';
import { listenEmbedded, listenOnServer, PoolNotificationRouter, type Listener, type ListenOptions } from './listen';
import type { Database } from './schema';

// Postgres `bigint` (int8) and `numeric` come back as strings by default; counts we read are
// small, so parse int8 as a number. Dates stay Date objects.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number.parseInt(value, 10));

export interface DbConfig {
  /** A Postgres server URL. When absent the embedded engine is used. */
  databaseUrl?: string | undefined;
  /** Folder of the embedded database, or 'memory://' for a throwaway one. */
  dataDir?: string | undefined;
  /** Pool size per process (Postgres server only: the embedded engine always uses one connection). */
  poolSize?: number | undefined;
  /**
   * The embedded engine's page cache (Postgres `shared_buffers`) in MB; default
   * EMBEDDED_SHARED_BUFFERS_MB. It lives in WebAssembly memory, which never shrinks.
   */
  embeddedSharedBuffersMb?: number | undefined;
  /** Called for every executed query (used by benchmarks and tests to count statements). */
  onQuery?: ((event: LogEvent) => void) | undefined;
}

export interface DbHandle {
  db: Kysely<Database>;
  pool: pg.Pool;
  kind: 'server' | 'embedded';
  /** Connection string that reaches this database (the embedded engine's Unix socket too). */
  connectionString: string;
  /**
   * LISTENs on a channel outside the pool (see listen.ts): one dedicated connection on the server
   * engine, reconnecting with backoff; PGlite's own session on the embedded one. Closed by `close()`.
   */
  listen: (channel: string, options: ListenOptions) => Listener;
  /**
   * The embedded engine's WebAssembly memory in bytes (its whole heap: shared buffers, per-query
   * memory, caches); null on the Postgres server. It only grows while the process lives.
   */
  engineMemoryBytes: () => number | null;
  close: () => Promise<void>;
}

/**
 * The port number in the embedded socket's file name (`.s.PGSQL.<port>`, the name `pg` and libpq
 * look for in a socket folder). Nothing listens on a network port.
 */
export const EMBEDDED_SOCKET_PORT = 5432;

/** The embedded engine's default page cache in MB (docs/benchmarks.md, Memory). */
export const EMBEDDED_SHARED_BUFFERS_MB = 16;

/**
 * Postgres settings of the embedded engine beyond PGlite's own start parameters, sized for one
 * process's memory rather than a database server's: PGlite's defaults are a server's (128 MB of
 * shared buffers, 64 MB per maintenance operation) and every page of them that is ever touched stays
 * resident, since WebAssembly memory only grows. One session, so no parallel workers either way.
 */
function embeddedStartParams(sharedBuffersMb: number): string[] {
  const settings = [
    `shared_buffers=${String(sharedBuffersMb)}MB`,
    'maintenance_work_mem=16MB',
    'temp_buffers=2MB',
    'wal_buffers=1MB',
  ];
  return settings.flatMap((setting) => ['-c', setting]);
}

/**
 * The size of PGlite's WebAssembly memory. PGlite keeps its Emscripten module (which holds the
 * memory) in a protected field and offers no public accessor; null if that ever changes shape.
 */
function wasmMemoryBytes(pglite: PGlite): number | null {
  const mod = (pglite as unknown as { mod?: { wasmMemory?: { buffer: ArrayBuffer } } }).mod;
  return mod?.wasmMemory?.buffer.byteLength ?? null;
}

/**
 * Compiles WebAssembly with V8's baseline compiler (Liftoff) only, before PGlite compiles its 9 MB
 * module. By default V8 recompiles the hot functions with its optimising compiler as they run; for
 * Postgres that keeps tens of MB of compiler memory and code resident and makes start-up slower,
 * while the app's queries take the same CPU time either way (docs/benchmarks.md#memory). Node only
 * takes this V8 flag on the command line or here (NODE_OPTIONS refuses it); it affects only
 * modules compiled afterwards, and this process compiles no other WebAssembly of its own.
 */
function useBaselineWasmCompiler(): void {
  setFlagsFromString('--liftoff-only');
}

/** Linux and macOS refuse Unix socket paths longer than this (`sun_path` holds 104–108 bytes). */
const MAX_SOCKET_PATH = 103;

/**
 * Where the embedded engine's socket goes: in the private (0700) data folder, so only the account
 * that runs the app can connect; for `memory://`, or a folder whose path is too long for a socket,
 * in a fresh private temporary folder (removed on close).
 */
function embeddedSocketDir(dataDir: string | null): { dir: string; temporary: boolean } {
  const socketName = `.s.PGSQL.${String(EMBEDDED_SOCKET_PORT)}`;
  if (dataDir && join(dataDir, socketName).length <= MAX_SOCKET_PATH) return { dir: dataDir, temporary: false };
  // mkdtemp creates the folder with mode 0700.
  return { dir: mkdtempSync(join(tmpdir(), 'rideshare-pglite-')), temporary: true };
}

/** The connection string of a socket folder, in the form both `pg` and libpq (psql) read. */
function socketConnectionString(dir: string): string {
  return `postgresql:///postgres?host=${encodeURIComponent(dir)}&port=${String(EMBEDDED_SOCKET_PORT)}&user=postgres`;
}

/**
 * Opens the database. With a URL it talks to that Postgres server. Without one it starts PGlite
 * (Postgres compiled to WebAssembly) in-process, persisted in `dataDir`, and exposes it on a Unix
 * socket in the private data folder (see embeddedSocketDir), never on a network port (PGlite has no
 * passwords: on a TCP port any local account could read everything), so the very same `pg` driver
 * and code path serve both cases. The socket server
 * multiplexes connections and keeps a transaction's statements together, so transactions from
 * different pool clients are serialised, which is correct for a single process.
 *
 * A data folder is locked for as long as it is open (see data-dir-lock.ts): a second process
 * opening it gets a DataDirLockedError naming the holder. `close()` releases the lock.
 */
export async function connectDatabase(config: DbConfig): Promise<DbHandle> {
  let embedded:
    | {
        server: PGLiteSocketServer;
        pglite: PGlite;
        lock: DataDirLock | null;
        socketDir: { dir: string; temporary: boolean };
        stopTightening: () => void;
      }
    | undefined;
  let connectionString: string;
  if (config.databaseUrl) {
    connectionString = config.databaseUrl;
  } else {
    const dataDir = config.dataDir ?? './data';
    const lock = dataDir.startsWith('memory://') ? null : lockDataDir(dataDir);
    let pglite: PGlite | undefined;
    let socketDir: { dir: string; temporary: boolean } | undefined;
    try {
      useBaselineWasmCompiler();
      // Loaded only for the embedded engine: a process on a Postgres server never needs it, and
      // importing it costs ~12 MB of memory and start-up time there (bench: docs/benchmarks.md).
      const [{ PGlite }, { PGLiteSocketServer }, { pg_trgm }, { unaccent }] = await Promise.all([
        import('@electric-sql/pglite'),
        import('@electric-sql/pglite-socket'),
        // The ride list's search (docs/product.md#search): trigram indexes and accent folding.
        import('@electric-sql/pglite/contrib/pg_trgm'),
        import('@electric-sql/pglite/contrib/unaccent'),
      ]);
      pglite = await PGlite.create(lock ? lock.dir : dataDir, {
        startParams: [
          ...PGlite.defaultStartParams,
          ...embeddedStartParams(config.embeddedSharedBuffersMb ?? EMBEDDED_SHARED_BUFFERS_MB),
        ],
        extensions: { pg_trgm, unaccent },
      });
      socketDir = embeddedSocketDir(lock ? lock.dir : null);
      const path = join(socketDir.dir, `.s.PGSQL.${String(EMBEDDED_SOCKET_PORT)}`);
      // A socket file left by a process that died without closing: the folder's lock is ours now.
      if (!socketDir.temporary) rmSync(path, { force: true });
      const server = new PGLiteSocketServer({ db: pglite, path, maxConnections: 64 });
      await server.start();
      connectionString = socketConnectionString(socketDir.dir);
      // The engine sets its files' modes itself (0644 for some): they are made 0600 again while open.
      const stopTightening = lock ? keepDataDirPrivate(lock.dir) : () => undefined;
      embedded = { server, pglite, lock, socketDir, stopTightening };
    } catch (error) {
      await pglite?.close().catch(() => undefined);
      if (socketDir?.temporary) rmSync(socketDir.dir, { recursive: true, force: true });
      lock?.release();
      throw error;
    }
  }

  const pool = new pg.Pool({
    connectionString,
    // PGlite is one Postgres session. Its socket server keeps a transaction's statements together,
    // but outside a transaction it interleaves the protocol messages of different connections
    // (Parse/Bind/Execute of one client between another's), which clobbers the unnamed portal. One
    // connection serialises everything, which is what a single embedded session can do anyway.
    max: embedded ? 1 : (config.poolSize ?? 10),
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection (database restart, network cut) must not crash the
  // process; the pool discards it and the next checkout reconnects.
  pool.on('error', () => undefined);
  // A client that is checked out when its connection drops emits 'error' too, after failing its
  // query; the pool listens only while the client is idle, and an unheard 'error' would crash the
  // process. The failed query already reports the problem and the pool discards the client on
  // release, so the event itself needs no handling.
  const notifications = embedded ? new PoolNotificationRouter() : null;
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    notifications?.attach(client);
  });

  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
    log: config.onQuery
      ? (event) => {
          config.onQuery?.(event);
        }
      : undefined,
  });

  let closed = false;
  const listeners = new Set<Listener>();
  return {
    db,
    pool,
    kind: embedded ? 'embedded' : 'server',
    connectionString,
    engineMemoryBytes: () => (embedded ? wasmMemoryBytes(embedded.pglite) : null),
    listen: (channel, options) => {
      if (closed) throw new Error('The database handle is closed');
      const listener =
        embedded && notifications
          ? listenEmbedded(embedded.pglite, notifications, channel, options)
          : listenOnServer(connectionString, channel, options);
      listeners.add(listener);
      return {
        ready: listener.ready,
        get listening() {
          return listener.listening;
        },
        get backendPid() {
          return listener.backendPid;
        },
        close: async () => {
          listeners.delete(listener);
          await listener.close();
        },
      };
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await Promise.all([...listeners].map((listener) => listener.close()));
      listeners.clear();
      await db.destroy();
      if (embedded) {
        await embedded.server.stop();
        await embedded.pglite.close();
        embedded.stopTightening();
        if (embedded.socketDir.temporary) rmSync(embedded.socketDir.dir, { recursive: true, force: true });
        embedded.lock?.release();
      }
    },
  };
}
