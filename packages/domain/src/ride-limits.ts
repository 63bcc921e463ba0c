/**
 * How many rides and weekly series a member may start (docs/series.md#rate-limit): every ride of a
 * series counts against a daily cap on rides created, and a member runs at most two live series, so
 * one account cannot fill the rides list (and every matching alert owner's inbox) in seconds.
 */
import { DomainError, RateLimitedError } from './errors';
import { waitInMinutes } from './sign-in-protection';

/** Rides a member may create in 24 hours, a series' rides included (RATE_LIMIT_RIDES_PER_DAY). */
export const DEFAULT_RIDES_PER_DAY = 40;
/** The window of the daily ride count. */
export const RIDES_PER_DAY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Weekly series a member may have running at once (a series runs while a ride of it is ahead and not cancelled). */
export const MAX_LIVE_SERIES = 2;

/**
 * Refuses a ride past the daily cap (429 with Retry-After), naming the cap and the wait.
 *
 * @example assertWithinDailyRides({ count: 41, limit: 40, retryAfterMs: 60_000 })
 *   // throws 'You have created 40 rides in the last 24 hours, the most a member may (a weekly series counts each of its rides). Please try again in 1 minute.'
 */
export function assertWithinDailyRides(counted: { count: number; limit: number; retryAfterMs: number }): void {
  if (counted.count <= counted.limit) return;
  throw new RateLimitedError(
    `You have created ${String(counted.limit)} rides in the last 24 hours, the most a member may ` +
      `(a weekly series counts each of its rides). Please try again in ${waitInMinutes(counted.retryAfterMs)}.`,
    Math.max(1, Math.ceil(counted.retryAfterMs / 1000)),
  );
}

/**
 * Refuses a new series while the member already runs {@link MAX_LIVE_SERIES} (409 SERIES_LIMIT_REACHED).
 *
 * @example assertCanStartSeries(2) // throws 'You already have 2 weekly series running, the most a member may. …'
 */
export function assertCanStartSeries(liveSeries: number): void {
  if (liveSeries < MAX_LIVE_SERIES) return;
  throw new DomainError(
    'SERIES_LIMIT_REACHED',
    `You already have ${String(MAX_LIVE_SERIES)} weekly series running, the most a member may. ` +
      'Cancel one, or wait until its last ride has left, before starting another.',
  );
}
