import { describe, expect, it } from 'vitest';

import type { RideState } from './ride-state';
import { expectDomainError } from './test-helpers';
import {
  assertCanAccept,
  assertCanWait,
  chooseOffers,
  heldSeats,
  isOfferLapsed,
  isOfferLive,
  OFFER_MINUTES,
  offerExpiresAt,
  waitlistPosition,
  withHeldSeats,
  type WaitlistEntry,
} from './waitlist';
import { joinWaitlistInput } from './schemas';

const NOW = new Date('2026-11-21T07:00:00.000Z');
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);
const ORGANISER = 1;
const MEMBER = 7;

function ride(overrides: Partial<RideState> = {}): RideState {
  return {
    creatorId: ORGANISER,
    date: '2026-11-22T01:00:00.000Z',
    maxPassengers: 4,
    currentPassengers: 4,
    status: 'open',
    ...overrides,
  };
}

function waiting(id: number, passengerCount: number, offerExpiresAt: Date | null = null): WaitlistEntry {
  return { id, userId: 100 + id, passengerCount, offerExpiresAt };
}

describe('offer expiry', () => {
  it(`lasts ${String(OFFER_MINUTES)} minutes`, () => {
    expect(offerExpiresAt(NOW).toISOString()).toBe('2026-11-21T07:30:00.000Z');
  });

  it.each([
    ['no offer', null, false, false],
    ['a minute before expiry', minutes(1), true, false],
    ['one millisecond before expiry', new Date(NOW.getTime() + 1), true, false],
    ['exactly at expiry', NOW, false, true],
    ['after expiry', minutes(-1), false, true],
  ])('%s: live %s, lapsed %s', (_label, expiry, live, lapsed) => {
    expect(isOfferLive({ offerExpiresAt: expiry }, NOW)).toBe(live);
    expect(isOfferLapsed({ offerExpiresAt: expiry }, NOW)).toBe(lapsed);
  });
});

describe('heldSeats', () => {
  const line = [waiting(1, 2, minutes(5)), waiting(2, 3, null), waiting(3, 1, minutes(-5)), waiting(4, 1, minutes(1))];

  it('counts only live offers', () => {
    expect(heldSeats(line, NOW)).toBe(3);
  });

  it("can leave one member's own offer out", () => {
    expect(heldSeats(line, NOW, { exceptUserId: 101 })).toBe(1);
  });

  it('adds the held seats to what a newcomer sees as taken', () => {
    expect(withHeldSeats(ride({ currentPassengers: 1 }), 2).currentPassengers).toBe(3);
  });
});

describe('chooseOffers', () => {
  const ids = (entries: WaitlistEntry[]) => entries.map((entry) => entry.id);

  it('offers nothing while no seat is free', () => {
    expect(chooseOffers(ride(), [waiting(1, 1)], NOW)).toEqual([]);
  });

  it('offers the head of the queue when its group fits, then the next while seats remain', () => {
    const line = [waiting(3, 1), waiting(1, 1), waiting(2, 1)];
    expect(ids(chooseOffers(ride({ currentPassengers: 2 }), line, NOW))).toEqual([1, 2]);
  });

  it('does not let a bigger group at the head block a smaller one behind it', () => {
    const line = [waiting(1, 3), waiting(2, 2), waiting(3, 1)];
    expect(ids(chooseOffers(ride({ currentPassengers: 2 }), line, NOW))).toEqual([2]);
  });

  it('counts the seats live offers hold, and makes no second offer to a group that has one', () => {
    const line = [waiting(1, 1, minutes(10)), waiting(2, 1), waiting(3, 1)];
    expect(ids(chooseOffers(ride({ currentPassengers: 2 }), line, NOW))).toEqual([2]);
  });

  it('passes a lapsed offer on: its group leaves the line and its seats go to the next', () => {
    const line = [waiting(1, 2, minutes(-1)), waiting(2, 2)];
    expect(ids(chooseOffers(ride({ currentPassengers: 2 }), line, NOW))).toEqual([2]);
  });

  it.each([
    ['cancelled', { status: 'cancelled' }],
    ['completed', { status: 'completed' }],
    ['past', { date: '2026-11-20T01:00:00.000Z' }],
  ])('a %s ride makes no offers', (_label, overrides) => {
    expect(chooseOffers(ride({ currentPassengers: 1, ...overrides }), [waiting(1, 1)], NOW)).toEqual([]);
  });

  it('treats an over-full ride (legacy data) as having no seats', () => {
    expect(chooseOffers(ride({ currentPassengers: 6 }), [waiting(1, 1)], NOW)).toEqual([]);
  });
});

describe('assertCanWait', () => {
  const member = { userId: MEMBER, isVendor: false, isPassenger: false, isWaiting: false, passengerCount: 2 };
  const check = (overrides: { ride?: Partial<RideState>; member?: Partial<typeof member>; held?: number } = {}) =>
    assertCanWait({
      ride: ride(overrides.ride),
      held: overrides.held ?? 0,
      member: { ...member, ...overrides.member },
      now: NOW,
    });

  it('lets a member wait when their group does not fit', () => {
    expect(() => check({ ride: { currentPassengers: 3 } })).not.toThrow();
  });

  it('counts held seats as taken: a group that fits only in held seats may wait', () => {
    expect(() => check({ ride: { currentPassengers: 1 }, held: 2 })).not.toThrow();
  });

  it.each([
    ['a cancelled ride', { ride: { status: 'cancelled' } }, 'RIDE_CANCELLED', 'This ride was cancelled'],
    ['a completed ride', { ride: { status: 'completed' } }, 'RIDE_NOT_OPEN', 'This ride is already completed'],
    ['a vendor', { member: { isVendor: true } }, 'NOT_ELIGIBLE', 'Vendors cannot join a waitlist'],
    [
      'the organiser',
      { member: { userId: ORGANISER } },
      'CREATOR_CANNOT_JOIN',
      'You cannot join the waitlist of your own ride',
    ],
    ['a passenger', { member: { isPassenger: true } }, 'ALREADY_JOINED', 'You have already joined this ride'],
    [
      'someone already waiting',
      { member: { isWaiting: true } },
      'ALREADY_WAITING',
      'You are already on the waitlist of this ride',
    ],
    ['a past ride', { ride: { date: '2026-11-20T01:00:00.000Z' } }, 'RIDE_PAST', 'This ride is in the past'],
    ['a group of 0', { member: { passengerCount: 0 } }, 'VALIDATION_FAILED', 'Must have at least 1 passenger'],
    [
      'a group larger than the ride',
      { member: { passengerCount: 5 } },
      'VALIDATION_FAILED',
      "Number of passengers cannot be more than the ride's 4 seats",
    ],
    [
      'a group that fits now',
      { ride: { currentPassengers: 2 } },
      'SEATS_AVAILABLE',
      'There are 2 seats free on this ride: join it instead',
    ],
    [
      'a single that fits the last seat',
      { ride: { currentPassengers: 3 }, member: { passengerCount: 1 } },
      'SEATS_AVAILABLE',
      'There is 1 seat free on this ride: join it instead',
    ],
  ] as const)('refuses %s', (_label, overrides, code, message) => {
    expectDomainError(() => check(overrides), code, message);
  });
});

describe('assertCanAccept', () => {
  const check = (entry: WaitlistEntry | null, overrides: Partial<RideState> = {}, heldByOthers = 0) =>
    assertCanAccept({ ride: ride({ currentPassengers: 2, ...overrides }), entry, heldByOthers, now: NOW });

  it('accepts a live offer that fits', () => {
    expect(() => check(waiting(1, 2, minutes(1)))).not.toThrow();
  });

  it.each([
    ['not waiting', null, {}, 0, 'NOT_WAITING', 'You are not on the waitlist of this ride'],
    [
      'no offer yet',
      waiting(1, 2),
      {},
      0,
      'NO_OFFER',
      'No seat is being held for you yet: you are still on the waitlist',
    ],
    [
      'a lapsed offer',
      waiting(1, 2, NOW),
      {},
      0,
      'OFFER_EXPIRED',
      'Your seat offer has lapsed and passed to the next person waiting',
    ],
    [
      'a cancelled ride',
      waiting(1, 2, minutes(1)),
      { status: 'cancelled' },
      0,
      'RIDE_CANCELLED',
      'This ride was cancelled',
    ],
    [
      'a past ride',
      waiting(1, 2, minutes(1)),
      { date: '2026-11-20T01:00:00.000Z' },
      0,
      'RIDE_PAST',
      'This ride is in the past',
    ],
    ['no room beside other offers', waiting(1, 2, minutes(1)), {}, 1, 'RIDE_FULL', 'Only 1 spots remaining'],
    ['no room at all', waiting(1, 2, minutes(1)), { currentPassengers: 4 }, 0, 'RIDE_FULL', 'Ride is full'],
  ] as const)('refuses %s', (_label, entry, overrides, heldByOthers, code, message) => {
    expectDomainError(() => check(entry, overrides, heldByOthers), code, message);
  });
});

describe('waitlistPosition', () => {
  it('counts from 1 in id order, leaving lapsed offers out', () => {
    const line = [waiting(9, 1), waiting(2, 1, minutes(-1)), waiting(5, 1, minutes(3))];
    expect(waitlistPosition(line, 5, NOW)).toBe(1);
    expect(waitlistPosition(line, 9, NOW)).toBe(2);
    expect(waitlistPosition(line, 2, NOW)).toBeNull();
  });
});

describe('joinWaitlistInput', () => {
  it("is the join's schema: same fields, same messages", () => {
    const result = joinWaitlistInput.safeParse({ rideId: 1, dropoffLocation: '  ', passengerCount: 2 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['dropoffLocation']);
  });
});
