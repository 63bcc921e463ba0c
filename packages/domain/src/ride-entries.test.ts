import { describe, expect, it } from 'vitest';
import type { Direction } from './constants';
import {
  assertCanCreateRide,
  assertCanDeleteRide,
  deleteRefusal,
  assertCanUpdateRide,
  assertDateInFuture,
  compactSequence,
  deriveRideFields,
  findPassengerOfRide,
  nextSequenceNumber,
  organizerEntryOf,
  pickupLocationOf,
} from './ride-entries';
import type { RideEntry } from './ride-entries';
import { expectDomainError } from './test-helpers';

const now = new Date('2026-11-21T07:00:00Z');
const later = new Date('2026-11-25T07:00:00Z');
const earlier = new Date('2026-11-20T07:00:00Z');

const entry = (id: number, userId: number, location: string, count: number, seq: number | null = null): RideEntry => ({
  id,
  userId,
  dropoffLocation: location,
  passengerCount: count,
  dropoffSequence: seq,
});

describe('organizerEntryOf', () => {
  it('uses the pickup location for SG->FC', () => {
    expect(
      organizerEntryOf({
        direction: 'SG->FC',
        pickupLocation: ' Pasir Ris MRT ',
        dropoffLocations: [{ location: 'ignored', passengerCount: 4 }],
        organizerPassengerCount: 2,
      }),
    ).toEqual({ location: 'Pasir Ris MRT', passengerCount: 2 });
  });

  it('uses the first drop-off entry for FC->SG, with the organiser count', () => {
    expect(
      organizerEntryOf({
        direction: 'FC->SG',
        pickupLocation: 'Forest City',
        dropoffLocations: [
          { location: 'Tampines Mall', passengerCount: 1 },
          { location: 'Bedok', passengerCount: 3 },
        ],
        organizerPassengerCount: 3,
      }),
    ).toEqual({ location: 'Tampines Mall', passengerCount: 3 });
  });

  it('refuses FC->SG without a drop-off entry', () => {
    expectDomainError(
      () =>
        organizerEntryOf({
          direction: 'FC->SG',
          pickupLocation: 'Forest City',
          dropoffLocations: [],
          organizerPassengerCount: 1,
        }),
      'VALIDATION_FAILED',
      'At least one drop-off location is required',
    );
  });
});

describe('pickupLocationOf', () => {
  it.each([
    ['FC->SG', 'Changi Airport', 'Forest City'],
    ['SG->FC', ' Pasir Ris MRT ', 'Pasir Ris MRT'],
  ] as const)('%s with %j → %j', (direction, pickupLocation, expected) => {
    expect(pickupLocationOf({ direction, pickupLocation })).toBe(expected);
  });
});

describe('deriveRideFields', () => {
  it('sums counts, counts distinct extra stops, lists the organiser first then drop-off order', () => {
    const derived = deriveRideFields('FC->SG', 1, [
      entry(1, 1, 'Bedok', 2, 3),
      entry(2, 5, 'Jurong East', 1, 1),
      entry(3, 6, 'bedok ', 1, null),
      entry(4, 7, 'Tampines', 3, 2),
    ]);
    expect(derived.currentPassengers).toBe(7);
    expect(derived.additionalStops).toBe(2);
    expect(derived.dropoffLocations.map((d) => d.location)).toEqual(['Bedok', 'Jurong East', 'Tampines', 'bedok ']);
    expect(derived.dropoffLocations[0]).toEqual({ location: 'Bedok', passengerCount: 2 });
  });

  it('gives zeros and an empty list for no entries', () => {
    expect(deriveRideFields('SG->FC', 1, [])).toEqual({
      currentPassengers: 0,
      additionalStops: 0,
      dropoffLocations: [],
    });
  });

  it('orders by entry id when nobody has a stop number', () => {
    const derived = deriveRideFields('SG->FC', 9, [entry(5, 3, 'B', 1), entry(2, 9, 'A', 1), entry(3, 4, 'C', 1)]);
    expect(derived.dropoffLocations.map((d) => d.location)).toEqual(['A', 'C', 'B']);
  });
});

describe('nextSequenceNumber', () => {
  it.each([
    ['nobody numbered', [entry(1, 1, 'a', 1), entry(2, 2, 'b', 1)], null],
    ['empty', [], null],
    ['numbered 1..2', [entry(1, 1, 'a', 1, 1), entry(2, 2, 'b', 1, 2)], 3],
    ['partly numbered', [entry(1, 1, 'a', 1, 1), entry(2, 2, 'b', 1, null)], 2],
  ])('%s', (_label, list, expected) => {
    expect(nextSequenceNumber(list)).toBe(expected);
  });
});

describe('compactSequence', () => {
  it('closes gaps among numbered entries and keeps the unnumbered unnumbered', () => {
    const result = compactSequence([entry(4, 4, 'd', 1, null), entry(3, 3, 'c', 1, 4), entry(1, 1, 'a', 1, 1)]);
    expect(result.map((e) => [e.id, e.dropoffSequence])).toEqual([
      [1, 1],
      [3, 2],
      [4, null],
    ]);
  });

  it('changes nothing when nobody is numbered, and returns new objects', () => {
    const list = [entry(1, 1, 'a', 1), entry(2, 2, 'b', 1)];
    const result = compactSequence(list);
    expect(result.map((e) => e.dropoffSequence)).toEqual([null, null]);
    expect(result[0]).not.toBe(list[0]);
  });
});

describe('findPassengerOfRide', () => {
  it('finds the entry by id', () => {
    expect(findPassengerOfRide([entry(4, 1, 'a', 1)], 4).id).toBe(4);
  });
  it('refuses an id not on the ride', () => {
    expectDomainError(
      () => findPassengerOfRide([entry(4, 1, 'a', 1)], 9),
      'NOT_PASSENGER_OF_RIDE',
      'This passenger is not on this ride',
    );
  });
});

describe('assertDateInFuture / assertCanCreateRide', () => {
  it('accepts a later date', () => {
    expect(() => assertDateInFuture(later, now)).not.toThrow();
    expect(() => assertCanCreateRide({ isVendor: false, date: later, now })).not.toThrow();
  });
  it.each([
    ['an earlier date', earlier],
    ['exactly now', now],
  ])('refuses %s', (_label, date) => {
    expectDomainError(() => assertDateInFuture(date, now), 'VALIDATION_FAILED', 'The ride date must be in the future');
  });
  it('refuses vendors before looking at the date', () => {
    expectDomainError(
      () => assertCanCreateRide({ isVendor: true, date: earlier, now }),
      'VENDORS_CANNOT_CREATE',
      'Vendors cannot create rides',
    );
  });
});

describe('assertCanUpdateRide', () => {
  const ride = {
    creatorId: 1,
    date: later,
    maxPassengers: 5,
    currentPassengers: 3,
    status: 'open',
    direction: 'SG->FC' as Direction,
  };
  const next = { direction: 'SG->FC' as Direction, date: later, maxPassengers: 5, organizerPassengerCount: 1 };

  it('lets the organiser edit a future ride', () => {
    expect(() => assertCanUpdateRide({ ride, actorId: 1, next, othersJoined: 1, othersSeats: 2, now })).not.toThrow();
  });
  it('lets the organiser change direction while alone on the ride', () => {
    expect(() =>
      assertCanUpdateRide({
        ride,
        actorId: 1,
        next: { ...next, direction: 'FC->SG' },
        othersJoined: 0,
        othersSeats: 0,
        now,
      }),
    ).not.toThrow();
  });
  it.each([
    ['someone else', { actorId: 2 }, 'NOT_CREATOR', 'Only the ride organizer can edit this ride'],
    ['a past ride', { ride: { ...ride, date: earlier } }, 'RIDE_PAST', 'A past ride cannot be edited'],
    [
      'a cancelled ride (even a past one)',
      { ride: { ...ride, status: 'cancelled', date: earlier } },
      'RIDE_CANCELLED',
      'A cancelled ride cannot be edited',
    ],
    [
      'a new date in the past',
      { next: { ...next, date: earlier } },
      'VALIDATION_FAILED',
      'The ride date must be in the future',
    ],
    [
      'a direction change after others joined',
      { next: { ...next, direction: 'FC->SG' } },
      'RIDE_HAS_PASSENGERS',
      'The direction cannot be changed after other passengers have joined',
    ],
    [
      'a maximum below the seats taken',
      { next: { ...next, maxPassengers: 3, organizerPassengerCount: 2 } },
      'MAX_BELOW_TAKEN',
      'Maximum passengers cannot be less than the 4 seats already taken',
    ],
  ] as const)('refuses %s', (_label, override, code, message) => {
    expectDomainError(
      () => assertCanUpdateRide({ ride, actorId: 1, next, othersJoined: 1, othersSeats: 2, now, ...override }),
      code,
      message,
    );
  });
  it('refuses a maximum below the seats taken plus those held by live waitlist offers', () => {
    expectDomainError(
      () =>
        assertCanUpdateRide({
          ride,
          actorId: 1,
          next: { ...next, maxPassengers: 4, organizerPassengerCount: 1 },
          othersJoined: 1,
          othersSeats: 2,
          heldSeats: 2,
          now,
        }),
      'MAX_BELOW_TAKEN',
      'Maximum passengers cannot be less than the seats taken and held for the waitlist (5)',
    );
    expect(() =>
      assertCanUpdateRide({ ride, actorId: 1, next, othersJoined: 1, othersSeats: 2, heldSeats: 2, now }),
    ).not.toThrow();
  });
  it('accepts a maximum exactly equal to the seats taken', () => {
    expect(() =>
      assertCanUpdateRide({
        ride,
        actorId: 1,
        next: { ...next, maxPassengers: 4, organizerPassengerCount: 2 },
        othersJoined: 1,
        othersSeats: 2,
        now,
      }),
    ).not.toThrow();
  });
});

describe('assertCanDeleteRide', () => {
  const open = { creatorId: 1, status: 'open', vendorId: null, cancelledLate: false };
  const alone = { ride: open, othersJoined: 0, waiting: 0, lateLeaves: 0, lateRemovals: 0 };

  it('lets the organiser delete a ride that concerns nobody else', () => {
    expect(() => assertCanDeleteRide({ ...alone, actorId: 1 })).not.toThrow();
    expect(deleteRefusal(alone)).toBeNull();
  });
  it('refuses someone else first, whatever the ride', () => {
    expectDomainError(
      () => assertCanDeleteRide({ ...alone, ride: { ...open, status: 'completed' }, actorId: 2 }),
      'NOT_CREATOR',
      'Only the ride organizer can delete this ride',
    );
  });
  it('refuses while others are on the ride', () => {
    expectDomainError(
      () => assertCanDeleteRide({ ...alone, othersJoined: 1, actorId: 1 }),
      'RIDE_HAS_PASSENGERS',
      'This ride has passengers who joined. Remove them before deleting it.',
    );
  });
  it.each([
    [
      'cancelled late',
      { ride: { ...open, status: 'cancelled', cancelledLate: true } },
      'RIDE_CANCELLED',
      'This ride was cancelled within 24 hours of departure with riders on it; it stays on your record',
    ],
    [
      'completed',
      { ride: { ...open, status: 'completed' } },
      'RIDE_KEPT',
      'This ride is completed; it stays on the record of everyone who travelled on it',
    ],
    [
      'taken by a driver',
      { ride: { ...open, status: 'assigned', vendorId: 9 } },
      'RIDE_KEPT',
      'A driver has taken this ride. Cancel it instead, so they are told.',
    ],
    [
      'waited for',
      { waiting: 2 },
      'RIDE_KEPT',
      'Members are waiting for a seat on this ride. Cancel it instead, so they are told.',
    ],
    [
      'left late by a rider',
      { lateLeaves: 1 },
      'RIDE_KEPT',
      'A rider left this ride within 24 hours of departure; it stays on their record. Cancel it instead.',
    ],
    [
      'its organiser took a rider off late',
      { lateRemovals: 1 },
      'RIDE_KEPT',
      'You removed a rider from this ride within 24 hours of departure; it stays on your record. Cancel it instead.',
    ],
  ] as const)('keeps a ride %s', (_label, facts, code, message) => {
    expectDomainError(() => assertCanDeleteRide({ ...alone, ...facts, actorId: 1 }), code, message);
  });
  it('names the passengers before anything else that keeps the ride', () => {
    const kept = {
      ride: { ...open, status: 'completed', vendorId: 9 },
      othersJoined: 1,
      waiting: 1,
      lateLeaves: 1,
      lateRemovals: 1,
    };
    expect(deleteRefusal(kept)?.code).toBe('RIDE_HAS_PASSENGERS');
  });
});
