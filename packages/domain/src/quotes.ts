/**
 * Quotes: an approved vendor offers to drive a ride for its own price and the organiser chooses one
 * (docs/vendors.md#quotes). Accepting assigns the ride to that vendor and makes the quote the ride's
 * base cost, so the rules here guard both the offer and the choice.
 */
import { MAX_RIDE_COST, MIN_RIDE_COST } from './constants';
import { formatSgd, perPersonIfFull, perPersonNow, type RideCostFigures } from './cost';
import { DomainError, notFound, type DomainErrorCode } from './errors';
import { assertLicenceCovers, type LicensedRide, type VendorLicenceFacts } from './licence-rules';
import { assertIsCreator, assertNotCancelled, isPast, type RideState } from './ride-state';
import { assertApprovedVendor, isApprovedVendor, type VendorStanding, type VendorStatus } from './vendor-approval';

/**
 * A quote is `live` until the organiser accepts it or another (`accepted`, `declined`), its vendor
 * withdraws it (`withdrawn`) or quotes the ride again (`replaced`: the newer quote is the live one).
 */
export const QUOTE_STATUSES = ['live', 'replaced', 'withdrawn', 'declined', 'accepted'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** The longest note a vendor may add to a quote. */
export const MAX_QUOTE_NOTE_LENGTH = 300;
/** An organiser's phone hears of one vendor's quotes on one ride at most once in this many minutes (docs/vendors.md#quote-notices). */
export const QUOTE_PUSH_EVERY_MINUTES = 10;

/** One message for every way a price can be wrong: the same bounds as a ride's base cost. */
export const QUOTE_PRICE_MESSAGE = `Price must be a whole number from ${String(MIN_RIDE_COST)} to ${String(MAX_RIDE_COST)} SGD`;

/** What the quote rules read from a ride: its state, direction, departure and seats. */
export type QuotedRide = RideState & LicensedRide;

/** Why a ride takes no quotes (and cannot be accepted into): cancelled, already driven, or past. */
function assertRideOpenAhead(
  ride: QuotedRide,
  now: Date,
  messages: { cancelled: string; assigned: string; past: string },
): void {
  assertNotCancelled(ride, messages.cancelled);
  if (ride.status !== 'open') throw new DomainError('ALREADY_ASSIGNED', messages.assigned);
  if (isPast(ride, now)) throw new DomainError('RIDE_PAST', messages.past);
}

/**
 * Whether a vendor may quote a ride, checked in this order:
 * - the vendor is approved (VENDOR_ONLY / VENDOR_NOT_APPROVED with its status, a 403);
 * - the ride is not cancelled (RIDE_CANCELLED), has no driver yet (ALREADY_ASSIGNED), is ahead
 *   (RIDE_PAST);
 * - its licence covers the ride (`assertLicenceCovers`: pick-up country, permit expiry, seats).
 *
 * @example assertCanQuote({ vendor, licence, ride: { ...ride, status: 'assigned' }, pickupRuleOn: true, now })
 *   // throws ALREADY_ASSIGNED 'This ride already has a driver: it takes no quotes'
 */
export function assertCanQuote(args: {
  vendor: VendorStanding;
  licence: VendorLicenceFacts;
  ride: QuotedRide;
  pickupRuleOn: boolean;
  now: Date;
}): void {
  assertApprovedVendor(args.vendor);
  assertRideOpenAhead(args.ride, args.now, {
    cancelled: 'This ride was cancelled: it takes no quotes',
    assigned: 'This ride already has a driver: it takes no quotes',
    past: 'This ride is in the past: it takes no quotes',
  });
  assertLicenceCovers(args.licence, args.ride, args.pickupRuleOn);
}

const NOT_LIVE: Record<Exclude<QuoteStatus, 'live'>, string> = {
  replaced: 'This quote was replaced by a newer one from the same vendor',
  withdrawn: 'This quote was withdrawn by the vendor',
  declined: 'This quote was declined',
  accepted: 'This quote was already accepted',
};

/** QUOTE_NOT_LIVE saying what became of a quote that is no longer live. */
export function assertQuoteLive(quote: { status: QuoteStatus }): void {
  if (quote.status !== 'live') throw new DomainError('QUOTE_NOT_LIVE', NOT_LIVE[quote.status]);
}

/**
 * The organiser's words for a quoting vendor that may no longer drive. Never the vendor's own
 * messages: those address the vendor ('Your permit …') and carry what is the vendor's alone (an
 * administrator's reason, its permit's expiry date).
 */
const NOT_APPROVED_FOR_ORGANISER: Partial<Record<VendorStatus, string>> = {
  pending: 'its account is awaiting approval',
  rejected: 'its application was rejected',
  suspended: 'its account is suspended',
};
const LICENCE_GAP_FOR_ORGANISER: Partial<Record<DomainErrorCode, string>> = {
  VENDOR_INCOMPLETE: 'it has no cross-border permit on file',
  PICKUP_NOT_ALLOWED: 'its permit may not pick up in this direction',
  PERMIT_EXPIRES: 'its permit expires before this ride departs',
  VEHICLE_TOO_SMALL: 'its vehicle has fewer seats than this ride takes',
};

/**
 * Whether the organiser may accept a quote, checked in this order:
 * - only the organiser (NOT_CREATOR);
 * - the ride is not cancelled, has no driver yet and is ahead (so of two quotes accepted at once
 *   the second finds the ride assigned: 'This ride has already been assigned');
 * - the quote is still live (QUOTE_NOT_LIVE: withdrawn, replaced, declined);
 * - its vendor may still take the ride: still approved and its licence still covers it
 *   (VENDOR_CANNOT_TAKE with the reason in the organiser's words; the permit may have expired or
 *   the ride grown since).
 *
 * @example assertCanAcceptQuote({ ride, actorId: ride.creatorId, quote: { status: 'withdrawn' }, vendor, licence, pickupRuleOn: true, now })
 *   // throws QUOTE_NOT_LIVE 'This quote was withdrawn by the vendor'
 */
export function assertCanAcceptQuote(args: {
  ride: QuotedRide;
  actorId: number;
  quote: { status: QuoteStatus };
  vendor: VendorStanding;
  licence: VendorLicenceFacts;
  pickupRuleOn: boolean;
  now: Date;
}): void {
  const { ride, now } = args;
  assertIsCreator(ride, args.actorId, 'accept a quote');
  assertRideOpenAhead(ride, now, {
    cancelled: 'This ride was cancelled',
    assigned: 'This ride has already been assigned',
    past: 'This ride is in the past',
  });
  assertQuoteLive(args.quote);
  if (!isApprovedVendor(args.vendor)) {
    const status = args.vendor.isVendor ? NOT_APPROVED_FOR_ORGANISER[args.vendor.vendorStatus ?? 'pending'] : undefined;
    throw new DomainError(
      'VENDOR_CANNOT_TAKE',
      `This vendor can no longer take rides: ${status ?? 'it is not a vendor'}`,
    );
  }
  try {
    assertLicenceCovers(args.licence, ride, args.pickupRuleOn);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const why = LICENCE_GAP_FOR_ORGANISER[error.code] ?? 'its licence does not cover it';
    throw new DomainError('VENDOR_CANNOT_TAKE', `This vendor can no longer take this ride: ${why}`);
  }
}

/**
 * Only the vendor that made a quote withdraws it, and only while it is live. To anyone else the
 * quote does not exist (404 'Quote not found', as for an unknown id), so probing ids tells nothing.
 *
 * @example assertCanWithdrawQuote({ quote: { vendorId: 4, status: 'live' }, actorId: 5 })
 *   // throws NOT_FOUND 'Quote not found'
 */
export function assertCanWithdrawQuote(args: {
  quote: { vendorId: number; status: QuoteStatus };
  actorId: number;
}): void {
  if (args.quote.vendorId !== args.actorId) {
    throw notFound('quote');
  }
  assertQuoteLive(args.quote);
}

/** Which quotes of a ride a viewer sees: every live one (the organiser) or only its own (a vendor). */
export type QuoteAudience = 'all' | 'own';

/**
 * The organiser sees every live quote of its ride; an approved vendor sees its own; a vendor that
 * is not approved gets its status (403); everyone else QUOTES_HIDDEN (403).
 *
 * @example quoteAudience({ creatorId: 1 }, { id: 2, isVendor: false, vendorStatus: null, vendorStatusReason: null })
 *   // throws QUOTES_HIDDEN 'Only the ride organiser and vendors can see quotes'
 */
export function quoteAudience(ride: { creatorId: number }, viewer: VendorStanding & { id: number }): QuoteAudience {
  if (viewer.id === ride.creatorId) return 'all';
  if (!viewer.isVendor) throw new DomainError('QUOTES_HIDDEN', 'Only the ride organizer and vendors can see quotes');
  assertApprovedVendor(viewer);
  return 'own';
}

/** The per-person figures before and after a ride's base cost changes. */
export type PriceChange = {
  changed: boolean;
  nowBefore: number;
  nowAfter: number;
  ifFullBefore: number;
  ifFullAfter: number;
};

/**
 * What a new base cost does to the per-person figures (the cost box's "now" and "if full"),
 * by the same formulas every screen uses.
 *
 * @example priceChange({ cost: 80, additionalStops: 0, currentPassengers: 2, maxPassengers: 4 }, 100)
 *   // { changed: true, nowBefore: 40, nowAfter: 50, ifFullBefore: 20, ifFullAfter: 25 }
 */
export function priceChange(ride: RideCostFigures, newCost: number): PriceChange {
  const after = { ...ride, cost: newCost };
  const change = {
    nowBefore: perPersonNow(ride),
    nowAfter: perPersonNow(after),
    ifFullBefore: perPersonIfFull(ride),
    ifFullAfter: perPersonIfFull(after),
  };
  return { changed: change.nowBefore !== change.nowAfter || change.ifFullBefore !== change.ifFullAfter, ...change };
}

/**
 * The words passengers read of a price change (the notification's detail), old figure first.
 *
 * @example priceChangeDetail({ changed: true, nowBefore: 40, nowAfter: 50, ifFullBefore: 20, ifFullAfter: 25 })
 *   // 'per person now SGD 40.00 → SGD 50.00; if full SGD 20.00 → SGD 25.00'
 */
export function priceChangeDetail(change: PriceChange): string {
  return (
    `per person now ${formatSgd(change.nowBefore, 2)} → ${formatSgd(change.nowAfter, 2)}; ` +
    `if full ${formatSgd(change.ifFullBefore, 2)} → ${formatSgd(change.ifFullAfter, 2)}`
  );
}
