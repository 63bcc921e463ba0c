// The stop-price migration keeps every existing ride's total: rows stored before it get the spec's
// SGD 5 a stop, and the column refuses prices outside 0..100 like the input schemas do.
import { migrations } from '@rideshare/db';
import { totalCost } from '@rideshare/domain';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { createUser } from '../factories';
import { useTestDatabase } from '../helpers/db';

const MIGRATION = '2026_11_23_0002_rides_stop_price';

const t = useTestDatabase({ reset: false });

describe(MIGRATION, () => {
  it('gives rides stored before it SGD 5 a stop, so their totals stay the same', async () => {
    const migration = migrations[MIGRATION];
    if (!migration?.down) throw new Error(`${MIGRATION} has no down step`);
    const alice = await createUser(t.db, { name: 'Alice' });
    // The schema as it was before: no stop_price column.
    await migration.down(t.db);
    await sql`insert into rides (creator_id, direction, date, max_passengers, pickup_location, dropoff_locations, cost, additional_stops)
              values (${alice.id}, 'FC->SG', now() + interval '3 days', 4, 'Forest City', '[]', 75, 2)`.execute(t.db);
    await migration.up(t.db);

    const row = await t.db
      .selectFrom('rides')
      .select(['cost', 'additionalStops', 'stopPrice'])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ cost: 75, additionalStops: 2, stopPrice: 5 });
    // 75 + 2 × 5, exactly what the spec's formula gave before the column existed.
    expect(totalCost(row)).toBe(85);
  });

  it.each([
    [-1, false],
    [0, true],
    [100, true],
    [101, false],
  ])('stop_price %i is stored: %s', async (stopPrice, stored) => {
    const alice = await createUser(t.db);
    const insert = t.db
      .insertInto('rides')
      .values({
        creatorId: alice.id,
        direction: 'FC->SG',
        date: new Date('2099-01-01T00:00:00Z'),
        maxPassengers: 4,
        pickupLocation: 'Forest City',
        dropoffLocations: '[]',
        stopPrice,
      })
      .returning('stopPrice')
      .executeTakeFirstOrThrow();
    if (stored) await expect(insert).resolves.toEqual({ stopPrice });
    else await expect(insert).rejects.toThrow(/rides_stop_price_check/);
  });
});
