/**
 * What every procedure answers, as zod schemas: each procedure declares its own with `.output()`, so
 * the answer is checked (and anything the type does not name is dropped) before it leaves, and the
 * OpenAPI document (openapi/document.ts) describes REST answers from the same schemas as the inputs.
 * Kept exact: the routers' return types must fit them (the typecheck), and every REST answer in the
 * integration tests is checked against the document (docs/api.md#the-document-is-the-truth).
 */
import {
  CHECKLIST_ITEM_IDS,
  CHECKLIST_STATUSES,
  CONTACT_SHARING,
  CROSSINGS,
  DIRECTIONS,
  DOCUMENT_CATEGORIES,
  MESSAGE_AUTHOR_ROLES,
  NOTIFICATION_KINDS,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  PERMIT_COUNTRIES,
  QUOTE_STATUSES,
  RIDE_STATUSES,
  THUMB_VALUES,
  TRIP_POSTER_ROLES,
  TRIP_STAGES,
  VENDOR_STATUSES,
} from '@rideshare/domain';
import { z } from 'zod';

const direction = z.enum(DIRECTIONS);
const vendorStatus = z.enum(VENDOR_STATUSES);
const crossing = z.enum(CROSSINGS);
const tripStage = z.enum(TRIP_STAGES);
const thumbValue = z.enum(THUMB_VALUES);

/** `{ message }`: a done action's sentence for the person who did it. */
export const messageOutput = z.object({ message: z.string() });

/** `{ id, message }`: something removed, named by its id. */
export const removedOutput = z.object({ id: z.number(), message: z.string() });

export const driverDetailsOutput = z.object({ name: z.string(), contact: z.string(), carNumber: z.string() });

export const permitOutput = z.object({ country: z.enum(PERMIT_COUNTRIES), number: z.string(), expiresOn: z.string() });

/** A member's own account, as the account and sign-in answers give it (never a password hash). */
export const publicUserOutput = z.object({
  id: z.number(),
  discordUsername: z.string(),
  name: z.string().nullable(),
  whatsappNumber: z.string().nullable(),
  malaysianNumber: z.string().nullable(),
  revolutUsername: z.string().nullable(),
  isVendor: z.boolean(),
  companyName: z.string().nullable(),
  driverDetails: driverDetailsOutput.nullable(),
  isAdmin: z.boolean(),
  vendorStatus: vendorStatus.nullable(),
  vendorStatusReason: z.string().nullable(),
  permit: permitOutput.nullable(),
  vehicleSeats: z.number().nullable(),
  shareContactsWith: z.enum(CONTACT_SHARING),
  paynowProxy: z.string().nullable(),
  /** The username is the linked Discord account's own (docs/sign-in.md#verified). */
  discordVerified: z.boolean(),
  discordLinked: z.boolean(),
  /** The linked Discord account's name when the username is not it (the profile offers a claim). */
  discordName: z.string().nullable(),
  hasPassword: z.boolean(),
});

export const rideSummaryOutput = z.object({
  id: z.number(),
  creatorId: z.number(),
  creatorName: z.string().nullable(),
  creatorVerified: z.boolean(),
  direction,
  date: z.string(),
  maxPassengers: z.number(),
  currentPassengers: z.number(),
  pickupLocation: z.string(),
  dropoffLocations: z.array(z.object({ location: z.string(), passengerCount: z.number() })),
  /** The stops in route order (docs/product.md#route-order); null for the public. */
  routeStops: z
    .array(z.object({ stop: z.number().nullable(), location: z.string(), passengerCount: z.number() }))
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
  tripLatest: z.object({ stage: tripStage, at: z.string() }).nullable(),
});

/** One page of a paged list: its items, how many there are in all, and which page this is. */
function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number(), page: z.number(), pageSize: z.number() });
}

export const rideListPageOutput = pageOf(rideSummaryOutput);

export const waitlistStandingOutput = z.object({
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
  waitlist: z.object({ count: z.number(), heldSeats: z.number(), mine: waitlistStandingOutput.nullable() }),
});

/** The ride page's answer: the detail plus border readiness counts (organizer and assigned vendor only). */
export const rideWithReadinessOutput = rideDetailOutput.extend({
  readiness: z.object({ ready: z.number(), total: z.number() }).nullable(),
});

const coordinatesOutput = z.object({ latitude: z.number(), longitude: z.number() });
const contactNumbers = { whatsappNumber: z.string().nullable(), malaysianNumber: z.string().nullable() };

export const rideManifestOutput = z.object({
  rideId: z.number(),
  direction,
  date: z.string(),
  pickupLocation: z.string(),
  stops: z.array(
    z.object({
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
  organiser: z.object({ name: z.string(), ...contactNumbers }),
  contactsVisible: z.boolean(),
  contactsVisibleFrom: z.string(),
  note: z.string().nullable(),
});

/** Where a signed-in member stands on each ride of theirs (ride cards' badges). */
export const rideStandingOutput = z.array(
  z.discriminatedUnion('kind', [
    z.object({ rideId: z.number(), kind: z.literal('organizer') }),
    z.object({
      rideId: z.number(),
      kind: z.literal('passenger'),
      stop: z.number().nullable(),
      amountDueCents: z.number().nullable(),
    }),
    z.object({ rideId: z.number(), kind: z.literal('offered'), offerExpiresAt: z.string() }),
    z.object({ rideId: z.number(), kind: z.literal('waitlisted'), position: z.number() }),
    z.object({ rideId: z.number(), kind: z.literal('assigned') }),
  ]),
);

export const seriesOutput = z.object({
  id: z.number(),
  creatorId: z.number(),
  weekdays: z.array(z.number()),
  time: z.string(),
  fromDate: z.string(),
  untilDate: z.string(),
  rides: z.array(rideSummaryOutput),
});

export const passengerEntryOutput = z.object({
  id: z.number(),
  rideId: z.number(),
  userId: z.number(),
  dropoffLocation: z.string(),
  dropoffSequence: z.number().nullable(),
  passengerCount: z.number(),
  coordinates: coordinatesOutput.nullable(),
  user: z
    .object({
      id: z.number(),
      name: z.string().nullable(),
      fullName: z.string().nullable(),
      discordUsername: z.string(),
      discordVerified: z.boolean(),
      ...contactNumbers,
      revolutUsername: z.string().nullable(),
    })
    .nullable(),
});

export const passengerRemovedOutput = z.object({
  message: z.string(),
  passengerId: z.number(),
  ride: rideDetailOutput,
  /** SGD the party still owes after leaving a locked ride (0 once paid); null when nothing was locked (docs/payments.md#still-owed). */
  stillOwed: z.number().nullable(),
  /** The organiser's name while something is still owed. */
  owedTo: z.string().nullable(),
});

export const statsOutput = z.object({ totalRides: z.number(), totalUsers: z.number() });

export const calendarFeedStateOutput = z.object({ active: z.boolean(), createdAt: z.string().nullable() });
export const calendarFeedUrlOutput = z.object({ url: z.string(), createdAt: z.string() });
export const calendarFeedOffOutput = z.object({ active: z.literal(false) });
/** A calendar file (REST answers its body as text/calendar). */
export const calendarFileOutput = z.object({ filename: z.string(), body: z.string() });

export const resetCodeOutput = z.object({ discordUsername: z.string(), code: z.string(), expiresAt: z.string() });

export const vendorApplicationOutput = z.object({
  id: z.number(),
  discordUsername: z.string(),
  discordVerified: z.boolean(),
  name: z.string().nullable(),
  whatsappNumber: z.string().nullable(),
  companyName: z.string().nullable(),
  driverDetails: driverDetailsOutput.nullable(),
  permit: permitOutput.nullable(),
  vehicleSeats: z.number().nullable(),
  vendorStatus,
  vendorStatusReason: z.string().nullable(),
  vendorStatusChangedAt: z.string().nullable(),
});

export const vendorApplicationPageOutput = pageOf(vendorApplicationOutput);

/** admin.discordWebhooks: each configured webhook by its setting's name, and whether it is disabled. */
export const discordWebhooksOutput = z.array(
  z.object({
    setting: z.enum(['DISCORD_WEBHOOK_URL', 'DISCORD_WEBHOOK_URL_SG_FC', 'DISCORD_WEBHOOK_URL_FC_SG']),
    disabledAt: z.string().nullable(),
    disabledStatus: z.number().nullable(),
  }),
);

export const publicConfigOutput = z.object({
  mapStyleUrl: z.string(),
  placeSearchUrl: z.string(),
  riderContactsHoursBefore: z.number(),
  tripWindowHoursBefore: z.number(),
  discordAnnouncements: z.boolean(),
  tripDepartEarlyMinutes: z.number(),
  discordSignIn: z.boolean(),
  passwordSignup: z.boolean(),
});

export const notificationPageOutput = pageOf(
  z.object({
    id: z.number(),
    kind: z.enum(NOTIFICATION_KINDS),
    rideId: z.number().nullable(),
    rideDirection: direction.nullable(),
    rideDate: z.string().nullable(),
    detail: z.string().nullable(),
    createdAt: z.string(),
    readAt: z.string().nullable(),
  }),
).extend({ unread: z.number() });

export const unreadCountOutput = z.object({ unread: z.number() });
export const updatedCountOutput = z.object({ updated: z.number() });
export const waitlistLeftOutput = z.object({ rideId: z.number(), message: z.string() });

export const quoteOutput = z.object({
  id: z.number(),
  rideId: z.number(),
  price: z.number(),
  note: z.string().nullable(),
  status: z.enum(QUOTE_STATUSES),
  createdAt: z.string(),
  vendor: z.object({
    id: z.number(),
    companyName: z.string().nullable(),
    vehicleSeats: z.number().nullable(),
    permitCountry: z.enum(PERMIT_COUNTRIES).nullable(),
  }),
});

export const travelProfileOutput = z.object({
  documentCategory: z.enum(DOCUMENT_CATEGORIES).nullable(),
  passportExpiresOn: z.string().nullable(),
});

export const checklistOutput = z.object({
  rideId: z.number(),
  profileSet: z.boolean(),
  ready: z.boolean(),
  items: z.array(
    z.object({
      id: z.enum(CHECKLIST_ITEM_IDS),
      title: z.string(),
      status: z.enum(CHECKLIST_STATUSES),
      opensOn: z.string().optional(),
      reason: z.string().optional(),
      link: z.string(),
      required: z.boolean(),
      selfDeclared: z.boolean(),
    }),
  ),
});

export const pushKeyOutput = z.object({ publicKey: z.string() });
export const pushSubscribedOutput = z.object({ subscribed: z.boolean() });
export const pushRemovedOutput = z.object({ removed: z.boolean() });

export const alertOutput = z.object({
  id: z.number(),
  direction,
  fromDate: z.string(),
  toDate: z.string(),
  weekdays: z.array(z.number()).nullable(),
  earliestTime: z.string().nullable(),
  latestTime: z.string().nullable(),
  createdAt: z.string(),
});

export const ridePaymentsOutput = z.object({
  rideId: z.number(),
  lockedAt: z.string().nullable(),
  isOrganiser: z.boolean(),
  total: z.number(),
  payments: z.array(
    z.object({
      passengerId: z.number(),
      userId: z.number(),
      name: z.string(),
      seats: z.number(),
      amountDue: z.number(),
      status: z.enum(PAYMENT_STATUSES),
      method: z.enum(PAYMENT_METHODS).nullable(),
      markedAt: z.string().nullable(),
      confirmedAt: z.string().nullable(),
      refundDue: z.number(),
      topUpDue: z.number(),
      paid: z.number(),
      absorbed: z.number(),
      left: z.boolean(),
      paynowPayload: z.string().nullable(),
      revolutLink: z.string().nullable(),
    }),
  ),
});

/** What joining would cost a group (docs/payments.md#join-price). */
export const joinPriceOutput = z.object({
  rideId: z.number(),
  locked: z.boolean(),
  amount: z.number().nullable(),
  addsStop: z.boolean(),
  total: z.number(),
});

export const pricePreviewOutput = z.object({
  rideId: z.number(),
  locked: z.boolean(),
  totalBefore: z.number(),
  totalAfter: z.number(),
  changes: z.array(
    z.object({
      passengerId: z.number(),
      userId: z.number(),
      name: z.string(),
      before: z.number(),
      after: z.number(),
      topUpDue: z.number(),
      refundDue: z.number(),
      left: z.boolean(),
    }),
  ),
});

export const paymentProgressOutput = z.array(z.object({ rideId: z.number(), paid: z.number(), total: z.number() }));
export const paymentSharesOutput = z.array(
  z.object({
    rideId: z.number(),
    amountDue: z.number(),
    left: z.boolean(),
    /** SGD still owed on the row, 0 once marked paid or confirmed (docs/payments.md#still-owed). */
    stillOwed: z.number(),
    /** The organiser's name. */
    owedTo: z.string(),
    direction,
    date: z.string(),
  }),
);

export const chatMessageOutput = z.object({
  id: z.number(),
  rideId: z.number(),
  author: z.object({
    id: z.number(),
    name: z.string(),
    role: z.enum(MESSAGE_AUTHOR_ROLES),
    /** The author's username is their verified Discord name (docs/sign-in.md#verified). */
    discordVerified: z.boolean(),
  }),
  body: z.string().nullable(),
  createdAt: z.string(),
  deleted: z.boolean(),
});

export const chatPageOutput = z.object({ items: z.array(chatMessageOutput), nextBefore: z.number().nullable() });
export const messageReportedOutput = z.object({ id: z.number(), messageId: z.number(), alreadyReported: z.boolean() });
export const unreadByRideOutput = z.array(z.object({ rideId: z.number(), unread: z.number() }));

export const messageReportOutput = z.object({
  id: z.number(),
  reason: z.string(),
  createdAt: z.string(),
  reporter: z.object({ name: z.string() }),
  ride: z.object({ id: z.number(), label: z.string() }),
  message: chatMessageOutput,
});

/** The day of a ride's trip as its party sees it (docs/trip-day.md#api). */
export const tripOutput = z.object({
  crossing,
  stages: z.array(
    z.object({
      stage: tripStage,
      label: z.string(),
      at: z.string(),
      by: z.object({ id: z.number().nullable(), name: z.string(), role: z.enum(TRIP_POSTER_ROLES) }),
    }),
  ),
  current: tripStage.nullable(),
  late: z.array(z.object({ userId: z.number(), name: z.string(), minutes: z.number(), at: z.string() })),
  noShows: z.array(z.number()),
});

/** A link family can follow (docs/trip-day.md#share). */
export const tripShareOutput = z.object({ token: z.string(), url: z.string(), expiresAt: z.string() });

export const tripShareRevokedOutput = z.object({ revoked: z.literal(true) });

/** The live links on a ride the caller may revoke: the organizer all of them, anyone else their own. */
export const tripShareListOutput = z.array(
  z.object({
    id: z.number(),
    madeBy: z.object({ id: z.number(), name: z.string() }),
    mine: z.boolean(),
    createdAt: z.string(),
    expiresAt: z.string(),
  }),
);

/** A shared trip, without names, numbers or addresses (docs/trip-day.md#share). */
export const publicTripOutput = z.object({
  direction,
  crossing,
  date: z.string(),
  stages: z.array(z.object({ stage: tripStage, label: z.string(), at: z.string() })),
  current: tripStage.nullable(),
  vehicle: z.object({ company: z.string().nullable(), carNumber: z.string().nullable() }).nullable(),
});

/** A member's record (docs/record.md#what-counts). */
export const memberRecordOutput = z.object({
  tripsCompleted: z.number(),
  asOrganizer: z.object({ completed: z.number(), cancelledLate: z.number(), removedLate: z.number() }),
  asRider: z.object({ completed: z.number(), noShows: z.number(), leftLate: z.number() }),
  asVendor: z.object({ completed: z.number(), onTime: z.number(), late: z.number() }).nullable(),
  thumbs: z.object({ up: z.number(), down: z.number() }),
});

/** A thumb as its giver sees it. */
export const givenThumbOutput = z.object({
  subjectId: z.number(),
  value: thumbValue,
  note: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** The thumbs card of a completed ride: whom the caller may rate, until when, and what they gave. */
export const rideThumbsOutput = z.object({
  open: z.boolean(),
  closesAt: z.string().nullable(),
  subjects: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      role: z.enum(['organizer', 'vendor', 'rider']),
      discordVerified: z.boolean(),
    }),
  ),
  given: z.array(givenThumbOutput),
});

/** A thumb as its subject sees it: without who gave it, on which ride or when (docs/record.md#thumbs). */
export const receivedThumbOutput = z.object({
  id: z.number(),
  value: thumbValue,
  note: z.string().nullable(),
});

/** A thumb on the administrator's list, with who gave it to whom, on which ride and when. */
export const adminThumbOutput = receivedThumbOutput.extend({
  rideId: z.number(),
  rideDirection: direction,
  rideDate: z.string(),
  updatedAt: z.string(),
  rater: z.object({ id: z.number(), name: z.string() }),
  subject: z.object({ id: z.number(), name: z.string() }),
});
