import { randomBytes } from 'node:crypto';

import { connectDatabase, migrateToLatest, type DbHandle } from '@rideshare/db';
import { sql } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';

export interface TestDatabase extends DbHandle {
  /** Empties every table (ids restart at 1) but keeps the schema. */
  reset: () => Promise<void>;
  /** Drops the per-file database (server mode) or closes the embedded one. */
  destroy: () => Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** A private, migrated database for one test file. */
export async function createTestDatabase(options: { poolSize?: number } = {}): Promise<TestDatabase> {
  const mode = inject('dbMode');
  let handle: DbHandle;
  let drop: () => Promise<void> = () => Promise.resolve();
  if (mode === 'server') {
    const adminUrl = inject('adminUrl');
    const name = `rideshare_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database "${name}" template "${inject('templateName')}"`);
    await admin.end();
    handle = await connectDatabase({ databaseUrl: withDatabase(adminUrl, name), poolSize: options.poolSize ?? 20 });
    drop = async () => {
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`drop database if exists "${name}" with (force)`);
      await a.end();
    };
  } else {
    handle = await connectDatabase({ dataDir: 'memory://', poolSize: options.poolSize });
    await migrateToLatest(handle.db);
  }
  return {
    ...handle,
    reset: async () => {
      await sql`truncate table ride_passengers, rides, password_reset_codes, login_failures, sessions, driver_contacts, users restart identity cascade`.execute(
        handle.db,
      );
    },
    destroy: async () => {
      await handle.close();
      await drop();
    },
  };
}
