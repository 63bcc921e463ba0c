/**
 * Quoting a ride, withdrawing a quote and accepting one (docs/vendors.md#quotes). Each runs in one
 * transaction that locks the ride row first, so a quote, a withdrawal, a direct assign and the
 * organiser's accepts on one ride happen one after the other: of two accepts sent at once (two
 * tabs) the second finds the ride assigned. Each answers from its own transaction: the quote, or
 * for an accept the ride as the organiser now sees it.
 */
import type { Database } from '@rideshare/db';
import {
  assertCanAcceptQuote,
  assertCanQuote,
  assertCanWithdrawQuote,
  assertIsCreator,
  DomainError,
  formatSgd,
  notFound,
  priceChange,
  priceChangeDetail,
  quoteAudience,
  toCents,
  totalCost,
  type QuoteInput,
  type VendorStanding,
} from '@rideshare/domain';
import type { Kysely, Transaction } from 'kysely';

import { publishRideEvent } from '../events/publish';
import { isUniqueViolation } from '../repositories/postgres';
import {
  findQuote,
  findRideCreatorId,
  insertQuote,
  listLiveQuotes,
  lockQuoteForUpdate,
  readRidePrices,
  retireLiveQuotes,
  setQuoteStatus,
  type QuoteAnswer,
} from '../repositories/quote-repository';
import { assignRideToVendor, type LockedRide, type RideDetail } from '../repositories/ride-repository';
import { findPaymentRide } from '../repositories/payment-repository';
import { findPublicUserById, type PublicUser } from '../repositories/user-repository';
import { applyPriceChange } from './payment-split';
import { rideDetailIn, type RideViewer } from './ride-detail-service';
import { takeBackQuoteNotice, tellOrganiserOfQuote } from './quote-notices';
import { notifyAboutRide } from './ride-notifications';
import { lockExistingRide, lockRideWithEntries, partyMemberIds, partyOfEntries } from './ride-party';
import { rideStateOf } from './ride-writes';

function quoteNotFound(): never {
  throw notFound('quote');
}

/** The quote as it now is, read in the write's transaction. */
async function quoteIn(trx: Transaction<Database>, quoteId: number): Promise<QuoteAnswer> {
  return (await findQuote(trx, quoteId)) ?? quoteNotFound();
}

/** The vendor as the quote rules read it: its standing and its licence. */
function vendorFacts(vendor: PublicUser | null) {
  return {
    vendor: {
      isVendor: vendor?.isVendor ?? false,
      vendorStatus: vendor?.vendorStatus ?? null,
      vendorStatusReason: vendor?.vendorStatusReason ?? null,
    },
    licence: { permit: vendor?.permit ?? null, vehicleSeats: vendor?.vehicleSeats ?? null },
  };
}

/**
 * The live quotes of a ride as `viewer` may see them (domain `quoteAudience`): every one for its
 * organiser, its own for an approved vendor; QUOTES_HIDDEN or the vendor's status for anyone else.
 */
export async function listQuotesFor(
  db: Kysely<Database>,
  args: { rideId: number; viewer: VendorStanding & { id: number }; now: Date },
): Promise<QuoteAnswer[]> {
  const creatorId = await findRideCreatorId(db, args.rideId);
  if (creatorId === null) throw notFound('ride');
  const audience = quoteAudience({ creatorId }, args.viewer);
  return listLiveQuotes(db, args.rideId, args.now, audience === 'own' ? args.viewer.id : undefined);
}

/**
 * An approved vendor quotes an open, future ride its licence covers (domain `assertCanQuote`).
 * Its previous live quote on the ride, if any, is replaced: the new one is the only live one. The
 * organiser is told ('quote_received', one notice per vendor and ride: quote-notices.ts). Answers the new quote.
 */
export async function submitQuote(
  db: Kysely<Database>,
  args: { vendorId: number; input: QuoteInput; now: Date; pickupRuleOn: boolean },
): Promise<QuoteAnswer> {
  const { vendorId, input, now } = args;
  try {
    return await db.transaction().execute(async (trx) => {
      const { ride, entries } = await lockRideWithEntries(trx, input.rideId);
      const vendor = await findPublicUserById(trx, vendorId);
      assertCanQuote({
        ...vendorFacts(vendor),
        ride: rideStateOf(ride, entries),
        pickupRuleOn: args.pickupRuleOn,
        now,
      });
      await retireLiveQuotes(trx, ride.id, 'replaced', vendorId);
      const id = await insertQuote(trx, { rideId: ride.id, vendorId, price: input.price, note: input.note });
      await publishRideEvent(trx, 'quotes.changed', ride.id);
      const company = vendor?.companyName ?? 'A vendor';
      await tellOrganiserOfQuote(trx, ride, { vendorId, detail: `${company} · ${formatSgd(input.price)}`, now });
      return quoteIn(trx, id);
    });
  } catch (error) {
    // The ride lock already serialises a vendor's quotes; the unique index is the last line of defence.
    if (isUniqueViolation(error, 'ride_quotes_one_live_idx')) {
      throw new DomainError('QUOTE_NOT_LIVE', 'Your quote on this ride changed at the same moment: please quote again');
    }
    throw error;
  }
}

/**
 * The vendor withdraws its own live quote (domain `assertCanWithdrawQuote`); the organiser's unread
 * notice of it goes. Answers it, withdrawn.
 */
export function withdrawQuote(
  db: Kysely<Database>,
  args: { actorId: number; rideId: number; quoteId: number },
): Promise<QuoteAnswer> {
  return db.transaction().execute(async (trx) => {
    // The ride first, then its quote; an unknown quote (or another ride's) is 'Quote not found'.
    const ride = await lockExistingRide(trx, args.rideId);
    const quote = (await lockQuoteForUpdate(trx, ride.id, args.quoteId)) ?? quoteNotFound();
    assertCanWithdrawQuote({ quote, actorId: args.actorId });
    await setQuoteStatus(trx, quote.id, 'withdrawn');
    await publishRideEvent(trx, 'quotes.changed', ride.id);
    await takeBackQuoteNotice(trx, ride, quote.vendorId);
    return quoteIn(trx, quote.id);
  });
}

/**
 * The organiser accepts a live quote (domain `assertCanAcceptQuote`). In one transaction, under
 * the ride's lock: the ride is assigned to the quote's vendor with the quote as its base cost, the
 * quote is accepted and every other live quote declined. Told: the vendor ('quote_accepted'), the
 * declined vendors ('quote_declined'), the passengers (the vendor, and before the lock the new
 * per-person figures when they changed). After the lock the shares split again through the ledger
 * (docs/payments.md#price-changes): a rise needs `confirmAmounts` (the organiser saw each rider's
 * amount before and after), and each rider whose amount changed is told with the reason. Answers
 * the ride as the organiser now sees it.
 */
export function acceptQuote(
  db: Kysely<Database>,
  args: {
    actorId: number;
    rideId: number;
    quoteId: number;
    now: Date;
    pickupRuleOn: boolean;
    viewer: RideViewer;
    confirmAmounts?: boolean;
  },
): Promise<RideDetail> {
  return db.transaction().execute(async (trx) => {
    const { ride, entries } = await lockRideWithEntries(trx, args.rideId);
    // The organiser first, so nobody else learns even which quote ids the ride has (404 vs 403).
    assertIsCreator(ride, args.actorId, 'accept a quote');
    const quote = (await lockQuoteForUpdate(trx, ride.id, args.quoteId)) ?? quoteNotFound();
    const vendor = await findPublicUserById(trx, quote.vendorId);
    const state = rideStateOf(ride, entries);
    assertCanAcceptQuote({
      ...vendorFacts(vendor),
      ride: state,
      actorId: args.actorId,
      quote,
      pickupRuleOn: args.pickupRuleOn,
      now: args.now,
    });
    const prices = await readRidePrices(trx, ride.id);
    const change = priceChange({ ...prices, ...state }, quote.price);
    const locked = (await findPaymentRide(trx, ride.id))?.priceLockedAt != null;
    await assignRideToVendor(trx, ride.id, quote.vendorId, quote.price);
    await applyPriceChange(trx, {
      rideId: ride.id,
      previousTotalCents: toCents(totalCost(prices)),
      now: args.now,
      reason: `Quote accepted (${formatSgd(quote.price)})`,
      confirmed: args.confirmAmounts === true,
    });
    await setQuoteStatus(trx, quote.id, 'accepted');
    const declined = await retireLiveQuotes(trx, ride.id, 'declined');
    await publishRideEvent(trx, 'ride.assigned', ride.id);
    await publishRideEvent(trx, 'quotes.changed', ride.id);
    await notifyAboutRide(trx, [quote.vendorId], ride, 'quote_accepted', formatSgd(quote.price));
    await notifyAboutRide(trx, declined, ride, 'quote_declined');
    const passengers = partyMemberIds(await partyOfEntries(trx, ride, entries), [ride.creatorId, quote.vendorId]);
    await notifyAboutRide(trx, passengers, ride, 'vendor_assigned', vendor?.companyName ?? null);
    // After the lock each rider's own share tells the change (payment_amount_changed), not the estimate.
    if (change.changed && !locked) {
      await notifyAboutRide(trx, passengers, ride, 'ride_price_changed', priceChangeDetail(change));
    }
    return rideDetailIn(trx, ride.id, args.viewer, args.now);
  });
}

/**
 * A vendor took the ride at its listed cost: the live quotes lapse ('quote_declined' to their
 * vendors, but the one that took it). The caller holds the ride's lock.
 */
export async function declineQuotesOnAssign(
  trx: Transaction<Database>,
  ride: LockedRide,
  takenBy: number,
): Promise<void> {
  const declined = await retireLiveQuotes(trx, ride.id, 'declined');
  if (declined.length === 0) return;
  await publishRideEvent(trx, 'quotes.changed', ride.id);
  await notifyAboutRide(
    trx,
    declined.filter((vendorId) => vendorId !== takenBy),
    ride,
    'quote_declined',
  );
}
