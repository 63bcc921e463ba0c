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

export const rideSummaryOutput = outputObject({
  id: z.number(),
  creatorId: z.number(),
  creatorName: z.string().nullable(),
  creatorVerified: z.boolean(),
  direction,
  date: z.string(),
  maxPassengers: z.number(),
  currentPassengers: z.number(),
  pickupLocation: z.string(),
  dropoffLocations: z.array(outputObject({ location: z.string(), passengerCount: z.number() })),
  /** The stops in route order (docs/product.md#route-order); null for the public. */
  routeStops: z
    .array(outputObject({ stop: z.number().nullable(), location: z.string(), passengerCount: z.number() }))
    .nullable(),
  status: z.enum(RIDE_STATUSES),
  vendorId: z.number().nullable(),
  driverContactId: z.number().nullable(),
  cost: z.number(),
  additionalStops: z.number(),
  stopPrice: z.number(),
  sequenceLocked: z.boolean(),
  cancelReason: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  seriesId: z.number().nullable(),
  heldSeats: z.number(),
  minPassengers: z.number().nullable(),
  priceLockedAt: z.string().nullable(),
  joinPrice: z.number().nullable(),
  crossing,
  tripLatest: outputObject({ stage: tripStage, at: z.string() }).nullable(),
});

export const rideListPageOutput = pageOf(rideSummaryOutput);

export const waitlistStandingOutput = outputObject({
  position: z.number(),
  passengerCount: z.number(),
  offerExpiresAt: z.string().nullable(),
});

/** One ride with its organizer as `creator`, its driver card and its waitlist as the reader sees them. */
export const rideDetailOutput = rideSummaryOutput.extend({
  creator: z
    .object({
      id: z.number(),
      name: z.string().nullable(),
      discordUsername: z.string().nullable(),
      discordVerified: z.boolean(),
      whatsappNumber: z.string().nullable(),
      malaysianNumber: z.string().nullable(),
    })
    .nullable(),
  driver: z
    .object({
      companyName: z.string().nullable(),
      driverName: z.string().nullable(),
      driverContact: z.string().nullable(),
      carNumber: z.string().nullable(),
    })
    .nullable(),
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
  vehicle: z
    .object({
      carNumber: z.string().nullable(),
      seats: z.number().nullable(),
      companyName: z.string().nullable(),
      driverName: z.string().nullable(),
      driverContact: z.string().nullable(),
    })
    .nullable(),
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
