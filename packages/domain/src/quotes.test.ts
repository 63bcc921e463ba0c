import { describe, expect, it } from 'vitest';

import type { VendorLicenceFacts } from './licence-rules';
import {
  assertCanAcceptQuote,
  assertCanQuote,
  assertCanWithdrawQuote,
  priceChange,
  priceChangeDetail,
  QUOTE_PRICE_MESSAGE,
  quoteAudience,
  type QuotedRide,
  type QuoteStatus,
} from './quotes';
import { quoteFormSchema, quoteInput } from './schemas';
import { expectDomainError } from './test-helpers';
import type { VendorStanding } from './vendor-approval';

const NOW = new Date('2026-11-25T04:00:00Z');
const RIDE: QuotedRide = {
  creatorId: 1,
  date: '2026-12-01T02:00:00Z',
  maxPassengers: 4,
  currentPassengers: 2,
  status: 'open',
  direction: 'SG->FC',
};
const APPROVED: VendorStanding = { isVendor: true, vendorStatus: 'approved', vendorStatusReason: null };
const LICENCE: VendorLicenceFacts = {
  permit: { country: 'SG', number: 'CBT-1', expiresOn: '2027-06-30' },
  vehicleSeats: 6,
};

describe('quoteInput', () => {
  it('takes a whole SGD price from 1 to 1000 and an optional note, blank meaning none', () => {
    expect(quoteInput.parse({ rideId: 3, price: 1 })).toEqual({ rideId: 3, price: 1, note: null });
    expect(quoteInput.parse({ rideId: 3, price: 1000, note: '  Van, 13 seats ' })).toEqual({
      rideId: 3,
      price: 1000,
      note: 'Van, 13 seats',
    });
    expect(quoteInput.parse({ rideId: 3, price: 90, note: '   ' }).note).toBeNull();
  });

  it.each([0, 1001, 90.5, -5, '90', null, undefined])('refuses the price %o naming the rule', (price) => {
    const result = quoteInput.safeParse({ rideId: 3, price });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(QUOTE_PRICE_MESSAGE);
  });

  it('refuses a long note and one with control or text-direction characters', () => {
    expect(quoteInput.safeParse({ rideId: 3, price: 90, note: 'x'.repeat(301) }).error?.issues[0]?.message).toBe(
      'Note must be at most 300 characters',
    );
    expect(quoteInput.safeParse({ rideId: 3, price: 90, note: 'a\u202Eb' }).error?.issues[0]?.message).toBe(
      'Note contains characters that are not allowed (control or text-direction characters)',
    );
    expect(quoteInput.safeParse({ rideId: 3, price: 90, note: 'line\nbreak' }).success).toBe(false);
  });

  it('reads the form’s text inputs with the same messages', () => {
    expect(quoteFormSchema.parse({ price: '95', note: '' })).toEqual({ price: 95, note: '' });
    expect(quoteFormSchema.safeParse({ price: '' }).error?.issues[0]?.message).toBe(QUOTE_PRICE_MESSAGE);
    expect(quoteFormSchema.safeParse({ price: '1001' }).error?.issues[0]?.message).toBe(QUOTE_PRICE_MESSAGE);
  });
});

describe('assertCanQuote', () => {
  const quote =
    (over: { ride?: Partial<QuotedRide>; vendor?: Partial<VendorStanding>; licence?: VendorLicenceFacts }) => () =>
      assertCanQuote({
        vendor: { ...APPROVED, ...over.vendor },
        licence: over.licence ?? LICENCE,
        ride: { ...RIDE, ...over.ride },
        pickupRuleOn: true,
        now: NOW,
      });

  it('lets an approved vendor whose licence covers it quote an open future ride', () => {
    expect(quote({})).not.toThrow();
  });

  it.each([
    [{ vendor: { isVendor: false, vendorStatus: null } }, 'VENDOR_ONLY', 'Only vendors can do this'],
    [
      { vendor: { vendorStatus: 'pending' as const } },
      'VENDOR_NOT_APPROVED',
      'Your vendor account is awaiting approval',
    ],
    [{ ride: { status: 'cancelled' } }, 'RIDE_CANCELLED', 'This ride was cancelled: it takes no quotes'],
    [{ ride: { status: 'assigned' } }, 'ALREADY_ASSIGNED', 'This ride already has a driver: it takes no quotes'],
    [{ ride: { status: 'completed' } }, 'ALREADY_ASSIGNED', 'This ride already has a driver: it takes no quotes'],
    [{ ride: { date: '2026-11-25T03:59:59Z' } }, 'RIDE_PAST', 'This ride is in the past: it takes no quotes'],
    [
      { ride: { direction: 'FC->SG' as const } },
      'PICKUP_NOT_ALLOWED',
      'A Singapore (SG) permit may only pick up in Singapore (SG->FC rides)',
    ],
    [
      { ride: { maxPassengers: 8 } },
      'VEHICLE_TOO_SMALL',
      'This ride takes up to 8 passengers; your vehicle has 6 seats',
    ],
  ] as const)('refuses %o', (over, code, message) => {
    expectDomainError(quote(over), code, message);
  });

  it('allows a ride departing exactly now (not past yet)', () => {
    expect(quote({ ride: { date: NOW.toISOString() } })).not.toThrow();
  });
});

describe('assertCanAcceptQuote', () => {
  const accept =
    (over: {
      ride?: Partial<QuotedRide>;
      actorId?: number;
      status?: QuoteStatus;
      vendor?: Partial<VendorStanding>;
      licence?: VendorLicenceFacts;
    }) =>
    () =>
      assertCanAcceptQuote({
        ride: { ...RIDE, ...over.ride },
        actorId: over.actorId ?? 1,
        quote: { status: over.status ?? 'live' },
        vendor: { ...APPROVED, ...over.vendor },
        licence: over.licence ?? LICENCE,
        pickupRuleOn: true,
        now: NOW,
      });

  it('lets the organiser accept a live quote on an open future ride', () => {
    expect(accept({})).not.toThrow();
  });

  it.each([
    [{ actorId: 2 }, 'NOT_CREATOR', 'Only the ride organizer can accept a quote'],
    [{ ride: { status: 'cancelled' } }, 'RIDE_CANCELLED', 'This ride was cancelled'],
    [
      { ride: { status: 'assigned' }, status: 'declined' as const },
      'ALREADY_ASSIGNED',
      'This ride has already been assigned',
    ],
    [{ ride: { date: '2026-11-20T00:00:00Z' } }, 'RIDE_PAST', 'This ride is in the past'],
    [{ status: 'withdrawn' as const }, 'QUOTE_NOT_LIVE', 'This quote was withdrawn by the vendor'],
    [{ status: 'replaced' as const }, 'QUOTE_NOT_LIVE', 'This quote was replaced by a newer one from the same vendor'],
    [{ status: 'declined' as const }, 'QUOTE_NOT_LIVE', 'This quote was declined'],
    [{ status: 'accepted' as const }, 'QUOTE_NOT_LIVE', 'This quote was already accepted'],
    [
      { vendor: { vendorStatus: 'suspended' as const, vendorStatusReason: 'Complaints' } },
      'VENDOR_CANNOT_TAKE',
      'This vendor can no longer take rides: its account is suspended',
    ],
    [
      { vendor: { vendorStatus: 'pending' as const, vendorStatusReason: null } },
      'VENDOR_CANNOT_TAKE',
      'This vendor can no longer take rides: its account is awaiting approval',
    ],
    [
      { vendor: { isVendor: false, vendorStatus: null } },
      'VENDOR_CANNOT_TAKE',
      'This vendor can no longer take rides: it is not a vendor',
    ],
    [
      {
        licence: { ...LICENCE, permit: { country: 'SG', number: 'X', expiresOn: '2026-11-30' } } as VendorLicenceFacts,
      },
      'VENDOR_CANNOT_TAKE',
      'This vendor can no longer take this ride: its permit expires before this ride departs',
    ],
    [
      { licence: { ...LICENCE, vehicleSeats: 2 } },
      'VENDOR_CANNOT_TAKE',
      'This vendor can no longer take this ride: its vehicle has fewer seats than this ride takes',
    ],
    [
      { licence: { ...LICENCE, permit: null } },
      'VENDOR_CANNOT_TAKE',
      'This vendor can no longer take this ride: it has no cross-border permit on file',
    ],
  ] as const)('refuses %o', (over, code, message) => {
    expectDomainError(accept(over), code, message);
  });
});

describe('assertCanWithdrawQuote', () => {
  it('lets the quoting vendor withdraw its live quote, nobody else, and not twice', () => {
    expect(() => assertCanWithdrawQuote({ quote: { vendorId: 4, status: 'live' }, actorId: 4 })).not.toThrow();
    expectDomainError(
      () => assertCanWithdrawQuote({ quote: { vendorId: 4, status: 'live' }, actorId: 5 }),
      'NOT_FOUND',
      'Quote not found',
    );
    expectDomainError(
      () => assertCanWithdrawQuote({ quote: { vendorId: 4, status: 'withdrawn' }, actorId: 4 }),
      'QUOTE_NOT_LIVE',
      'This quote was withdrawn by the vendor',
    );
  });
});

describe('quoteAudience', () => {
  const member = { id: 2, isVendor: false, vendorStatus: null, vendorStatusReason: null };
  it('gives the organiser every quote and an approved vendor its own', () => {
    expect(quoteAudience({ creatorId: 2 }, member)).toBe('all');
    expect(quoteAudience({ creatorId: 1 }, { id: 3, ...APPROVED })).toBe('own');
  });

  it('refuses other members and vendors that are not approved', () => {
    expectDomainError(
      () => quoteAudience({ creatorId: 1 }, member),
      'QUOTES_HIDDEN',
      'Only the ride organizer and vendors can see quotes',
    );
    expectDomainError(
      () =>
        quoteAudience({ creatorId: 1 }, { id: 3, isVendor: true, vendorStatus: 'rejected', vendorStatusReason: 'No' }),
      'VENDOR_NOT_APPROVED',
      'Your vendor application was rejected: No',
    );
  });
});

describe('priceChange', () => {
  it('gives the per-person figures before and after a new base cost, to the cent', () => {
    const ride = { cost: 80, additionalStops: 1, stopPrice: 5, currentPassengers: 3, maxPassengers: 4 };
    const change = priceChange(ride, 100);
    expect(change).toEqual({ changed: true, nowBefore: 28.33, nowAfter: 35, ifFullBefore: 21.25, ifFullAfter: 26.25 });
    expect(priceChangeDetail(change)).toBe('per person now SGD 28.33 → SGD 35.00; if full SGD 21.25 → SGD 26.25');
  });

  it('says nothing changed when the quote equals the base cost', () => {
    expect(priceChange({ cost: 80, currentPassengers: 1, maxPassengers: 4 }, 80).changed).toBe(false);
  });
});
