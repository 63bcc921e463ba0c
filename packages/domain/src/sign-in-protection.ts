/**
 * How the server protects sign-in (docs/security.md#security): failed password and reset-code attempts
 * slow a guesser down with growing waits, and a session nobody uses ends by itself. Pure rules; the
 * API keeps the counters in Postgres and passes the current time in.
 */

/** What is remembered about one key (an address, or an account from one address). */
export interface AttemptCounter {
  /** Attempts counted and not forgiven (a successful sign-in forgives its own attempt). */
  failures: number;
  /** When the latest of them was counted. */
  lastFailureAt: Date;
}

export interface AttemptPolicy {
  /** Attempts allowed before the key has to wait. */
  maxFailures: number;
  /** The first wait; also how long a key must stay quiet after its wait before its count restarts. */
  windowMs: number;
  /** The longest wait, however many attempts followed. */
  maxWaitMs: number;
}

/**
 * How long a key must wait after its latest counted attempt: nothing below the limit, then one
 * window, doubling with every attempt made after a wait ended, up to `maxWaitMs`.
 *
 * @example attemptWaitMs({ failures: 6, lastFailureAt }, { maxFailures: 5, windowMs: 60_000, maxWaitMs: 600_000 }) // 120_000
 */
export function attemptWaitMs(counter: AttemptCounter, policy: AttemptPolicy): number {
  if (counter.failures < policy.maxFailures) return 0;
  const doublings = Math.min(counter.failures - policy.maxFailures, 40);
  return Math.min(policy.windowMs * 2 ** doublings, policy.maxWaitMs);
}

/** True when the key has been quiet for a window after its wait ended: its count starts again. */
function isStale(counter: AttemptCounter, now: Date, policy: AttemptPolicy): boolean {
  return counter.lastFailureAt.getTime() + attemptWaitMs(counter, policy) + policy.windowMs <= now.getTime();
}

export type AttemptVerdict = { allowed: true; counter: AttemptCounter } | { allowed: false; retryAfterMs: number };

/**
 * Decides whether one more attempt may be checked for a key. The attempt is counted *before* the
 * password is checked (the caller stores `counter`), so attempts made at the same moment cannot all
 * pass a limit they each read before any was counted. A refused attempt is not counted, so waiting
 * out the wait is always enough.
 *
 * @example takeAttempt(null, now, policy) // { allowed: true, counter: { failures: 1, lastFailureAt: now } }
 */
export function takeAttempt(counter: AttemptCounter | null, now: Date, policy: AttemptPolicy): AttemptVerdict {
  const current = counter && !isStale(counter, now, policy) ? counter : { failures: 0, lastFailureAt: now };
  const waitEnds = current.lastFailureAt.getTime() + attemptWaitMs(current, policy);
  if (current.failures >= policy.maxFailures && waitEnds > now.getTime()) {
    return { allowed: false, retryAfterMs: waitEnds - now.getTime() };
  }
  return { allowed: true, counter: { failures: current.failures + 1, lastFailureAt: now } };
}

export interface KeyedAttempt<K extends string = string> {
  key: K;
  counter: AttemptCounter | null;
  policy: AttemptPolicy;
}

/**
 * One attempt against several keys at once (the account from this address, and the address): it
 * may go ahead only if every key allows it, and then it counts against every key; otherwise it
 * counts against none and the longest wait is reported.
 *
 * @example takeAttempts([{ key: 'ip:1.2.3.4', counter: null, policy }], now) // allowed, 1 failure
 */
export function takeAttempts<K extends string>(
  attempts: readonly KeyedAttempt<K>[],
  now: Date,
): { allowed: true; counters: { key: K; counter: AttemptCounter }[] } | { allowed: false; retryAfterMs: number } {
  const counters: { key: K; counter: AttemptCounter }[] = [];
  let retryAfterMs = 0;
  for (const attempt of attempts) {
    const verdict = takeAttempt(attempt.counter, now, attempt.policy);
    if (verdict.allowed) counters.push({ key: attempt.key, counter: verdict.counter });
    else retryAfterMs = Math.max(retryAfterMs, verdict.retryAfterMs);
  }
  return retryAfterMs > 0 ? { allowed: false, retryAfterMs } : { allowed: true, counters };
}

/**
 * A wait in words, in whole minutes (rounded up, at least one).
 *
 * @example waitInMinutes(61_000) // '2 minutes'
 */
export function waitInMinutes(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `${String(minutes)} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * The message for a refused sign-in attempt.
 *
 * @example tooManyAttemptsMessage(61_000) // 'Too many failed login attempts. Please try again in 2 minutes.'
 */
export function tooManyAttemptsMessage(retryAfterMs: number): string {
  return `Too many failed login attempts. Please try again in ${waitInMinutes(retryAfterMs)}.`;
}

/**
 * The message for a write refused by its rate limit (too many rides created, joins, …).
 *
 * @example tooManyRequestsMessage(3_600_000) // 'Too many requests. Please try again in 60 minutes.'
 */
export function tooManyRequestsMessage(retryAfterMs: number): string {
  return `Too many requests. Please try again in ${waitInMinutes(retryAfterMs)}.`;
}

export interface SessionIdlePolicy {
  /** A member's session ends after this long unused. */
  idleMs: number;
  /** The administrator's, after this long (shorter: admin tools reset other people's passwords). */
  adminIdleMs: number;
}

/** How often a session's last use is written down; finer than this is not worth a write per request. */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

/**
 * Whether a session last used at `lastSeenAt` has ended by being left unused, besides its absolute
 * lifetime (which the session store enforces).
 *
 * @example isSessionIdle(new Date('2026-11-01'), new Date('2026-11-09'), false, { idleMs: 7 * 86_400_000, adminIdleMs: 12 * 3_600_000 }) // true
 */
export function isSessionIdle(lastSeenAt: Date, now: Date, isAdmin: boolean, policy: SessionIdlePolicy): boolean {
  const limit = isAdmin ? policy.adminIdleMs : policy.idleMs;
  return now.getTime() - lastSeenAt.getTime() >= limit;
}

/**
 * Whether this use of a session should be written down as its last use.
 *
 * @example sessionNeedsTouch(new Date('2026-11-01T00:00:00Z'), new Date('2026-11-01T00:05:00Z')) // true
 */
export function sessionNeedsTouch(lastSeenAt: Date, now: Date): boolean {
  return now.getTime() - lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS;
}
