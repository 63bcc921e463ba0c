import type { Db } from '@rideshare/db';
import { sql } from 'kysely';

/** The window of every per-hour write limit. */
export const ACTION_LIMIT_WINDOW_MS = 60 * 60 * 1000;
/** The count of rides created per member in 24 hours (docs/series.md#rate-limit) keeps its rows a day. */
export const DAILY_RIDES_BUCKET = 'ridesPerDay';
const DAY_MS = 24 * ACTION_LIMIT_WINDOW_MS;

/**
 * Counts one call against a per-hour write limit for one key, in one atomic upsert: the row's lock
 * orders concurrent calls from any number of API instances, so each reads its own count. A window
 * that ended by `now` starts again at `now` with this call. `amount` counts a call as that many
 * (a weekly series' rides). Answers the call's place in its window and when the window started.
 */
export async function countAction(
  db: Db,
  call: { bucket: string; key: string; now: Date; windowMs: number; amount?: number },
): Promise<{ count: number; windowStart: Date }> {
  const ended = new Date(call.now.getTime() - call.windowMs);
  const amount = call.amount ?? 1;
  const row = await db
    .insertInto('actionLimits')
    .values({ bucket: call.bucket, key: call.key, windowStart: call.now, count: amount })
    .onConflict((oc) =>
      oc.columns(['bucket', 'key']).doUpdateSet({
        count: sql<number>`case when action_limits.window_start <= ${ended} then ${amount}::int else action_limits.count + ${amount}::int end`,
        windowStart: sql<Date>`case when action_limits.window_start <= ${ended} then excluded.window_start else action_limits.window_start end`,
      }),
    )
    .returning(['count', 'windowStart'])
    .executeTakeFirstOrThrow();
  return { count: row.count, windowStart: row.windowStart };
}

/** Drops the counts whose window had ended by `now` (they would start over anyway): a day for the daily ride count. */
export async function deleteEndedActionWindows(db: Db, now: Date): Promise<number> {
  const hourEnded = new Date(now.getTime() - ACTION_LIMIT_WINDOW_MS);
  const dayEnded = new Date(now.getTime() - DAY_MS);
  const result = await db
    .deleteFrom('actionLimits')
    .where((eb) =>
      eb.or([
        eb.and([eb('bucket', '<>', DAILY_RIDES_BUCKET), eb('windowStart', '<=', hourEnded)]),
        eb('windowStart', '<=', dayEnded),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
