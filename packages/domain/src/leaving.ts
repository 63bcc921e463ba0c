/**
 * Leaving a ride and coming back (docs/product.md#leaving): a member who leaves a ride waits an hour
 * before joining it again, and leaves at most six rides a day, so joining to read a ride's party and
 * leaving again cannot be repeated across every open ride.
 */
import { DomainError, RateLimitedError } from './errors';
import { waitInMinutes } from './sign-in-protection';
import { formatRideTime } from './time';

/** How long after leaving a ride a member may join it again. */
export const REJOIN_COOLDOWN_MS = 60 * 60 * 1000;
/** How many rides a member may leave in {@link LEAVE_WINDOW_MS}. */
export const MAX_LEAVES_PER_DAY = 6;
/** The window of the leave count: the last 24 hours. */
export const LEAVE_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Refuses a join within an hour of leaving the same ride (409 REJOIN_TOO_SOON), naming when the
 * member may join again (Singapore time). `leftAt` is the member's last leave of this ride, or null.
 *
 * @example assertRejoinAllowed(new Date('2026-11-21T07:00:00Z'), new Date('2026-11-21T07:30:00Z'))
 *   // throws 'You left this ride at 3:00 pm. You can join it again from 4:00 pm.'
 */
export function assertRejoinAllowed(leftAt: Date | null, now: Date): void {
  if (!leftAt) return;
  const again = new Date(leftAt.getTime() + REJOIN_COOLDOWN_MS);
  if (now.getTime() >= again.getTime()) return;
  throw new DomainError(
    'REJOIN_TOO_SOON',
    `You left this ride at ${formatRideTime(leftAt)}. You can join it again from ${formatRideTime(again)}.`,
  );
}

/**
 * Refuses a seventh leave within 24 hours (429 with Retry-After). `recentLeaves` are the member's
 * leaves inside the window, oldest first; the wait lasts until the oldest drops out of it.
 *
 * @example assertLeaveAllowed([], new Date()) // passes
 */
export function assertLeaveAllowed(recentLeaves: readonly Date[], now: Date): void {
  if (recentLeaves.length < MAX_LEAVES_PER_DAY) return;
  const oldest = recentLeaves[recentLeaves.length - MAX_LEAVES_PER_DAY] ?? now;
  const waitMs = Math.max(1000, oldest.getTime() + LEAVE_WINDOW_MS - now.getTime());
  throw new RateLimitedError(
    `You have left ${String(MAX_LEAVES_PER_DAY)} rides in the last 24 hours, the most a member may. ` +
      `You can leave another ride in ${waitInMinutes(waitMs)}; the organizer can take you off sooner.`,
    Math.ceil(waitMs / 1000),
  );
}
