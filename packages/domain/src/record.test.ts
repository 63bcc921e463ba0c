import { describe, expect, it } from 'vitest';

import type { DomainError } from './errors';
import {
  assertCanRate,
  isLateNotice,
  isNewMember,
  isRatingOpen,
  type MemberRecord,
  rateableSubjects,
  ratingClosesAt,
  travelledOn,
} from './record';

const DEPARTURE = new Date('2026-12-02T02:00:00.000Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const PARTY = { creatorId: 1, vendorId: 9, riderIds: [1, 2, 3], noShowIds: [] as number[] };

describe('isLateNotice', () => {
  it('is late within 24 hours of departure and after it, not before', () => {
    expect(isLateNotice(new Date(DEPARTURE.getTime() - 24 * HOUR), DEPARTURE)).toBe(false);
    expect(isLateNotice(new Date(DEPARTURE.getTime() - 24 * HOUR + 1), DEPARTURE)).toBe(true);
    expect(isLateNotice(new Date(DEPARTURE.getTime() + HOUR), DEPARTURE)).toBe(true);
  });
});

describe('rateableSubjects', () => {
  it('lets every member of the party thumb the organiser and the vendor, and the organiser each rider', () => {
    expect(rateableSubjects(PARTY, 2)).toEqual([1, 9]);
    expect(rateableSubjects(PARTY, 9)).toEqual([1]);
    expect(rateableSubjects(PARTY, 1)).toEqual([9, 2, 3]);
    expect(rateableSubjects({ ...PARTY, vendorId: null }, 2)).toEqual([1]);
    expect(rateableSubjects(PARTY, 42)).toEqual([]);
  });

  it('gives a rider marked as not showing up nobody to thumb; the organiser still rates them', () => {
    const party = { ...PARTY, noShowIds: [3] };
    expect(rateableSubjects(party, 3)).toEqual([]);
    expect(rateableSubjects(party, 1)).toEqual([9, 2, 3]);
    expect(travelledOn(party, 3)).toBe(false);
    expect(travelledOn(party, 2)).toBe(true);
    expect(travelledOn(party, 9)).toBe(true);
  });
});

describe('assertCanRate', () => {
  const completedAt = new Date(DEPARTURE.getTime() + 3 * HOUR);
  const base: Parameters<typeof assertCanRate>[0] = {
    party: PARTY,
    raterId: 2,
    subjectId: 1,
    status: 'completed',
    completedAt,
    now: completedAt,
  };
  const codeOf = (overrides: Partial<Parameters<typeof assertCanRate>[0]>) => {
    try {
      assertCanRate({ ...base, ...overrides });
      return null;
    } catch (error) {
      return (error as DomainError).code;
    }
  };

  it('allows a thumb the rules allow, up to 14 days after completion', () => {
    expect(codeOf({})).toBeNull();
    expect(codeOf({ now: new Date(completedAt.getTime() + 14 * DAY) })).toBeNull();
  });

  it('refuses in order: outsider, oneself, subject outside, rider to rider, not completed, closed', () => {
    expect(codeOf({ raterId: 42 })).toBe('NOT_IN_PARTY');
    expect(codeOf({ subjectId: 2 })).toBe('CANNOT_RATE');
    expect(codeOf({ party: { ...PARTY, noShowIds: [2] }, subjectId: 9 })).toBe('CANNOT_RATE');
    expect(codeOf({ subjectId: 42 })).toBe('SUBJECT_NOT_IN_PARTY');
    expect(codeOf({ subjectId: 3 })).toBe('CANNOT_RATE');
    expect(codeOf({ status: 'assigned', completedAt: null })).toBe('RIDE_NOT_COMPLETED');
    expect(codeOf({ now: new Date(completedAt.getTime() + 14 * DAY + 1) })).toBe('RATING_CLOSED');
  });
});

describe('isRatingOpen and ratingClosesAt', () => {
  it('closes 14 days after completion', () => {
    expect(ratingClosesAt(DEPARTURE).toISOString()).toBe('2026-12-16T02:00:00.000Z');
    expect(isRatingOpen(DEPARTURE, new Date('2026-12-16T02:00:00.000Z'))).toBe(true);
    expect(isRatingOpen(DEPARTURE, new Date('2026-12-16T02:00:00.001Z'))).toBe(false);
  });
});

describe('isNewMember', () => {
  const empty: MemberRecord = {
    tripsCompleted: 0,
    asOrganizer: { completed: 0, cancelledLate: 0, removedLate: 0 },
    asRider: { completed: 0, noShows: 0, leftLate: 0 },
    asVendor: null,
    thumbs: { up: 0, down: 0 },
  };
  it('is a member with nothing on their record', () => {
    expect(isNewMember(empty)).toBe(true);
    expect(isNewMember({ ...empty, asRider: { completed: 0, noShows: 1, leftLate: 0 } })).toBe(false);
    expect(isNewMember({ ...empty, thumbs: { up: 0, down: 1 } })).toBe(false);
    expect(isNewMember({ ...empty, asOrganizer: { completed: 0, cancelledLate: 0, removedLate: 1 } })).toBe(false);
    expect(isNewMember({ ...empty, asVendor: { completed: 0, onTime: 0, late: 0 } })).toBe(true);
  });
});
