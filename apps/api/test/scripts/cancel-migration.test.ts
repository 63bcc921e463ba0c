import { migrations } from '@rideshare/db';
import { Migrator, sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';

import { createRide, createUser } from '../factories';
import { useTestDatabase } from '../helpers/db';

const t = useTestDatabase({ reset: false });

function migrator<DB>(db: Kysely<DB>) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return new Migrator({ db: db as Kysely<any>, provider: { getMigrations: () => Promise.resolve(migrations) } });
}

/**
 * The columns this migration adds to rides (the connection's CamelCasePlugin renames column_name);
 * later migrations add others (cancelled_late) that are not its to check.
 */
async function rideColumns(): Promise<string[]> {
  const result = await sql<{ columnName: string }>`
    select column_name from information_schema.columns where table_name = 'rides' and column_name in ('cancel_reason', 'cancelled_at')
    order by column_name`.execute(t.db);
  return result.rows.map((row) => row.columnName);
}

describe('migration 2026_11_23_0004_cancel_rides', () => {
  it('goes down (cancelled rides back to open or assigned, columns dropped) and up again', async () => {
    const alice = await createUser(t.db);
    const ride = await createRide(t.db, alice, { status: 'cancelled', cancelReason: 'Gone' });
    expect(await rideColumns()).toEqual(['cancel_reason', 'cancelled_at']);

    const down = await migrator(t.db).migrateTo('2026_11_21_0002_index_sessions_user');
    expect(down.error).toBeUndefined();
    expect(await rideColumns()).toEqual([]);
    const row = await sql<{ status: string }>`select status from rides where id = ${ride.id}`.execute(t.db);
    expect(row.rows[0]?.status).toBe('open');
    // The old CHECK is back: 'cancelled' is refused again.
    await expect(sql`update rides set status = 'cancelled' where id = ${ride.id}`.execute(t.db)).rejects.toThrow(
      /rides_status_check/,
    );

    const up = await migrator(t.db).migrateToLatest();
    expect(up.error).toBeUndefined();
    expect(await rideColumns()).toEqual(['cancel_reason', 'cancelled_at']);
  });
});
