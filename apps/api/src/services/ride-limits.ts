/**
 * The daily ride cap and the live-series cap (docs/series.md#rate-limit), counted in the writing
 * transaction so a refused or failed write takes its count back, and concurrent writes by one member
 * (from any number of API instances) are counted one after the other.
 */
import type { Database } from '@rideshare/db';
import { assertCanStartSeries, assertWithinDailyRides, RIDES_PER_DAY_WINDOW_MS } from '@rideshare/domain';
import type { Transaction } from 'kysely';

import { countAction, DAILY_RIDES_BUCKET } from '../repositories/action-limit-repository';
import { countLiveSeries } from '../repositories/series-repository';

/** Counts one ride created by `userId`; refuses it (429) past RATE_LIMIT_RIDES_PER_DAY. */
export async function countRideCreated(
  trx: Transaction<Database>,
  args: { userId: number; now: Date; limit: number },
): Promise<void> {
  const { count, windowStart } = await countAction(trx, {
    bucket: DAILY_RIDES_BUCKET,
    key: `user:${String(args.userId)}`,
    now: args.now,
    windowMs: RIDES_PER_DAY_WINDOW_MS,
  });
  const retryAfterMs = windowStart.getTime() + RIDES_PER_DAY_WINDOW_MS - args.now.getTime();
  assertWithinDailyRides({ count, limit: args.limit, retryAfterMs });
}

/** Refuses a new series (409) while the member already runs the most live series. */
export async function assertSeriesAllowed(trx: Transaction<Database>, creatorId: number, now: Date): Promise<void> {
  assertCanStartSeries(await countLiveSeries(trx, creatorId, now));
}
