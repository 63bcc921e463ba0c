import { describe, expect, it } from 'vitest';

import { isDomainError } from './errors';
import { assertCanReadManifest, groupQrCodeNote, manifestText, type RideManifest, lacksPhone } from './manifest';

const manifest: RideManifest = {
  rideId: 7,
  direction: 'SG->FC',
  date: '2026-12-03T02:00:00.000Z',
  pickupLocation: 'Pasir Ris MRT',
  stops: [
    {
      stop: 1,
      passengerId: 11,
      name: 'Olivia',
      passengerCount: 2,
      location: 'Pasir Ris MRT',
      coordinates: null,
      isOrganiser: true,
      whatsappNumber: '+6591111111',
      malaysianNumber: null,
    },
    {
      stop: 2,
      passengerId: 12,
      name: 'Bo',
      passengerCount: 1,
      location: 'Blk 123\nTampines St 11',
      coordinates: { latitude: 1.35, longitude: 103.94 },
      isOrganiser: false,
      whatsappNumber: '+6592222222',
      malaysianNumber: '+60123456789',
    },
  ],
  totalPassengers: 3,
  vehicle: {
    carNumber: 'SGX1234A',
    seats: 13,
    companyName: 'Acme Transport',
    driverName: 'Tan',
    driverContact: '+6593333333',
  },
  organiser: { name: 'Olivia', whatsappNumber: '+6591111111', malaysianNumber: null },
  contactsVisible: true,
  contactsVisibleFrom: '2026-12-01T02:00:00.000Z',
  note: null,
};

describe('manifestText', () => {
  it('lists the trip in stop order with the numbers, the vehicle and the total', () => {
    expect(manifestText(manifest)).toBe(
      [
        'Ride manifest: Singapore to Forest City',
        'Departure: Thu, 3 Dec 2026, 10:00 am',
        'Vehicle: SGX1234A, 13 seats · Acme Transport · Driver Tan +6593333333',
        'Organizer: Olivia (WhatsApp +6591111111)',
        '',
        'Pick-up: Pasir Ris MRT',
        'Pick-up order:',
        '1. Olivia (2 people): Pasir Ris MRT · WhatsApp +6591111111',
        '2. Bo (1 person): Blk 123 Tampines St 11 · WhatsApp +6592222222, MY +60123456789',
        '',
        'Total: 3 people',
      ].join('\n'),
    );
  });

  it('lists a late joiner not placed yet without a number', () => {
    const first = manifest.stops[0];
    if (!first) throw new Error('no stop');
    const text = manifestText({
      ...manifest,
      stops: [first, { ...first, stop: null, name: 'Dan', passengerCount: 1 }],
    });
    expect(text).toContain('Not placed yet: Dan (1 person): Pasir Ris MRT');
  });

  it("says when the passengers' numbers come, and carries the note", () => {
    const hidden: RideManifest = {
      ...manifest,
      vehicle: null,
      contactsVisible: false,
      stops: manifest.stops.map((stop) => ({ ...stop, whatsappNumber: null, malaysianNumber: null })),
      note: 'Two codes needed',
    };
    const lines = manifestText(hidden).split('\n');
    expect(lines[2]).toBe('Vehicle: No vendor assigned yet');
    expect(lines).toContain('2. Bo (1 person): Blk 123 Tampines St 11');
    expect(lines.slice(-2)).toEqual([
      "Passengers' numbers are shown from Tue, 1 Dec 2026, 10:00 am.",
      'Note: Two codes needed',
    ]);
  });
});

describe('groupQrCodeNote', () => {
  it('is null up to 10 people and a note past them', () => {
    expect(groupQrCodeNote(10)).toBeNull();
    expect(groupQrCodeNote(11)).toBe(
      'This party has 11 people: one group travel QR code covers at most 10, so the party needs more than one.',
    );
  });
});

describe('assertCanReadManifest', () => {
  const member = { isVendor: false, vendorStatus: null, vendorStatusReason: null };
  const approved = { isVendor: true, vendorStatus: 'approved' as const, vendorStatusReason: null };
  const suspended = { isVendor: true, vendorStatus: 'suspended' as const, vendorStatusReason: 'Expired insurance' };
  const codeOf = (call: () => void): string | null => {
    try {
      call();
      return null;
    } catch (error) {
      return isDomainError(error) ? `${error.code}: ${error.message}` : 'other';
    }
  };

  it('lets the organiser and the approved assigned vendor read it, and nobody else', () => {
    expect(codeOf(() => assertCanReadManifest('organiser', member))).toBeNull();
    expect(codeOf(() => assertCanReadManifest('vendor', approved))).toBeNull();
    expect(codeOf(() => assertCanReadManifest('vendor', suspended))).toBe(
      'VENDOR_NOT_APPROVED: Your vendor account is suspended: Expired insurance',
    );
    for (const role of ['passenger', 'member', 'public'] as const) {
      expect(codeOf(() => assertCanReadManifest(role, approved))).toBe(
        'NOT_ASSIGNED_VENDOR: Only the assigned vendor and the organizer can see this manifest',
      );
    }
  });
});

describe('lacksPhone', () => {
  const none = { whatsappNumber: null, malaysianNumber: null };
  it('flags a group without numbers only once numbers are shown', () => {
    expect(lacksPhone(none, true)).toBe(true);
    expect(lacksPhone(none, false)).toBe(false);
    expect(lacksPhone({ whatsappNumber: null, malaysianNumber: '+60123' }, true)).toBe(false);
  });
});
