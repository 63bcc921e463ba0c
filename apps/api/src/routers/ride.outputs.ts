import { RIDE_STATUSES } from '@rideshare/domain';
import { z } from 'zod';

import {
  contactNumbers,
  coordinatesOutput,
  crossing,
  direction,
  outputObject,
  pageOf,
  tripStage,
} from './shared.outputs';

/**
 * A ride as every list and detail answer shows it; dates are ISO strings on the wire. What it
 * holds depends on the audience (domain `visibility`): members get the organiser's Discord
 * username as `creatorName` when no name was given, every passenger's location in
 * `dropoffLocations` and the stops in route order in `routeStops`; the public gets none of them.
 */
export const rideSummaryOutput = outputObject({
  id: z.number(),
  creatorId: z.number(),
  /** The organiser's name (members: else their Discord username); null when there is none to show. */
  creatorName: z.string().nullable(),
  /** The shown organiser name is a Discord name proven by signing in with Discord (docs/sign-in.md#verified). */
  creatorVerified: z.boolean(),
  direction,
  date: z.string(),
  maxPassengers: z.number(),
  currentPassengers: z.number(),
  pickupLocation: z.string(),
  /** Every passenger group's location, the organiser's first (the edit form reads it there). */
  dropoffLocations: z.array(outputObject({ location: z.string(), passengerCount: z.number() })),
  /**
   * The stops in Singapore in route order (docs/product.md#route-order): by stop number, unnumbered
   * entries last in joining order, one place one stop with its groups added up. Members only; null
   * for the public.
   */
  routeStops: z
    .array(outputObject({ stop: z.number().nullable(), location: z.string(), passengerCount: z.number() }))
    .nullable(),
  status: z.enum(RIDE_STATUSES),
  vendorId: z.number().nullable(),
  driverContactId: z.number().nullable(),
  cost: z.number(),
  additionalStops: z.number(),
  /** Price of one additional stop, SGD; total = cost + additionalStops × stopPrice. */
  stopPrice: z.number(),
  sequenceLocked: z.boolean(),
  /** Why the organiser cancelled the ride; null unless `status` is 'cancelled'. */
  cancelReason: z.string().nullable(),
  /** When the ride was cancelled (ISO); null unless `status` is 'cancelled'. */
  cancelledAt: z.string().nullable(),
  /** The weekly series the ride belongs to (docs/series.md); null for a ride made on its own. */
  seriesId: z.number().nullable(),
  /**
   * Seats held by waitlist offers (docs/features.md#waitlist): a newcomer counts them as taken, so a ride
   * whose free seats are all held reads Full. In lists, every offer not yet passed on (a lapsed one
   * until the sweep or the ride's next action passes it on, at most `WAITLIST_SWEEP_SECONDS`); in a
   * ride detail, live offers only, as `waitlist.heldSeats`.
   */
  heldSeats: z.number(),
  /** At least this many on board for the ride to go; null: no minimum (docs/payments.md#minimum). */
  minPassengers: z.number().nullable(),
  /** When the price locked (ISO); null before (docs/payments.md#price-lock). */
  priceLockedAt: z.string().nullable(),
  /**
   * After the lock: what one more seat at a stop the ride makes would owe on joining now, SGD, by the
   * split a join makes (docs/payments.md#join-price); null before the lock.
   */
  joinPrice: z.number().nullable(),
  /** The bridge the ride crosses by (docs/trip-day.md#crossing). */
  crossing,
  /**
   * The newest stage of the trip day and when it was posted (ISO); null before any, and always
   * null but for the ride's party in the caller's own lists and ride detail (docs/trip-day.md#list).
   */
  tripLatest: outputObject({ stage: tripStage, at: z.string() }).nullable(),
});

export const rideListPageOutput = pageOf(rideSummaryOutput);

/** Where a member stands on a ride's waitlist (the ride detail's `waitlist.mine`); `offerExpiresAt` is set while seats are held for them. */
export const waitlistStandingOutput = outputObject({
  position: z.number(),
  passengerCount: z.number(),
  offerExpiresAt: z.string().nullable(),
});

/**
 * One ride with its organiser (docs/product.md#data `creator`; null if the user no longer exists), its
 * driver card (`driver`: null unless a vendor is assigned and the caller is of the ride's party)
 * and its waitlist: how many groups wait and the seats live offers hold (for everyone; no one's
 * identity; a newcomer counts them as taken), and the viewer's own place in line (null when not
 * waiting, and always for signed-out visitors). Lapsed offers have left the line.
 */
export const rideDetailOutput = rideSummaryOutput.extend({
  creator: outputObject({
    id: z.number(),
    name: z.string().nullable(),
    discordUsername: z.string().nullable(),
    /** The username is the organiser's verified Discord name (docs/sign-in.md#verified). */
    discordVerified: z.boolean(),
    whatsappNumber: z.string().nullable(),
    malaysianNumber: z.string().nullable(),
  }).nullable(),
  driver: outputObject({
    companyName: z.string().nullable(),
    driverName: z.string().nullable(),
    driverContact: z.string().nullable(),
    carNumber: z.string().nullable(),
  }).nullable(),
  waitlist: outputObject({ count: z.number(), heldSeats: z.number(), mine: waitlistStandingOutput.nullable() }),
});

/** The ride page's answer: the detail plus border readiness counts (organizer and assigned vendor only). */
export const rideWithReadinessOutput = rideDetailOutput.extend({
  readiness: outputObject({ ready: z.number(), total: z.number() }).nullable(),
});

export const rideManifestOutput = outputObject({
  rideId: z.number(),
  direction,
  date: z.string(),
  pickupLocation: z.string(),
  stops: z.array(
    outputObject({
      stop: z.number().nullable(),
      passengerId: z.number(),
      name: z.string(),
      passengerCount: z.number(),
      location: z.string(),
      coordinates: coordinatesOutput.nullable(),
      isOrganiser: z.boolean(),
      ...contactNumbers,
    }),
  ),
  totalPassengers: z.number(),
  vehicle: outputObject({
    carNumber: z.string().nullable(),
    seats: z.number().nullable(),
    companyName: z.string().nullable(),
    driverName: z.string().nullable(),
    driverContact: z.string().nullable(),
  }).nullable(),
  organiser: outputObject({ name: z.string(), ...contactNumbers }),
  contactsVisible: z.boolean(),
  contactsVisibleFrom: z.string(),
  note: z.string().nullable(),
});

/** Where a signed-in member stands on each ride of theirs (ride cards' badges). */
export const rideStandingOutput = z.array(
  z.discriminatedUnion('kind', [
    outputObject({ rideId: z.number(), kind: z.literal('organizer') }),
    outputObject({
      rideId: z.number(),
      kind: z.literal('passenger'),
      stop: z.number().nullable(),
      amountDueCents: z.number().nullable(),
    }),
    outputObject({ rideId: z.number(), kind: z.literal('offered'), offerExpiresAt: z.string() }),
    outputObject({ rideId: z.number(), kind: z.literal('waitlisted'), position: z.number() }),
    outputObject({ rideId: z.number(), kind: z.literal('assigned') }),
  ]),
);
