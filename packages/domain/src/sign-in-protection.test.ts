import { describe, expect, it } from 'vitest';

import {
  attemptWaitMs,
  isSessionIdle,
  sessionNeedsTouch,
  takeAttempt,
  takeAttempts,
  tooManyAttemptsMessage,
  tooManyRequestsMessage,
  type AttemptCounter,
  type AttemptPolicy,
} from './sign-in-protection';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const NOW = new Date('2026-12-01T08:00:00.000Z');
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);
const policy: AttemptPolicy = { maxFailures: 3, windowMs: 15 * MINUTE, maxWaitMs: 2 * HOUR };

/** Runs `n` attempts one after another at `when`, returning the counter and the verdicts' allowed flags. */
function attempts(start: AttemptCounter | null, n: number, when: Date) {
  let counter = start;
  const allowed: boolean[] = [];
  for (let i = 0; i < n; i += 1) {
    const verdict = takeAttempt(counter, when, policy);
    allowed.push(verdict.allowed);
    if (verdict.allowed) counter = verdict.counter;
  }
  return { counter, allowed };
}

describe('takeAttempt', () => {
  it('counts each attempt before it is checked and lets exactly the limit through', () => {
    const { counter, allowed } = attempts(null, 10, NOW);
    expect(allowed).toEqual([true, true, true, false, false, false, false, false, false, false]);
    // Refused attempts are not counted: waiting is always enough.
    expect(counter).toEqual({ failures: 3, lastFailureAt: NOW });
  });

  it('says how long to wait: one window after the attempt that reached the limit', () => {
    const counter = { failures: 3, lastFailureAt: NOW };
    expect(takeAttempt(counter, at(MINUTE), policy)).toEqual({ allowed: false, retryAfterMs: 14 * MINUTE });
    expect(takeAttempt(counter, at(15 * MINUTE - 1), policy)).toEqual({ allowed: false, retryAfterMs: 1 });
    expect(takeAttempt(counter, at(15 * MINUTE), policy)).toEqual({
      allowed: true,
      counter: { failures: 4, lastFailureAt: at(15 * MINUTE) },
    });
  });

  it('doubles the wait with every attempt made after a wait, up to the longest wait', () => {
    const waits: number[] = [];
    let counter: AttemptCounter = { failures: 3, lastFailureAt: NOW };
    for (let i = 0; i < 6; i += 1) {
      const wait = attemptWaitMs(counter, policy);
      waits.push(wait);
      const after = new Date(counter.lastFailureAt.getTime() + wait);
      const verdict = takeAttempt(counter, after, policy);
      if (!verdict.allowed) throw new Error('expected the attempt after the wait to be allowed');
      counter = verdict.counter;
    }
    expect(waits.map((w) => w / MINUTE)).toEqual([15, 30, 60, 120, 120, 120]);
  });

  it('starts again from zero once the key stayed quiet for a window after its wait', () => {
    const blocked = { failures: 4, lastFailureAt: NOW }; // waits 30 minutes
    expect(takeAttempt(blocked, at(30 * MINUTE + 15 * MINUTE - 1), policy)).toMatchObject({
      allowed: true,
      counter: { failures: 5 },
    });
    expect(takeAttempt(blocked, at(30 * MINUTE + 15 * MINUTE), policy)).toMatchObject({
      allowed: true,
      counter: { failures: 1 },
    });
    const below = { failures: 2, lastFailureAt: NOW };
    expect(takeAttempt(below, at(15 * MINUTE), policy)).toMatchObject({ counter: { failures: 1 } });
    expect(takeAttempt(below, at(15 * MINUTE - 1), policy)).toMatchObject({ counter: { failures: 3 } });
  });
});

describe('takeAttempts', () => {
  const strict: AttemptPolicy = { ...policy, maxFailures: 1 };

  it('counts against every key when all allow it', () => {
    expect(
      takeAttempts(
        [
          { key: 'a', counter: null, policy },
          { key: 'b', counter: { failures: 1, lastFailureAt: at(-MINUTE) }, policy },
        ],
        NOW,
      ),
    ).toEqual({
      allowed: true,
      counters: [
        { key: 'a', counter: { failures: 1, lastFailureAt: NOW } },
        { key: 'b', counter: { failures: 2, lastFailureAt: NOW } },
      ],
    });
  });

  it('refuses when any key refuses, with the longest wait, counting against none', () => {
    expect(
      takeAttempts(
        [
          { key: 'a', counter: { failures: 1, lastFailureAt: at(-MINUTE) }, policy: strict },
          { key: 'b', counter: { failures: 3, lastFailureAt: at(-2 * MINUTE) }, policy },
          { key: 'c', counter: null, policy },
        ],
        NOW,
      ),
    ).toEqual({ allowed: false, retryAfterMs: 14 * MINUTE });
  });
});

describe('tooManyAttemptsMessage', () => {
  it.each([
    [15 * MINUTE, 'Too many failed login attempts. Please try again in 15 minutes.'],
    [MINUTE + 1, 'Too many failed login attempts. Please try again in 2 minutes.'],
    [1, 'Too many failed login attempts. Please try again in 1 minute.'],
  ])('rounds %i ms up to whole minutes', (ms, message) => {
    expect(tooManyAttemptsMessage(ms)).toBe(message);
  });

  it('words a write refused by its rate limit the same way', () => {
    expect(tooManyRequestsMessage(59 * MINUTE)).toBe('Too many requests. Please try again in 59 minutes.');
  });
});

describe('session idle timeout', () => {
  const idle = { idleMs: 7 * 24 * HOUR, adminIdleMs: 12 * HOUR };

  it.each([
    [false, 7 * 24 * HOUR - 1, false],
    [false, 7 * 24 * HOUR, true],
    [false, 13 * HOUR, false],
    [true, 12 * HOUR - 1, false],
    [true, 12 * HOUR, true],
  ])('admin=%s, unused for %i ms → idle %s', (isAdmin, unusedMs, expected) => {
    expect(isSessionIdle(at(-unusedMs), NOW, isAdmin, idle)).toBe(expected);
  });

  it('writes the last use down at most once a minute', () => {
    expect(sessionNeedsTouch(at(-59_999), NOW)).toBe(false);
    expect(sessionNeedsTouch(at(-60_000), NOW)).toBe(true);
  });
});
