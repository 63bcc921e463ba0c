import { describe, expect, it } from 'vitest';

import {
  contactsWindowOpensAt,
  isContactsWindowOpen,
  rideRole,
  seesOrganiserNumbers,
  seesPassengerNumbers,
  seesPassengerRevolut,
  type RideRole,
} from './contacts';
import type { VendorStatus } from './vendor-approval';

const departure = new Date('2026-12-03T10:00:00.000Z');
const HOUR = 3_600_000;

describe('the contacts window', () => {
  it('opens exactly hoursBefore hours before departure', () => {
    expect(contactsWindowOpensAt(departure, 48).toISOString()).toBe('2026-12-01T10:00:00.000Z');
    expect(contactsWindowOpensAt(departure.toISOString(), 0).toISOString()).toBe(departure.toISOString());
  });

  it.each([
    ['a millisecond before the edge', -1, false],
    ['at the edge', 0, true],
    ['a millisecond after the edge', 1, true],
    ['a week before', -5 * 24 * HOUR, false],
    ['after departure', 49 * HOUR, true],
  ])('%s', (_label, fromEdgeMs, open) => {
    const now = new Date(departure.getTime() - 48 * HOUR + fromEdgeMs);
    expect(isContactsWindowOpen(departure, now, 48)).toBe(open);
  });

  it('with 0 hours opens at departure', () => {
    expect(isContactsWindowOpen(departure, new Date(departure.getTime() - 1), 0)).toBe(false);
    expect(isContactsWindowOpen(departure, departure, 0)).toBe(true);
  });
});

describe('rideRole', () => {
  const ride = { creatorId: 3, vendorId: 4 };
  it.each<[string, number | null, boolean, RideRole]>([
    ['the organiser', 3, true, 'organiser'],
    ['the assigned vendor', 4, false, 'vendor'],
    ['a passenger', 7, true, 'passenger'],
    ['another member', 7, false, 'member'],
    ['a visitor', null, false, 'public'],
  ])('%s', (_label, viewerId, viewerIsPassenger, role) => {
    expect(rideRole({ ...ride, viewerId, viewerIsPassenger })).toBe(role);
  });

  it('gives nobody the vendor role on a ride without a vendor', () => {
    expect(rideRole({ creatorId: 3, vendorId: null, viewerId: 5, viewerIsPassenger: false })).toBe('member');
  });
});

describe('seesPassengerNumbers', () => {
  const before = {
    departure,
    now: new Date(departure.getTime() - 48 * HOUR - 1),
    hoursBefore: 48,
    riderHoursBefore: 48,
  };
  const at = { ...before, now: new Date(departure.getTime() - 48 * HOUR) };

  it.each<[RideRole, VendorStatus | null, boolean, boolean]>([
    ['organiser', null, true, true],
    ['passenger', null, false, true],
    ['vendor', 'approved', false, true],
    ['vendor', 'suspended', false, false],
    ['vendor', 'pending', false, false],
    ['member', null, false, false],
    ['member', 'approved', false, false],
    ['public', null, false, false],
  ])('%s (%s): before the window %s, inside it %s', (role, status, early, inside) => {
    expect(seesPassengerNumbers(role, status, before)).toBe(early);
    expect(seesPassengerNumbers(role, status, at)).toBe(inside);
  });
});

describe("the co-riders' window", () => {
  it('follows its own hours, apart from the vendor window', () => {
    const clock = { departure, now: new Date(departure.getTime() - 10 * HOUR), hoursBefore: 48, riderHoursBefore: 6 };
    expect(seesPassengerNumbers('passenger', null, clock)).toBe(false);
    expect(seesPassengerNumbers('vendor', 'approved', clock)).toBe(true);
    expect(seesPassengerNumbers('passenger', null, { ...clock, now: new Date(departure.getTime() - 6 * HOUR) })).toBe(
      true,
    );
  });
});

describe('seesPassengerRevolut', () => {
  it.each<[RideRole, boolean]>([
    ['organiser', true],
    ['passenger', false],
    ['vendor', false],
    ['member', false],
    ['public', false],
  ])('%s: %s', (role, sees) => {
    expect(seesPassengerRevolut(role)).toBe(sees);
  });
});

describe('seesOrganiserNumbers', () => {
  it.each<[RideRole, VendorStatus | null, boolean, boolean]>([
    ['organiser', null, true, true],
    ['passenger', null, true, true],
    ['vendor', 'approved', true, true],
    ['vendor', 'suspended', false, false],
    ['member', null, true, false],
    ['member', 'approved', true, false],
    ['member', 'rejected', false, false],
    ['public', null, false, false],
  ])('%s (%s): sharing with members %s, with the party %s', (role, status, members, party) => {
    expect(seesOrganiserNumbers(role, status, 'members')).toBe(members);
    expect(seesOrganiserNumbers(role, status, 'party')).toBe(party);
  });
});
