import { randomBytes } from 'node:crypto';

import { connectDatabase, migrateToLatest, type Database, type DbConfig, type DbHandle } from '@rideshare/db';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';

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

export interface TestDatabaseOptions {
  poolSize?: number;
  /** Called for every executed statement (tests count statements per read with it). */
  onQuery?: DbConfig['onQuery'];
}

/**
 * Empties every table except the migration bookkeeping and app_state, and restarts every id
 * sequence at 1. DELETE with foreign-key triggers switched off for the transaction is an order of
 * magnitude faster than TRUNCATE (which creates and syncs new files for every table and index) and
 * covers tables added by later migrations without a list to keep up to date. The ride-list version
 * is bumped and announced (as the trigger does) so a long-lived app's cached list cannot survive
 * the reset.
 */
const RESET_SQL = `
do $$
declare r record; next_version bigint;
begin
  set local session_replication_role = replica;
  for r in select tablename from pg_tables
           where schemaname = 'public'
             and tablename not in ('app_state', 'kysely_migration', 'kysely_migration_lock') loop
    execute format('delete from %I', r.tablename);
  end loop;
  for r in select sequence_name from information_schema.sequences where sequence_schema = 'public' loop
    perform setval(format('%I', r.sequence_name)::regclass, 1, false);
  end loop;
  update app_state set rides_version = rides_version + 1 where id = 1 returning rides_version into next_version;
  perform pg_notify('rideshare_events', json_build_object('kind', 'rides.version', 'version', next_version)::text);
end
$$`;

/** A private, migrated database for one test file. */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
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
    handle = await connectDatabase({
      databaseUrl: withDatabase(adminUrl, name),
      poolSize: options.poolSize ?? 20,
      onQuery: options.onQuery,
    });
    drop = async () => {
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`drop database if exists "${name}" with (force)`);
      await a.end();
    };
  } else {
    handle = await connectDatabase({ dataDir: 'memory://', poolSize: options.poolSize, onQuery: options.onQuery });
    await migrateToLatest(handle.db);
  }
  return {
    ...handle,
    reset: async () => {
      await sql.raw(RESET_SQL).execute(handle.db);
    },
    destroy: async () => {
      await handle.close();
      await drop();
    },
  };
}

/** What `useTestDatabase` hands a test file: read it inside hooks and tests, once `beforeAll` ran. */
export interface DatabaseFixture {
  /** The file's database: reset, destroy, listen and the raw handle. */
  readonly tdb: TestDatabase;
  /** Its Kysely instance (`tdb.db`). */
  readonly db: Kysely<Database>;
}

export interface UseTestDatabaseOptions extends TestDatabaseOptions {
  /**
   * Empty every table before each test (default true). Pass false where the tests of a file build on
   * each other's rows or set them up once in a `beforeAll`.
   */
  reset?: boolean;
}

/** Fails clearly when a fixture is read before its `beforeAll` ran (at module level, say). */
export function ready<T>(value: T | undefined, what: string): T {
  if (value === undefined)
    throw new Error(`${what} is only there once beforeAll has run (read it inside a hook or test)`);
  return value;
}

/**
 * Gives the test file (or the describe block it is called in) its own migrated database: created in
 * `beforeAll`, destroyed in `afterAll`, and emptied before each test unless `reset: false`. Hooks the
 * caller registers after this call run after these (before hooks) or before them (after hooks), so a
 * file's own `beforeEach` sees empty tables and its `afterAll` runs while the database is still there.
 */
export function useTestDatabase(options: UseTestDatabaseOptions = {}): DatabaseFixture {
  const { reset = true, ...databaseOptions } = options;
  let tdb: TestDatabase | undefined;
  beforeAll(async () => {
    tdb = await createTestDatabase(databaseOptions);
  });
  afterAll(async () => {
    await tdb?.destroy();
  });
  if (reset) {
    beforeEach(async () => {
      await ready(tdb, 'the test database').reset();
    });
  }
  return {
    get tdb() {
      return ready(tdb, 'the test database');
    },
    get db() {
      return ready(tdb, 'the test database').db;
    },
  };
}
