import { Migrator, type Kysely, type MigrationResultSet } from 'kysely';

import { migrations } from '../migrations/index';

/** Applies every pending migration; throws with the failing migration's name on error. */
export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    db: db as Kysely<any>,
    provider: { getMigrations: () => Promise.resolve(migrations) },
  });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    const name = failed ? failed.migrationName : 'unknown';
    throw new Error(
      `Migration ${name} failed: ${result.error instanceof Error ? result.error.message : JSON.stringify(result.error)}`,
      { cause: result.error },
    );
  }
  return result;
}
