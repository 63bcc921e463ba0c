import type { Db } from '@rideshare/db';
import { sql } from 'kysely';

/** The cheapest round trip that proves the database answers (readiness checks). */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
