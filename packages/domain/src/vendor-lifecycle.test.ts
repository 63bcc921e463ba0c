import { describe, expect, it } from 'vitest';
import { expectDomainError } from './test-helpers';
import {
  assertMemberOnlyProfileFields,
  assertCanComplete,
  assertCanUnassign,
  assertVendorProfileChanges,
  UNASSIGN_TOO_LATE_MESSAGE,
  vendorMayUnassign,
  type AssignedRideState,
} from './vendor-lifecycle';

const DEPARTURE = new Date('2026-11-25T08:00:00.000Z');
const HOUR = 60 * 60 * 1000;
const ORGANISER = 1;
const VENDOR = 4;
const STRANGER = 9;

function at(offsetHoursBeforeDeparture: number): Date {
  return new Date(DEPARTURE.getTime() - offsetHoursBeforeDeparture * HOUR);
}

function ride(overrides: Partial<AssignedRideState> = {}): AssignedRideState {
  return { creatorId: ORGANISER, vendorId: VENDOR, date: DEPARTURE.toISOString(), status: 'assigned', ...overrides };
}

describe('vendorMayUnassign', () => {
  it.each([
    ['two days before', at(48), true],
    ['one millisecond more than 24 h before', new Date(at(24).getTime() - 1), true],
    ['exactly 24 h before', at(24), false],
    ['an hour before', at(1), false],
    ['after departure', at(-1), false],
  ])('%s -> %s', (_label, now, expected) => {
    expect(vendorMayUnassign(ride(), now)).toBe(expected);
  });
});

describe('assertCanUnassign', () => {
  it('lets the vendor unassign more than 24 h ahead, and the organiser until departure', () => {
    expect(() => assertCanUnassign({ ride: ride(), actorId: VENDOR, now: at(25) })).not.toThrow();
    expect(() => assertCanUnassign({ ride: ride(), actorId: ORGANISER, now: at(1) })).not.toThrow();
    expect(() => assertCanUnassign({ ride: ride(), actorId: ORGANISER, now: at(0) })).not.toThrow();
  });

  it('refuses the vendor within 24 h of departure', () => {
    expectDomainError(
      () => assertCanUnassign({ ride: ride(), actorId: VENDOR, now: at(24) }),
      'UNASSIGN_TOO_LATE',
      UNASSIGN_TOO_LATE_MESSAGE,
    );
    expect(UNASSIGN_TOO_LATE_MESSAGE).toBe('A ride can only be unassigned until 24 hours before departure');
  });

  it('refuses the organiser once the ride has left', () => {
    expectDomainError(
      () => assertCanUnassign({ ride: ride(), actorId: ORGANISER, now: at(-0.001) }),
      'RIDE_PAST',
      'The driver cannot be released from a past ride',
    );
  });

  it('refuses anybody else, and a ride without a driver', () => {
    expectDomainError(
      () => assertCanUnassign({ ride: ride(), actorId: STRANGER, now: at(48) }),
      'NOT_ASSIGNED_VENDOR',
      'Only the assigned vendor or the ride organizer can release the driver',
    );
    expectDomainError(
      () => assertCanUnassign({ ride: ride({ status: 'open', vendorId: null }), actorId: ORGANISER, now: at(48) }),
      'RIDE_NOT_ASSIGNED',
      'This ride has no driver assigned',
    );
    expectDomainError(
      () => assertCanUnassign({ ride: ride({ status: 'completed' }), actorId: VENDOR, now: at(-5) }),
      'RIDE_NOT_ASSIGNED',
      'This ride has no driver assigned',
    );
  });
});

describe('assertCanComplete', () => {
  it('lets the assigned vendor complete a ride once it has departed', () => {
    expect(() => assertCanComplete({ ride: ride(), actorId: VENDOR, now: at(-0.001) })).not.toThrow();
  });

  it('refuses before or at departure', () => {
    for (const now of [at(0), at(3)]) {
      expectDomainError(
        () => assertCanComplete({ ride: ride(), actorId: VENDOR, now }),
        'RIDE_NOT_DEPARTED',
        'A ride can only be marked completed after its departure',
      );
    }
  });

  it('refuses anybody but the assigned vendor, the organiser included', () => {
    for (const actorId of [ORGANISER, STRANGER]) {
      expectDomainError(
        () => assertCanComplete({ ride: ride(), actorId, now: at(-5) }),
        'NOT_ASSIGNED_VENDOR',
        'Only the assigned vendor can mark this ride completed',
      );
    }
    expectDomainError(
      () => assertCanComplete({ ride: ride({ status: 'open', vendorId: null }), actorId: VENDOR, now: at(-5) }),
      'NOT_ASSIGNED_VENDOR',
      'Only the assigned vendor can mark this ride completed',
    );
  });

  it('refuses a ride that is already completed, or not assigned', () => {
    expectDomainError(
      () => assertCanComplete({ ride: ride({ status: 'completed' }), actorId: VENDOR, now: at(-5) }),
      'RIDE_NOT_ASSIGNED',
      'This ride is already completed',
    );
    expectDomainError(
      () => assertCanComplete({ ride: ride({ status: 'open' }), actorId: VENDOR, now: at(-5) }),
      'RIDE_NOT_ASSIGNED',
      'This ride has no driver assigned',
    );
  });
});

describe('assertVendorProfileChanges', () => {
  const driver = { name: 'Lim', contact: '+60 1', carNumber: 'JQB 1' };

  it('gives a vendor the changes to store, leaving out what was not sent', () => {
    expect(assertVendorProfileChanges(true, { companyName: 'Acme', driverDetails: driver })).toEqual({
      companyName: 'Acme',
      driverDetails: driver,
    });
    expect(assertVendorProfileChanges(true, {})).toEqual({});
    expect(assertVendorProfileChanges(false, {})).toEqual({});
  });

  it("applies registration's required-for-vendors messages", () => {
    expectDomainError(
      () => assertVendorProfileChanges(true, { companyName: null }),
      'VALIDATION_FAILED',
      'Company name is required for vendors',
    );
    expectDomainError(
      () => assertVendorProfileChanges(true, { driverDetails: { ...driver, name: null } }),
      'VALIDATION_FAILED',
      'Driver name is required for vendors',
    );
    expectDomainError(
      () => assertVendorProfileChanges(true, { driverDetails: { ...driver, contact: null } }),
      'VALIDATION_FAILED',
      'Driver contact is required for vendors',
    );
    expectDomainError(
      () => assertVendorProfileChanges(true, { driverDetails: { ...driver, carNumber: null } }),
      'VALIDATION_FAILED',
      'Car number is required for vendors',
    );
  });

  it('refuses the vendor fields on a member account, naming the field', () => {
    expectDomainError(
      () => assertVendorProfileChanges(false, { companyName: 'Acme' }),
      'VALIDATION_FAILED',
      'Company name can only be set on a vendor account',
    );
    expectDomainError(
      () => assertVendorProfileChanges(false, { driverDetails: null }),
      'VALIDATION_FAILED',
      'Driver details can only be set on a vendor account',
    );
  });
});

describe('assertMemberOnlyProfileFields', () => {
  it('lets a member set both', () => {
    expect(() =>
      assertMemberOnlyProfileFields(false, { paynowProxy: '91234567', shareContactsWith: 'party' }),
    ).not.toThrow();
  });

  it.each([
    [{ paynowProxy: '91234567' }, 'A PayNow number can only be set on a member account'],
    [{ shareContactsWith: 'party' }, 'Who sees your numbers on rides you organize is a member setting'],
  ])('refuses a vendor %o', (changes, message) => {
    expect(() => assertMemberOnlyProfileFields(true, changes)).toThrow(message);
  });

  it('lets a vendor clear a PayNow number or leave both out', () => {
    expect(() => assertMemberOnlyProfileFields(true, { paynowProxy: null })).not.toThrow();
    expect(() => assertMemberOnlyProfileFields(true, {})).not.toThrow();
  });
});
