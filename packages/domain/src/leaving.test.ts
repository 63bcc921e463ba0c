import { describe, expect, it } from 'vitest';

import { isDomainError, RateLimitedError } from './errors';
import { assertLeaveAllowed, assertRejoinAllowed, LEAVE_WINDOW_MS, MAX_LEAVES_PER_DAY } from './leaving';

const leftAt = new Date('2026-11-21T07:00:00.000Z');
const MINUTE = 60_000;

describe('assertRejoinAllowed', () => {
  it('lets a member who never left join', () => {
    expect(() => assertRejoinAllowed(null, leftAt)).not.toThrow();
  });

  it('refuses within the hour, naming when (Singapore time)', () => {
    const now = new Date(leftAt.getTime() + 30 * MINUTE);
    expect(() => assertRejoinAllowed(leftAt, now)).toThrow(
      'You left this ride at 3:00 pm. You can join it again from 4:00 pm.',
    );
    try {
      assertRejoinAllowed(leftAt, now);
    } catch (error) {
      expect(isDomainError(error) && error.code).toBe('REJOIN_TOO_SOON');
    }
  });

  it('lets them back at exactly an hour', () => {
    expect(() => assertRejoinAllowed(leftAt, new Date(leftAt.getTime() + 60 * MINUTE - 1))).toThrow();
    expect(() => assertRejoinAllowed(leftAt, new Date(leftAt.getTime() + 60 * MINUTE))).not.toThrow();
  });
});

describe('assertLeaveAllowed', () => {
  const now = new Date('2026-11-21T12:00:00.000Z');
  const leaves = (n: number) => Array.from({ length: n }, (_, i) => new Date(now.getTime() - (10 - i) * 60 * MINUTE));

  it('allows up to six leaves a day', () => {
    expect(() => assertLeaveAllowed(leaves(MAX_LEAVES_PER_DAY - 1), now)).not.toThrow();
  });

  it('refuses the seventh with the reason and the wait until the oldest drops out', () => {
    const six = leaves(MAX_LEAVES_PER_DAY);
    let caught: unknown;
    try {
      assertLeaveAllowed(six, now);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(RateLimitedError);
    const refusal = caught as RateLimitedError;
    expect(refusal.message).toMatch(/^You have left 6 rides in the last 24 hours/);
    const oldest = six[0] as Date;
    expect(refusal.retryAfterSeconds).toBe((oldest.getTime() + LEAVE_WINDOW_MS - now.getTime()) / 1000);
    expect(refusal.message).toContain('in 840 minutes');
  });
});
