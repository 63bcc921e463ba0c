/**
 * The payments sweep, run by a test at the clock it chooses: a read never locks a price, only the
 * sweep and writes do (docs/payments.md#price-lock).
 */
import type { Database } from '@rideshare/db';
import { DEFAULT_PRICE_LOCK_HOURS } from '@rideshare/domain';
import type { Kysely } from 'kysely';

import { sweepPayments } from '../../src/services/payment-lock-service';

const quiet = { error: () => undefined };

/** Settles every ride whose price is due to lock at `now` (the real clock unless given); answers how many locked. */
export function lockDuePrices(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  return sweepPayments(db, { now, lockHours: DEFAULT_PRICE_LOCK_HOURS }, quiet);
}
