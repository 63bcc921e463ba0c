import type { Db } from '@rideshare/db';
import { sql } from 'kysely';

/** The window of every per-hour write limit. */
export const ACTION_LIMIT_WINDOW_MS = 60 * 60 * 1000;

/**
 * Counts one call against a per-hour write limit for one key, in one atomic upsert: the row's lock
 * orders concurrent calls from any number of API instances, so each reads its own count. A window
 * that ended by `now` starts again at `now` with this call. Answers the call's place in its window
 * and when the window started.
 */
export async function countAction(
  db: Db,
  call: { bucket: string; key: string; now: Date; windowMs: number },
): Promise<{ count: number; windowStart: Date }> {
  const ended = new Date(call.now.getTime() - call.windowMs);
  const row = await db
    .insertInto('actionLimits')
    .values({ bucket: call.bucket, key: call.key, windowStart: call.now, count: 1 })
    .onConflict((oc) =>
      oc.columns(['bucket', 'key']).doUpdateSet({
        count: sql<number>`case when action_limits.window_start <= ${ended} then 1 else action_limits.count + 1 end`,
        windowStart: sql<Date>`case when action_limits.window_start <= ${ended} then excluded.window_start else action_limits.window_start end`,
      }),
    )
    .returning(['count', 'windowStart'])
    .executeTakeFirstOrThrow();
  return { count: row.count, windowStart: row.windowStart };
}

/** Drops the counts whose window had ended by `now` (they would start over anyway). */
export async function deleteEndedActionWindows(db: Db, now: Date): Promise<number> {
  const ended = new Date(now.getTime() - ACTION_LIMIT_WINDOW_MS);
  const result = await db.deleteFrom('actionLimits').where('windowStart', '<=', ended).executeTakeFirst();
  return Number(result.numDeletedRows);
}
