/**
 * Where a data set lives while it is measured:
 * - server: a database `bench_<random>` created on the Postgres server for this one data set and
 *   dropped afterwards (also when the run fails);
 * - embedded: a DATA_DIR in a temporary folder, removed afterwards. PGlite allows one process at a
 *   time, so the harness opens it only while the server is stopped (to generate, then to check).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { connectDatabase, migrateToLatest, type DbHandle } from '@rideshare/db';
import { sql } from 'kysely';

import type { Engine } from './options';

export interface DataTarget {
  engine: Engine;
  /** What the server process gets: DATABASE_URL or DATA_DIR. */
  serverEnv: Record<string, string>;
  /** A handle from this process (embedded: only while the server is not running). */
  open(): Promise<DbHandle>;
  dispose(): Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** True when something accepts TCP connections at the admin URL's host and port. */
export function serverAnswers(adminUrl: string, timeoutMs = 1500): Promise<boolean> {
  const url = new URL(adminUrl);
  return new Promise((resolve) => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port || 5432) });
    socket.setTimeout(timeoutMs);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => {
      resolve(false);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

export async function postgresVersion(adminUrl: string): Promise<string> {
  const admin = await connectDatabase({ databaseUrl: adminUrl, poolSize: 1 });
  try {
    const { rows } = await sql<{ version: string }>`select current_setting('server_version') as version`.execute(
      admin.db,
    );
    return rows[0]?.version ?? 'unknown';
  } finally {
    await admin.close();
  }
}

/** A migrated, empty database of the given engine. */
export async function createDataTarget(engine: Engine, adminUrl: string): Promise<DataTarget> {
  if (engine === 'server') {
    const name = `bench_${randomBytes(6).toString('hex')}`;
    const admin = await connectDatabase({ databaseUrl: adminUrl, poolSize: 1 });
    try {
      await sql`create database ${sql.id(name)}`.execute(admin.db);
    } finally {
      await admin.close();
    }
    const databaseUrl = withDatabase(adminUrl, name);
    const first = await connectDatabase({ databaseUrl, poolSize: 4 });
    try {
      await migrateToLatest(first.db);
    } finally {
      await first.close();
    }
    let disposed = false;
    return {
      engine,
      serverEnv: { DATABASE_URL: databaseUrl },
      open: () => connectDatabase({ databaseUrl, poolSize: 4 }),
      dispose: async () => {
        if (disposed) return;
        disposed = true;
        const cleanup = await connectDatabase({ databaseUrl: adminUrl, poolSize: 1 });
        try {
          // WITH (FORCE) ends connections a crashed server may have left behind.
          await sql`drop database if exists ${sql.id(name)} with (force)`.execute(cleanup.db);
        } finally {
          await cleanup.close();
        }
      },
    };
  }

  const folder = mkdtempSync(join(tmpdir(), 'rideshare-bench-'));
  const dataDir = join(folder, 'data');
  const first = await connectDatabase({ dataDir });
  try {
    await migrateToLatest(first.db);
  } finally {
    await first.close();
  }
  return {
    engine,
    serverEnv: { DATA_DIR: dataDir },
    open: () => connectDatabase({ dataDir }),
    dispose: () => {
      rmSync(folder, { recursive: true, force: true });
      return Promise.resolve();
    },
  };
}
