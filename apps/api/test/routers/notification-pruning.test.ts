/**
 * The periodic sweep keeps inboxes and the per-hour write counts bounded: read notifications
 * written more than 90 days ago go, every inbox keeps only its newest 500, and counts whose hour
 * has ended are dropped. The sweep runs at an injected `now`.
 */
import { beforeEach, describe, expect, it } from 'vitest';

import { runSweepJob, sweepJobs } from '../../src/services/sweep';
import { createUser, type TestUser } from '../factories';
import { useTestDatabase } from '../helpers/db';

const t = useTestDatabase();

const NOW = new Date('2027-03-01T00:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);
const noLog = { error: () => undefined };

async function inbox(user: TestUser, rows: { createdAt: Date; readAt: Date | null }[]): Promise<void> {
  await t.db
    .insertInto('notifications')
    .values(
      rows.map((row) => ({
        userId: user.id,
        kind: 'ride_edited' as const,
        rideId: null,
        rideDirection: 'SG->FC' as const,
        rideDate: NOW,
        detail: null,
        ...row,
      })),
    )
    .execute();
}

let ann: TestUser;
let ben: TestUser;

beforeEach(async () => {
  ann = await createUser(t.db, { discordUsername: 'ann' });
  ben = await createUser(t.db, { discordUsername: 'ben' });
});

describe('the sweep prunes notifications', () => {
  it('drops read notifications older than 90 days, keeping unread and recent ones', async () => {
    await inbox(ann, [
      { createdAt: daysAgo(120), readAt: daysAgo(100) },
      { createdAt: daysAgo(91), readAt: daysAgo(1) },
      { createdAt: daysAgo(200), readAt: null },
      { createdAt: daysAgo(89), readAt: daysAgo(88) },
    ]);
    expect((await runSweepJob(t.db, sweepJobs().pruning, NOW, noLog)).ran).toBe(true);
    const left = await t.db.selectFrom('notifications').select(['createdAt', 'readAt']).orderBy('id').execute();
    expect(left).toEqual([
      { createdAt: daysAgo(200), readAt: null },
      { createdAt: daysAgo(89), readAt: daysAgo(88) },
    ]);
  });

  it('keeps each inbox to 500, making room from the oldest read ones, and leaves smaller inboxes alone', async () => {
    await inbox(
      ann,
      Array.from({ length: 503 }, (_, i) => ({ createdAt: daysAgo(10), readAt: i % 2 === 0 ? null : daysAgo(1) })),
    );
    await inbox(ben, [{ createdAt: daysAgo(10), readAt: null }]);
    const annIds = (
      await t.db.selectFrom('notifications').select('id').where('userId', '=', ann.id).orderBy('id', 'desc').execute()
    ).map((row) => row.id);

    await runSweepJob(t.db, sweepJobs().pruning, NOW, noLog);

    const kept = await t.db
      .selectFrom('notifications')
      .select('id')
      .where('userId', '=', ann.id)
      .orderBy('id', 'desc')
      .execute();
    // Inserted oldest first, unread at even places: the three oldest read ones go, no unread one.
    const gone = [1, 3, 5].map((place) => annIds[annIds.length - 1 - place]);
    expect(kept.map((row) => row.id)).toEqual(annIds.filter((id) => !gone.includes(id)));
    expect(await t.db.selectFrom('notifications').select('id').where('userId', '=', ben.id).execute()).toHaveLength(1);
  });
});

describe('the sweep drops ended write-limit windows', () => {
  it('removes counts whose hour has passed and keeps the running ones', async () => {
    await t.db
      .insertInto('actionLimits')
      .values([
        { bucket: 'rideEdit', key: 'user:1', windowStart: new Date(NOW.getTime() - 61 * 60_000), count: 60 },
        { bucket: 'rideEdit', key: 'user:2', windowStart: new Date(NOW.getTime() - 59 * 60_000), count: 3 },
      ])
      .execute();
    await runSweepJob(t.db, sweepJobs().pruning, NOW, noLog);
    const left = await t.db.selectFrom('actionLimits').select('key').execute();
    expect(left).toEqual([{ key: 'user:2' }]);
  });
});
