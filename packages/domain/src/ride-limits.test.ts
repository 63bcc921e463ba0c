import { describe, expect, it } from 'vitest';

import { RateLimitedError } from './errors';
import { assertCanStartSeries, assertWithinDailyRides, MAX_LIVE_SERIES } from './ride-limits';

describe('assertWithinDailyRides', () => {
  it('allows up to the cap and refuses past it with the wait', () => {
    expect(() => assertWithinDailyRides({ count: 40, limit: 40, retryAfterMs: 0 })).not.toThrow();
    let caught: unknown;
    try {
      assertWithinDailyRides({ count: 41, limit: 40, retryAfterMs: 90 * 60_000 });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(RateLimitedError);
    expect((caught as RateLimitedError).retryAfterSeconds).toBe(5400);
    expect((caught as Error).message).toBe(
      'You have created 40 rides in the last 24 hours, the most a member may (a weekly series counts each of its rides). Please try again in 90 minutes.',
    );
  });
});

describe('assertCanStartSeries', () => {
  it('allows a first and second series, refuses a third naming the limit', () => {
    expect(() => assertCanStartSeries(0)).not.toThrow();
    expect(() => assertCanStartSeries(MAX_LIVE_SERIES - 1)).not.toThrow();
    expect(() => assertCanStartSeries(MAX_LIVE_SERIES)).toThrow(/You already have 2 weekly series running/);
  });
});
