/**
 * Applies every pending migration to the configured database: the Postgres server in DATABASE_URL,
 * or the embedded one in DATA_DIR (default ./data). Safe to run repeatedly; it only moves forward.
 *
 *   pnpm --filter @rideshare/api db:migrate
 *   DATABASE_URL=postgres://… pnpm --filter @rideshare/api db:migrate
 *
 * The embedded database can be opened by one process at a time: stop the server first (its folder
 * is locked while the server runs, and this script says so).
 * Exit codes: 0 done, 1 a migration failed, 2 bad configuration, 3 the embedded database is in use.
 */
import { migrateToLatest } from '@rideshare/db';

import {
  EXIT,
  isEntryPoint,
  loadScriptEnv,
  processIo,
  runCli,
  withScriptDatabase,
  type ScriptEnv,
  type ScriptIo,
} from './lib/cli';

export async function main(_args: string[], env: ScriptEnv, io: ScriptIo = processIo): Promise<number> {
  const config = loadScriptEnv(env, io);
  if (!config) return EXIT.USAGE;
  const target = config.DATABASE_URL
    ? 'the Postgres server in DATABASE_URL'
    : `the embedded database in ${config.DATA_DIR}`;
  return withScriptDatabase(config, io, 2, async (db) => {
    const result = await migrateToLatest(db);
    const applied = (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
    io.out(
      applied.length > 0
        ? `Applied ${String(applied.length)} migration(s) to ${target}:\n${applied.map((name) => `  ${name}\n`).join('')}`
        : `${target} is already up to date.\n`,
    );
    return EXIT.OK;
  });
}

if (isEntryPoint(import.meta.url)) runCli(main);
