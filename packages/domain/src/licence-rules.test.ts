import { describe, expect, it } from 'vitest';

import type { Direction } from './constants';
import {
  assertLicenceCovers,
  mayPickUp,
  permitCoversDeparture,
  permitExpiryWarning,
  PICKUP_RULES,
  pickupDirections,
} from './licence-rules';
import { expectDomainError } from './test-helpers';
import type { Permit } from './vendor-approval';

const SG: Permit = { country: 'SG', number: 'CBT-1', expiresOn: '2027-06-30' };
const MY: Permit = { country: 'MY', number: 'LPKP-1', expiresOn: '2027-06-30' };
const RIDE = { direction: 'SG->FC' as Direction, date: '2027-01-10T01:00:00.000Z', maxPassengers: 6 };

describe('PICKUP_RULES', () => {
  it('holds one entry per permit country, each with a source and the day it was checked', () => {
    expect(PICKUP_RULES.map((rule) => rule.permitCountry).sort()).toEqual(['MY', 'SG']);
    for (const rule of PICKUP_RULES) {
      expect(rule.source).toMatch(/^https:\/\//);
      expect(rule.lastChecked).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });
});

describe('mayPickUp', () => {
  it.each<[Permit | null, Direction, boolean, boolean]>([
    [SG, 'SG->FC', true, true],
    [SG, 'FC->SG', true, false],
    [MY, 'FC->SG', true, true],
    [MY, 'SG->FC', true, false],
    [SG, 'FC->SG', false, true],
    [MY, 'SG->FC', false, true],
    [null, 'SG->FC', false, false],
  ])('%o on %s, rule on %s -> %s', (permit, direction, ruleOn, expected) => {
    expect(mayPickUp(permit, direction, ruleOn)).toBe(expected);
  });

  it('lists the directions a permit may take', () => {
    expect(pickupDirections(SG, true)).toEqual(['SG->FC']);
    expect(pickupDirections(MY, true)).toEqual(['FC->SG']);
    expect(pickupDirections(MY, false)).toEqual(['SG->FC', 'FC->SG']);
    expect(pickupDirections(null, false)).toEqual([]);
  });
});

describe('permitCoversDeparture', () => {
  it.each([
    ['departs on the last valid day (Singapore time)', '2027-06-30T15:59:00.000Z', true],
    ['departs just after midnight the next day in Singapore', '2027-06-30T16:00:00.000Z', false],
    ['departs long before', '2027-01-01T00:00:00.000Z', true],
  ])('%s', (_label, departure, expected) => {
    expect(permitCoversDeparture(SG, departure)).toBe(expected);
  });
});

describe('assertLicenceCovers', () => {
  it('lets a fitting licence take the ride', () => {
    expect(() => {
      assertLicenceCovers({ permit: SG, vehicleSeats: 6 }, RIDE, true);
    }).not.toThrow();
    expect(() => {
      assertLicenceCovers({ permit: MY, vehicleSeats: 13 }, RIDE, false);
    }).not.toThrow();
  });

  it.each([
    [
      'no permit',
      { permit: null, vehicleSeats: 6 },
      RIDE,
      'VENDOR_INCOMPLETE',
      'Add your cross-border permit before taking rides',
    ],
    [
      'a Malaysian permit on an SG->FC ride',
      { permit: MY, vehicleSeats: 6 },
      RIDE,
      'PICKUP_NOT_ALLOWED',
      'A Malaysian (MY) permit may only pick up in Malaysia (FC->SG rides)',
    ],
    [
      'a Singapore permit on an FC->SG ride',
      { permit: SG, vehicleSeats: 6 },
      { ...RIDE, direction: 'FC->SG' as Direction },
      'PICKUP_NOT_ALLOWED',
      'A Singapore (SG) permit may only pick up in Singapore (SG->FC rides)',
    ],
    [
      'a permit expiring before departure',
      { permit: { ...SG, expiresOn: '2027-01-09' }, vehicleSeats: 6 },
      RIDE,
      'PERMIT_EXPIRES',
      'Your permit expires on 2027-01-09, before this ride departs',
    ],
    [
      'a vehicle smaller than the ride',
      { permit: SG, vehicleSeats: 5 },
      RIDE,
      'VEHICLE_TOO_SMALL',
      'This ride takes up to 6 passengers; your vehicle has 5 seats',
    ],
    [
      'no seats on file',
      { permit: SG, vehicleSeats: null },
      RIDE,
      'VEHICLE_TOO_SMALL',
      'This ride takes up to 6 passengers; your vehicle has 0 seats',
    ],
  ] as const)('refuses %s', (_label, licence, ride, code, message) => {
    expectDomainError(() => assertLicenceCovers(licence, ride, true), code, message);
  });
});

describe('permitExpiryWarning', () => {
  const now = new Date('2026-11-25T04:00:00.000Z');
  it.each([
    ['31 days away', '2026-12-26', null],
    ['30 days away', '2026-12-25', 30],
    ['tomorrow', '2026-11-26', 1],
    ['today', '2026-11-25', 0],
    ['expired yesterday', '2026-11-24', -1],
  ])('%s -> %s', (_label, expiresOn, expected) => {
    expect(permitExpiryWarning({ ...SG, expiresOn }, now)).toBe(expected);
  });

  it('says nothing without a permit', () => {
    expect(permitExpiryWarning(null, now)).toBeNull();
  });
});
