import { describe, expect, it } from 'vitest';
import {
  assertCanAssign,
  assertCanCancelRide,
  assertCanJoin,
  assertCanRemovePassenger,
  assertIsCreator,
  assertCanReorder,
  assertMaxPassengersCovers,
  cardBadge,
  isCancelled,
  isFull,
  isPast,
  joinEligibility,
  spotsRemaining,
  statusLabel,
} from './ride-state';
import type { RideState } from './ride-state';
import { expectDomainError } from './test-helpers';

const NOW = new Date('2026-11-21T07:00:00.000Z');
const LATER = '2026-11-22T01:00:00.000Z';
const EARLIER = '2026-11-20T01:00:00.000Z';
const ORGANISER = 1;
const OTHER = 2;

function ride(overrides: Partial<RideState> = {}): RideState {
  return { creatorId: ORGANISER, date: LATER, maxPassengers: 5, currentPassengers: 2, status: 'open', ...overrides };
}

describe('isPast', () => {
  it.each([
    ['a day before now', EARLIER, true],
    ['one millisecond before now', new Date(NOW.getTime() - 1), true],
    ['exactly at departure (not past yet)', new Date(NOW.getTime()), false],
    ['exactly at departure, as an ISO string', NOW.toISOString(), false],
    ['one millisecond after now', new Date(NOW.getTime() + 1), false],
    ['an unreadable date', 'not a date', false],
  ])('%s -> %s', (_label, date, expected) => {
    expect(isPast({ date }, NOW)).toBe(expected);
  });
});

describe('isFull / spotsRemaining', () => {
  it.each([
    ['empty ride', 0, 5, false, 5],
    ['one seat left', 4, 5, false, 1],
    ['exactly full', 5, 5, true, 0],
    ['overbooked legacy data', 6, 5, true, 0],
    ['zero seats', 0, 0, true, 0],
  ])('%s', (_label, currentPassengers, maxPassengers, full, remaining) => {
    expect(isFull({ currentPassengers, maxPassengers })).toBe(full);
    expect(spotsRemaining({ currentPassengers, maxPassengers })).toBe(remaining);
  });
});

describe('cardBadge', () => {
  it.each([
    [
      'cancelled beats everything',
      ride({ status: 'cancelled', date: EARLIER, currentPassengers: 5 }),
      ORGANISER,
      'Cancelled',
    ],
    ['cancelled, seen by someone else', ride({ status: 'cancelled' }), OTHER, 'Cancelled'],
    ['past beats full and your ride', ride({ date: EARLIER, currentPassengers: 5 }), ORGANISER, 'Past'],
    ['full beats your ride', ride({ currentPassengers: 5 }), ORGANISER, 'Full'],
    ['your ride', ride(), ORGANISER, 'Your Ride'],
    ['someone else', ride(), OTHER, 'Join'],
    ['logged out (null)', ride(), null, 'Join'],
    ['logged out (undefined)', ride(), undefined, 'Join'],
    ['departing right now is not past', ride({ date: NOW.toISOString() }), OTHER, 'Join'],
  ] as const)('%s -> %s', (_label, r, viewer, expected) => {
    expect(cardBadge(r, viewer, NOW)).toBe(expected);
  });
});

describe('statusLabel', () => {
  it.each([
    ['open', 'Open'],
    ['assigned', 'Driver Assigned'],
    ['completed', 'Completed'],
    ['cancelled', 'Cancelled'],
    ['withdrawn', 'Completed'],
    ['', 'Completed'],
    // A status from the wire is looked up safely, not as a property of the label table.
    ['toString', 'Completed'],
  ])('%s -> %s', (status, expected) => {
    expect(statusLabel(status)).toBe(expected);
  });
});

describe('joinEligibility', () => {
  it.each([
    ['logged out', ride(), null, false, 'UNAUTHENTICATED', 'You must be logged in to join a ride'],
    [
      'creator first, even on a full past ride',
      ride({ date: EARLIER, currentPassengers: 5 }),
      ORGANISER,
      true,
      'CREATOR_CANNOT_JOIN',
      'You cannot join your own ride',
    ],
    [
      'already joined before past',
      ride({ date: EARLIER }),
      OTHER,
      true,
      'ALREADY_JOINED',
      'You have already joined this ride',
    ],
    [
      'past before full',
      ride({ date: EARLIER, currentPassengers: 5 }),
      OTHER,
      false,
      'RIDE_PAST',
      'This ride is in the past',
    ],
    ['full', ride({ currentPassengers: 5 }), OTHER, false, 'RIDE_FULL', 'Ride is full'],
    ['zero seats', ride({ currentPassengers: 0, maxPassengers: 0 }), OTHER, false, 'RIDE_FULL', 'Ride is full'],
  ] as const)('%s -> %s', (_label, r, viewerId, isPassenger, code, message) => {
    expect(joinEligibility({ ride: r, viewerId, isPassenger, now: NOW })).toEqual({ eligible: false, code, message });
  });

  it.each([
    ['open future ride with seats', ride()],
    ['departing exactly now', ride({ date: NOW })],
    ['one seat left', ride({ currentPassengers: 4 })],
  ])('eligible: %s', (_label, r) => {
    expect(joinEligibility({ ride: r, viewerId: OTHER, isPassenger: false, now: NOW })).toEqual({ eligible: true });
  });
});

describe('assertCanJoin', () => {
  it.each([
    ['creator', ride(), ORGANISER, false, 1, 'CREATOR_CANNOT_JOIN', 'You cannot join your own ride'],
    ['already joined', ride(), OTHER, true, 1, 'ALREADY_JOINED', 'You have already joined this ride'],
    ['past', ride({ date: EARLIER }), OTHER, false, 1, 'RIDE_PAST', 'This ride is in the past'],
    ['full', ride({ currentPassengers: 5 }), OTHER, false, 1, 'RIDE_FULL', 'Ride is full'],
    [
      'group larger than seats left',
      ride({ currentPassengers: 3 }),
      OTHER,
      false,
      3,
      'RIDE_FULL',
      'Only 2 spots remaining',
    ],
    [
      'spec text kept for one seat',
      ride({ currentPassengers: 4 }),
      OTHER,
      false,
      2,
      'RIDE_FULL',
      'Only 1 spots remaining',
    ],
    ['empty group', ride(), OTHER, false, 0, 'VALIDATION_FAILED', 'Must have at least 1 passenger'],
    ['fractional group', ride(), OTHER, false, 1.5, 'VALIDATION_FAILED', 'Must have at least 1 passenger'],
  ] as const)('refuses: %s', (_label, r, userId, isPassenger, passengerCount, code, message) => {
    expectDomainError(() => assertCanJoin(r, { userId, isPassenger, passengerCount }, NOW), code, message);
  });

  it.each([
    ['a group filling the last seats exactly', ride({ currentPassengers: 3 }), 2],
    ['one person', ride(), 1],
    ['at the exact departure instant', ride({ date: NOW }), 1],
  ])('allows %s', (_label, r, passengerCount) => {
    expect(() => assertCanJoin(r, { userId: OTHER, isPassenger: false, passengerCount }, NOW)).not.toThrow();
  });
});

describe('assertCanRemovePassenger', () => {
  const PASSENGER = 3;

  it.each([
    [
      'a past ride, even by the organiser',
      ride({ date: EARLIER }),
      ORGANISER,
      PASSENGER,
      'RIDE_PAST',
      'Passengers cannot be removed from a past ride',
    ],
    [
      "the organiser's own entry",
      ride(),
      ORGANISER,
      ORGANISER,
      'CANNOT_REMOVE_ORGANIZER',
      'The organizer cannot be removed from their own ride',
    ],
    [
      'someone else removing a passenger',
      ride(),
      OTHER,
      PASSENGER,
      'NOT_ALLOWED_TO_REMOVE',
      'You can only remove yourself from this ride',
    ],
  ] as const)('refuses %s', (_label, r, actorId, userId, code, message) => {
    expectDomainError(
      () => assertCanRemovePassenger({ ride: r, actorId, passenger: { userId }, now: NOW }),
      code,
      message,
    );
  });

  it.each([
    ['the organiser removing a passenger', ORGANISER],
    ['a passenger leaving', PASSENGER],
  ])('allows %s', (_label, actorId) => {
    expect(() =>
      assertCanRemovePassenger({ ride: ride(), actorId, passenger: { userId: PASSENGER }, now: NOW }),
    ).not.toThrow();
  });

  it('still allows leaving at the exact departure instant', () => {
    expect(() =>
      assertCanRemovePassenger({
        ride: ride({ date: NOW }),
        actorId: PASSENGER,
        passenger: { userId: PASSENGER },
        now: NOW,
      }),
    ).not.toThrow();
  });
});

describe('assertIsCreator', () => {
  it('refuses anyone but the organiser, finishing the sentence with the action', () => {
    expectDomainError(
      () => assertIsCreator(ride(), OTHER, 'edit this ride'),
      'NOT_CREATOR',
      'Only the ride organizer can edit this ride',
    );
    expectDomainError(
      () => assertIsCreator(ride(), OTHER, 'lock the drop-off sequence'),
      'NOT_CREATOR',
      'Only the ride organizer can lock the drop-off sequence',
    );
  });

  it('lets the organiser through', () => {
    expect(() => assertIsCreator(ride(), ORGANISER, 'delete this ride')).not.toThrow();
  });
});

describe('assertCanAssign', () => {
  it.each([
    [
      'not a vendor (checked first)',
      ride({ status: 'assigned', date: EARLIER }),
      false,
      'VENDOR_ONLY',
      'Only vendors can assign rides',
    ],
    ['already assigned', ride({ status: 'assigned' }), true, 'ALREADY_ASSIGNED', 'This ride has already been assigned'],
    ['completed', ride({ status: 'completed' }), true, 'ALREADY_ASSIGNED', 'This ride has already been assigned'],
    ['past', ride({ date: EARLIER }), true, 'RIDE_PAST', 'This ride is in the past'],
  ] as const)('refuses %s', (_label, r, isVendor, code, message) => {
    expectDomainError(() => assertCanAssign({ ride: r, isVendor, now: NOW }), code, message);
  });

  it.each([
    ['an open future ride', ride()],
    ['a full open ride', ride({ currentPassengers: 5 })],
    ['a ride departing exactly now', ride({ date: NOW })],
  ])('allows %s', (_label, r) => {
    expect(() => assertCanAssign({ ride: r, isVendor: true, now: NOW })).not.toThrow();
  });
});

describe('assertMaxPassengersCovers', () => {
  it.each([
    [3, 4, true],
    [0, 1, true],
    [4, 4, false],
    [10, 4, false],
    [1, 0, false],
  ])('new max %s with %s seats taken -> refused: %s', (newMax, taken, refused) => {
    if (refused) {
      expectDomainError(
        () => assertMaxPassengersCovers(newMax, taken),
        'MAX_BELOW_TAKEN',
        `Maximum passengers cannot be less than the ${taken} seats already taken`,
      );
    } else {
      expect(() => assertMaxPassengersCovers(newMax, taken)).not.toThrow();
    }
  });
  it('also covers the seats live waitlist offers hold, naming their sum with the taken seats', () => {
    expectDomainError(
      () => assertMaxPassengersCovers(4, 3, 2),
      'MAX_BELOW_TAKEN',
      'Maximum passengers cannot be less than the seats taken and held for the waitlist (5)',
    );
    expect(() => assertMaxPassengersCovers(5, 3, 2)).not.toThrow();
    // Below the taken seats alone, the taken-seat message says so.
    expectDomainError(
      () => assertMaxPassengersCovers(2, 3, 2),
      'MAX_BELOW_TAKEN',
      'Maximum passengers cannot be less than the 3 seats already taken',
    );
  });
});

describe('isCancelled', () => {
  it.each([
    ['open', false],
    ['assigned', false],
    ['completed', false],
    ['cancelled', true],
  ])('%s -> %s', (status, expected) => {
    expect(isCancelled({ status })).toBe(expected);
  });
});

describe('cancelled rides', () => {
  const cancelled = ride({ status: 'cancelled' });

  it('cannot be joined, and says so before any other reason (logged out, full, past)', () => {
    const refusal = { eligible: false, code: 'RIDE_CANCELLED', message: 'This ride was cancelled' };
    expect(joinEligibility({ ride: cancelled, viewerId: OTHER, isPassenger: false, now: NOW })).toEqual(refusal);
    expect(joinEligibility({ ride: cancelled, viewerId: null, isPassenger: false, now: NOW })).toEqual(refusal);
    expect(
      joinEligibility({
        ride: ride({ status: 'cancelled', date: EARLIER, currentPassengers: 5 }),
        viewerId: OTHER,
        isPassenger: false,
        now: NOW,
      }),
    ).toEqual(refusal);
    expectDomainError(
      () => assertCanJoin(cancelled, { userId: OTHER, isPassenger: false, passengerCount: 1 }, NOW),
      'RIDE_CANCELLED',
      'This ride was cancelled',
    );
  });

  it('cannot be assigned to a vendor (but a non-vendor hears VENDOR_ONLY first)', () => {
    expectDomainError(
      () => assertCanAssign({ ride: cancelled, isVendor: true, now: NOW }),
      'RIDE_CANCELLED',
      'This ride was cancelled',
    );
    expectDomainError(
      () => assertCanAssign({ ride: cancelled, isVendor: false, now: NOW }),
      'VENDOR_ONLY',
      'Only vendors can assign rides',
    );
  });

  it('lets a passenger leave, but the organiser removes nobody', () => {
    expect(() =>
      assertCanRemovePassenger({ ride: cancelled, actorId: OTHER, passenger: { userId: OTHER }, now: NOW }),
    ).not.toThrow();
    expectDomainError(
      () => assertCanRemovePassenger({ ride: cancelled, actorId: ORGANISER, passenger: { userId: OTHER }, now: NOW }),
      'RIDE_CANCELLED',
      'Passengers cannot be removed from a cancelled ride',
    );
    // Someone else's entry is still "only yourself", whatever the status.
    expectDomainError(
      () => assertCanRemovePassenger({ ride: cancelled, actorId: 3, passenger: { userId: OTHER }, now: NOW }),
      'NOT_ALLOWED_TO_REMOVE',
      'You can only remove yourself from this ride',
    );
  });

  it('cannot have its drop-off sequence changed', () => {
    expectDomainError(
      () => assertCanReorder(cancelled),
      'RIDE_CANCELLED',
      'The drop-off sequence of a cancelled ride cannot be changed',
    );
    expect(() => assertCanReorder(ride())).not.toThrow();
    expect(() => assertCanReorder(ride({ status: 'assigned' }))).not.toThrow();
  });
});

describe('assertCanCancelRide', () => {
  it.each([
    ['an open future ride', ride()],
    ['an assigned future ride', ride({ status: 'assigned' })],
    ['a full ride others joined', ride({ currentPassengers: 5 })],
    ['a ride departing right now (not past yet)', ride({ date: NOW.toISOString() })],
  ])('the organiser may cancel %s', (_label, r) => {
    expect(() => assertCanCancelRide({ ride: r, actorId: ORGANISER, now: NOW })).not.toThrow();
  });

  it('refuses anyone but the organiser first', () => {
    expectDomainError(
      () => assertCanCancelRide({ ride: ride({ status: 'cancelled', date: EARLIER }), actorId: OTHER, now: NOW }),
      'NOT_CREATOR',
      'Only the ride organizer can cancel this ride',
    );
  });

  it('refuses cancelling twice', () => {
    expectDomainError(
      () => assertCanCancelRide({ ride: ride({ status: 'cancelled' }), actorId: ORGANISER, now: NOW }),
      'RIDE_CANCELLED',
      'This ride is already cancelled',
    );
  });

  it('refuses a completed ride', () => {
    expectDomainError(
      () => assertCanCancelRide({ ride: ride({ status: 'completed' }), actorId: ORGANISER, now: NOW }),
      'RIDE_NOT_OPEN',
      'A completed ride cannot be cancelled',
    );
  });

  it('refuses a past ride, one millisecond after departure', () => {
    expectDomainError(
      () => assertCanCancelRide({ ride: ride({ date: new Date(NOW.getTime() - 1) }), actorId: ORGANISER, now: NOW }),
      'RIDE_PAST',
      'A past ride cannot be cancelled',
    );
  });
});
