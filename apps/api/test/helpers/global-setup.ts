/**
 * Integration tests run against a real Postgres: the server named by TEST_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres) when TEST_DB_MODE is 'server', or the embedded
 * engine (PGlite) when it is 'embedded'. Default: the server if one answers, else embedded.
 * For the server we migrate one template database here; every test file then clones it (fast)
 * so files can run in parallel without sharing rows.
 */
import { connectDatabase, migrateToLatest } from '@rideshare/db';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

async function serverAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL ?? DEFAULT_URL;
  let mode = process.env.TEST_DB_MODE;
  if (mode !== 'server' && mode !== 'embedded') {
    mode = (await serverAnswers(adminUrl)) ? 'server' : 'embedded';
  }
  project.provide('dbMode', mode);
  if (mode === 'embedded') {
    project.provide('templateUrl', '');
    project.provide('adminUrl', '');
    return;
  }
  if (!(await serverAnswers(adminUrl))) {
    throw new Error(`TEST_DB_MODE=server but no Postgres answers at ${adminUrl}`);
  }
  const template = `rideshare_tpl_${String(process.pid)}_${String(Date.now())}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${template}"`);
  const handle = await connectDatabase({ databaseUrl: withDatabase(adminUrl, template) });
  await migrateToLatest(handle.db);
  await handle.close();
  project.provide('templateUrl', withDatabase(adminUrl, template));
  project.provide('adminUrl', adminUrl);
  project.provide('templateName', template);

  return async () => {
    await admin.query(`drop database if exists "${template}" with (force)`);
    await admin.end();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    dbMode: string;
    templateUrl: string;
    adminUrl: string;
    templateName: string;
  }
}
