import type {
  BorderReminderKind,
  Crossing,
  ChecklistItemId,
  ContactSharing,
  Direction,
  DocumentCategory,
  DriverDetails,
  DropoffLocation,
  NotificationKind,
  PaymentMethod,
  PaymentStatus,
  PermitCountry,
  QuoteStatus,
  RideStatus,
  VendorStatus,
} from '@rideshare/domain';
import type { ColumnType, Generated, JSONColumnType, Kysely, Selectable, Transaction } from 'kysely';

import type { DiscordWebhookTable, RideAnnouncementTable } from './announcement-schema';
import type { RideMessageReadTable, RideMessageReportTable, RideMessageTable } from './message-schema';
import type { PushOutboxTable, PushSubscriptionTable, PushVapidKeyTable } from './push-schema';
import type {
  RideLateNoticeTable,
  RideNoShowTable,
  RideTripShareTable,
  RideTripStageTable,
  TripPushTable,
} from './trip-schema';
import type { RideRatingTable, RideRemovalTable, ThumbNoticeTable } from './record-schema';
import type { PaymentMarkNoticeTable } from './payment-notice-schema';

/**
 * Table types for Kysely. Columns are snake_case in Postgres and camelCase here (CamelCasePlugin).
 * `timestamptz` columns read as Date and accept Date or ISO strings on write. `rides.direction` and
 * `rides.status` carry the domain's unions: their CHECK constraints admit no other value.
 */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface UserTable {
  id: Generated<number>;
  discordUsername: string;
  /** Null for an account made by signing in with Discord until its owner sets a password. */
  passwordHash: ColumnType<string | null, string | null | undefined, string | null>;
  /** The Discord account (its snowflake id) this user signs in with; unique; null when not linked. */
  discordId: ColumnType<string | null, string | null | undefined, string | null>;
  /** The Discord username the linked account had at its last sign-in (docs/sign-in.md#accounts). */
  discordName: ColumnType<string | null, string | null | undefined, string | null>;
  /** The username is the linked Discord account's own, as Discord said at sign-in. */
  discordVerified: ColumnType<boolean, boolean | undefined, boolean>;
  name: string | null;
  whatsappNumber: string | null;
  malaysianNumber: string | null;
  revolutUsername: string | null;
  isVendor: Generated<boolean>;
  /** Set only by an operator (`admin:grant`), never by anything a client sends. */
  isAdmin: Generated<boolean>;
  companyName: string | null;
  driverDetails: JSONColumnType<DriverDetails | null, string | null, string | null>;
  createdAt: CreatedAt;
  updatedAt: ColumnType<Date, Date | string | undefined, Date | string>;
  /** SHA-256 (hex) of the personal calendar feed's token; null when the user has no feed. */
  calendarTokenHash: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the current feed token was made; null exactly when there is no token. */
  calendarTokenCreatedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Null for members; a vendor's application status otherwise (docs/vendors.md). */
  vendorStatus: ColumnType<VendorStatus | null, VendorStatus | null | undefined, VendorStatus | null>;
  /** The reason given with a rejection or suspension; null otherwise. */
  vendorStatusReason: ColumnType<string | null, string | null | undefined, string | null>;
  vendorStatusChangedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The administrator who made the last decision; null for the applicant's own changes. */
  vendorStatusChangedBy: ColumnType<number | null, number | null | undefined, number | null>;
  /** The cross-border permit: all three parts or none. */
  permitCountry: ColumnType<PermitCountry | null, PermitCountry | null | undefined, PermitCountry | null>;
  permitNumber: ColumnType<string | null, string | null | undefined, string | null>;
  /** A `date` column: written as 'YYYY-MM-DD', read through `to_char` by the repositories. */
  permitExpiresOn: ColumnType<unknown, string | null | undefined, string | null>;
  vehicleSeats: ColumnType<number | null, number | null | undefined, number | null>;
  /** With whom an organiser shares their numbers: 'members' (default) or the ride's 'party'. */
  shareContactsWith: ColumnType<ContactSharing, ContactSharing | undefined, ContactSharing>;
  /** An SG mobile or UEN in normal form; private, only used to build PayNow codes. */
  paynowProxy: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface DriverContactTable {
  id: Generated<number>;
  name: string;
  whatsappNumber: string;
  malaysianNumber: string | null;
  vehicleType: string;
  notes: string | null;
  isActive: Generated<boolean>;
}

export interface RideTable {
  id: Generated<number>;
  creatorId: number;
  direction: Direction;
  date: Timestamp;
  maxPassengers: number;
  currentPassengers: Generated<number>;
  pickupLocation: string;
  dropoffLocations: JSONColumnType<DropoffLocation[], string, string>;
  status: Generated<RideStatus>;
  vendorId: number | null;
  driverContactId: number | null;
  cost: Generated<number>;
  additionalStops: Generated<number>;
  /** Price of one additional stop in whole SGD (default 5, the spec's fee). */
  stopPrice: Generated<number>;
  sequenceLocked: Generated<boolean>;
  /** Set with status 'cancelled' (and only then): why the organiser cancelled, and when. */
  cancelReason: ColumnType<string | null, string | null | undefined, string | null>;
  cancelledAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Cancelled within 24 hours of departure with other riders on it (docs/record.md#cancelled-late). */
  cancelledLate: ColumnType<boolean, boolean | undefined, boolean>;
  /** Set with status 'completed': when it was completed (docs/record.md#thumbs). */
  completedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The calendar event's SEQUENCE: bumped by every edit that changes what the event shows. */
  calendarSequence: Generated<number>;
  /** The weekly series the ride belongs to (docs/series.md); null for a ride made on its own. */
  seriesId: ColumnType<number | null, number | null | undefined, number | null>;
  /** At least this many on board for the ride to go (docs/payments.md#minimum); null: no minimum. */
  minPassengers: ColumnType<number | null, number | null | undefined, number | null>;
  /** When the price locked (docs/payments.md#price-lock); null before. */
  priceLockedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** What one more seat would owe on joining now (docs/payments.md#join-price); null before the lock. */
  joinPriceCents: ColumnType<number | null, number | null | undefined, number | null>;
  /** When the organiser was told the minimum was reached; null before. */
  minReachedNotifiedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The bridge the ride crosses by (docs/trip-day.md#crossing); 'second-link' unless set. */
  crossing: ColumnType<Crossing, Crossing | undefined, Crossing>;
  /** The organiser's "Announce on Discord" (docs/announcements.md); true unless unticked. */
  announce: ColumnType<boolean, boolean | undefined, boolean>;
  /** The Discord message announcing the ride, once posted (docs/announcements.md). */
  discordMessageId: ColumnType<string | null, string | null | undefined, string | null>;
  /** What a search matches, folded, per audience (docs/product.md#search); kept by triggers. */
  searchPublic: ColumnType<string, never, never>;
  searchMember: ColumnType<string, never, never>;
  createdAt: CreatedAt;
  updatedAt: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface RidePassengerTable {
  id: Generated<number>;
  rideId: number;
  userId: number;
  dropoffLocation: string;
  dropoffSequence: number | null;
  passengerCount: Generated<number>;
  createdAt: CreatedAt;
  /** Where the stop was picked on the map (both or neither). */
  latitude: ColumnType<number | null, number | null | undefined, number | null>;
  longitude: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface SessionTable {
  sid: string;
  sess: JSONColumnType<Record<string, unknown>, string, string>;
  expiresAt: Timestamp;
  /** When the session was last used (idle timeout). */
  lastSeenAt: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Failed sign-in attempts per key ('ip:…' or 'account:…|ip:…'), for the sign-in throttle. */
export interface LoginThrottleTable {
  key: string;
  failures: number;
  lastFailureAt: Timestamp;
}

/** One per-hour write limit's count for one key ('user:12', 'ip:…') in its current window. */
export interface ActionLimitTable {
  bucket: string;
  key: string;
  windowStart: Timestamp;
  count: number;
}

/** A passenger leaving a ride of their own accord (docs/product.md#leaving). */
export interface RideLeaveTable {
  id: Generated<number>;
  rideId: number;
  userId: number;
  leftAt: Timestamp;
  /** Within 24 hours of departure: kept for the record (docs/record.md#left-late). */
  late: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface PasswordResetCodeTable {
  id: Generated<number>;
  userId: number;
  codeHash: string;
  expiresAt: Timestamp;
  usedAt: Date | null;
  createdBy: number | null;
  createdAt: CreatedAt;
}

export interface AppStateTable {
  id: number;
  ridesVersion: ColumnType<string, string | number, string | number>;
}

export interface NotificationTable {
  id: Generated<number>;
  userId: number;
  kind: NotificationKind;
  rideId: number | null;
  /** Null only for a notice about the account (not a ride). */
  rideDirection: Direction | null;
  rideDate: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  detail: string | null;
  /** Written without a phone notification: the push outbox skips it (docs/architecture.md#folded-notifications). */
  quiet: Generated<boolean>;
  /** Whom the notice is about, where it folds per member too (a vendor's quotes); null otherwise. */
  aboutUserId: ColumnType<number | null, number | null | undefined, number | null>;
  createdAt: CreatedAt;
  readAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** A member waiting for seats on a full ride; `offerExpiresAt` set while seats are held for them. */
export interface RideWaitlistTable {
  id: Generated<number>;
  rideId: number;
  userId: number;
  dropoffLocation: string;
  passengerCount: number;
  createdAt: CreatedAt;
  offerExpiresAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  latitude: ColumnType<number | null, number | null | undefined, number | null>;
  longitude: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A vendor's price for driving a ride (docs/vendors.md#quotes); at most one `live` per vendor and ride. */
export interface RideQuoteTable {
  id: Generated<number>;
  rideId: number;
  vendorId: number;
  /** The whole ride's base price in whole SGD (1..1000). */
  price: number;
  note: string | null;
  status: ColumnType<QuoteStatus, QuoteStatus | undefined, QuoteStatus>;
  createdAt: CreatedAt;
  updatedAt: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A member's private travel profile (docs/border.md): never joined into another answer. */
export interface TravelProfileTable {
  userId: number;
  documentCategory: DocumentCategory;
  /** A `date`; read as 'YYYY-MM-DD' text by the repository. */
  passportExpiresOn: ColumnType<unknown, string | null | undefined, string | null>;
  updatedAt: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A self-declared checklist item a rider ticked for a ride. */
export interface ChecklistTickTable {
  rideId: number;
  userId: number;
  item: Exclude<ChecklistItemId, 'passport'>;
  tickedAt: Timestamp;
}

/** A border reminder already sent: one per rider, ride and kind. */
export interface BorderReminderSentTable {
  rideId: number;
  userId: number;
  kind: BorderReminderKind;
  sentAt: Timestamp;
}

/** A weekly series (docs/series.md): what its rides repeat; the rides point at it by seriesId. */
export interface RideSeriesTable {
  id: Generated<number>;
  creatorId: number;
  /** ISO weekdays, 1 Monday … 7 Sunday. */
  weekdays: number[];
  /** 'HH:mm', Singapore time. */
  time: string;
  /** `date`s; read as 'YYYY-MM-DD' text by the repository. */
  fromDate: ColumnType<unknown, string, string>;
  untilDate: ColumnType<unknown, string, string>;
  createdAt: CreatedAt;
}

/** A member's ride alert (docs/alerts.md): dates and times in Singapore. */
export interface RideAlertTable {
  id: Generated<number>;
  userId: number;
  direction: Direction;
  /** `date` columns: written as 'YYYY-MM-DD', read through `to_char` by the repository. */
  fromDate: ColumnType<unknown, string, string>;
  toDate: ColumnType<unknown, string, string>;
  /** ISO weekdays (1 Monday … 7 Sunday); null for any day. */
  weekdays: number[] | null;
  /** Minutes after Singapore midnight, both included; null for no bound. */
  earliestMinute: number | null;
  latestMinute: number | null;
  createdAt: CreatedAt;
}

/** The member already told of a ride by an alert: one per ride and member. */
export interface RideAlertMatchTable {
  rideId: number;
  userId: number;
  alertId: number | null;
  createdAt: CreatedAt;
}

/** What one party owes on a locked ride (docs/payments.md#status); one row per passenger entry. */
export interface RidePaymentTable {
  rideId: number;
  passengerId: number;
  userId: number;
  seats: number;
  amountDueCents: number;
  status: PaymentStatus;
  method: ColumnType<PaymentMethod | null, PaymentMethod | null | undefined, PaymentMethod | null>;
  markedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  confirmedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  remindedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Owed back by the organiser: the row was paid before its amount went down (docs/payments.md#refunds). */
  refundDueCents: ColumnType<number, number | undefined, number>;
  /** The party left after the lock and still owes the row until waived (docs/payments.md#leavers). */
  leftAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Paid by the party, net of refunds given back; 0 while due (docs/payments.md#ledger). */
  paidCents: ColumnType<number, number | undefined, number>;
  /** Owed on top of a payment after the share rose (docs/payments.md#ledger). */
  topUpDueCents: ColumnType<number, number | undefined, number>;
  /** The organiser's row: carried beyond its fair share (docs/payments.md#ledger). */
  absorbedCents: ColumnType<number, number | undefined, number>;
}

export interface Database {
  users: UserTable;
  driverContacts: DriverContactTable;
  rides: RideTable;
  ridePassengers: RidePassengerTable;
  sessions: SessionTable;
  loginThrottle: LoginThrottleTable;
  actionLimits: ActionLimitTable;
  rideLeaves: RideLeaveTable;
  passwordResetCodes: PasswordResetCodeTable;
  appState: AppStateTable;
  notifications: NotificationTable;
  rideWaitlist: RideWaitlistTable;
  rideQuotes: RideQuoteTable;
  travelProfiles: TravelProfileTable;
  checklistTicks: ChecklistTickTable;
  borderRemindersSent: BorderReminderSentTable;
  rideSeries: RideSeriesTable;
  pushVapidKeys: PushVapidKeyTable;
  pushSubscriptions: PushSubscriptionTable;
  pushOutbox: PushOutboxTable;
  rideAlerts: RideAlertTable;
  rideAlertMatches: RideAlertMatchTable;
  ridePayments: RidePaymentTable;
  rideMessages: RideMessageTable;
  rideMessageReads: RideMessageReadTable;
  rideMessageReports: RideMessageReportTable;
  rideTripStages: RideTripStageTable;
  rideLateNotices: RideLateNoticeTable;
  rideNoShows: RideNoShowTable;
  rideTripShares: RideTripShareTable;
  rideRatings: RideRatingTable;
  thumbNotices: ThumbNoticeTable;
  rideAnnouncements: RideAnnouncementTable;
  discordWebhooks: DiscordWebhookTable;
  paymentMarkNotices: PaymentMarkNoticeTable;
  rideRemovals: RideRemovalTable;
  tripPushes: TripPushTable;
}

export type UserRow = Selectable<UserTable>;
export type RideRow = Selectable<RideTable>;

/** A connection or an open transaction: what every repository function takes first. */
export type Db = Kysely<Database> | Transaction<Database>;
