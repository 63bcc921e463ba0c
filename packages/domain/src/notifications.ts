/**
 * What a member is told about a ride they are on (the inbox), or about their
 * account. The stored row carries the kind, the ride's direction and departure at the time (none for
 * an account notice), and kind-specific `detail`.
 */
export const NOTIFICATION_KINDS = [
  /** The organiser changed the departure; detail: the previous departure (ISO). */
  'ride_edited',
  /** The organiser cancelled; detail: their reason. */
  'ride_cancelled',
  /** The organiser took your entry off the ride. */
  'passenger_removed',
  /** A vendor took the ride; detail: the company name. */
  'vendor_assigned',
  /** The driver was released (by the vendor or the organiser). */
  'vendor_released',
  /** Seats freed up for your waiting group; detail: when the offer lapses (ISO). */
  'waitlist_offer',
  /** To the organiser: a vendor quoted the ride; detail: the company and the price ('Acme · SGD 90'). */
  'quote_received',
  /** To a vendor: the organiser accepted its quote and the ride is its; detail: the price ('SGD 90'). */
  'quote_accepted',
  /** To a vendor: the organiser chose another vendor (or one took the ride), so its quote lapsed. */
  'quote_declined',
  /** To the passengers: an accepted quote changed the ride's price; detail: old and new per-person figures. */
  'ride_price_changed',
  /** To the organiser: someone joined the ride; detail: their name and group size ('Ann (2 people)'). */
  'passenger_joined',
  /** To the organiser: a passenger left the ride on their own; detail: their name. */
  'passenger_left',
  /** A border submission window opened (docs/border.md#reminders); detail: the item id ('mdac'). */
  'border_window_open',
  /** The evening before departure with checklist items open; detail: how many ('0': no travel profile). */
  'border_evening_before',
  /** The party changed after you ticked the group QR code item: make a new code (tick reset). */
  'group_qr_outdated',
  /** To the organiser: the ride reached its minimum passengers (docs/payments.md#minimum). */
  'min_passengers_reached',
  /** The price locked (docs/payments.md#price-lock); detail: your amount ('SGD 28.33'). */
  'price_locked',
  /** To the organiser: a rider marked their share paid; detail: name, amount and method ('Ann · SGD 28.33 · PayNow'). */
  'payment_marked',
  /** The organiser recalculated and your amount changed; detail: old and new ('SGD 28.33 → SGD 21.25'). */
  'payment_amount_changed',
  /** The day before departure with your share still due; detail: the amount. */
  'payment_reminder',
  /** To every administrator: someone applied as a vendor; detail: the company (else the username) (no ride). */
  'vendor_application',
  /** An administrator approved your vendor account (no ride). */
  'vendor_approved',
  /** An administrator rejected your vendor application; detail: the reason (no ride). */
  'vendor_rejected',
  /** An administrator suspended your vendor account; detail: the reason (no ride). */
  'vendor_suspended',
  /**
   * About the account, not a ride (no ride fields): wrong passwords for it from many addresses
   * reached the ceiling across addresses, so browsers that never signed in to it now wait.
   */
  'sign_in_guessing',
  /** A new ride (or one edited into a match) fits one of your ride alerts (docs/alerts.md#matching). */
  'ride_alert_match',
  /**
   * New messages on the chat of a ride you are on (docs/messages.md#notices); detail: how many are
   * unread ('3'). At most one unread per ride: a newer one replaces it.
   */
  'ride_message',
  /** The car reached a stage of the trip (docs/trip-day.md#notices); detail: the stage's label. One unread per ride. */
  'trip_stage',
  /** A rider is running late (docs/trip-day.md#late); detail: name and minutes ('Ann · 10'). One unread per ride. */
  'trip_late',
  /**
   * A party was marked as not showing up (docs/trip-day.md#no-shows); detail: their name (null to
   * the rider marked). One unread per ride; taking the mark back deletes the unread ones.
   */
  'trip_no_show',
  /**
   * Someone of a completed ride's party gave you a thumb (docs/record.md#notices); never says who.
   * At most one in a day: thumbs in between are counted on the record without a notice.
   */
  'thumb_received',
  /**
   * To a member whose unverified username the verified Discord owner claimed (docs/sign-in.md#claim);
   * detail: the name they have now. About the account (no ride).
   */
  'discord_name_claimed',
  /** To every administrator: a verified owner claimed a name (no ride); detail: 'name · renamed-holder'. */
  'discord_name_claim',
  /**
   * To the organiser: someone joined a locked route order at a new place and waits to be placed
   * (docs/product.md#late-joiners); detail: their name.
   */
  'order_place_newcomer',
  /**
   * The route order changed after it was locked (a late joiner placed, two stops merged); detail:
   * your stop number ('2'), null while you are not placed yet.
   */
  'order_changed',
] as const;

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

const TRIP_NOTICE_KINDS: ReadonlySet<NotificationKind> = new Set(['trip_stage', 'trip_late', 'trip_no_show']);

/**
 * Where a notification leads in the app: its ride's page (a chat notice: the ride's Chat tab,
 * docs/messages.md#notices; a trip notice: its Trip card, docs/trip-day.md#notices), the admin page
 * for a vendor application, the member's record on their profile for a thumb, else nowhere (null: a
 * notice about the account that is read where it stands).
 *
 * @example notificationPath({ kind: 'ride_message', rideId: 7 }) // '/rides/7?tab=chat'
 * @example notificationPath({ kind: 'vendor_application', rideId: null }) // '/admin'
 * @example notificationPath({ kind: 'thumb_received', rideId: 7 }) // '/profile#record'
 * @example notificationPath({ kind: 'trip_stage', rideId: 7 }) // '/rides/7#trip'
 */
export function notificationPath(item: { kind: NotificationKind; rideId: number | null }): string | null {
  if (item.kind === 'vendor_application' || item.kind === 'discord_name_claim') return '/admin';
  if (item.kind === 'discord_name_claimed') return '/profile';
  if (item.kind === 'thumb_received') return '/profile#record';
  if (item.rideId === null) return null;
  const ride = `/rides/${String(item.rideId)}`;
  if (item.kind === 'ride_message') return `${ride}?tab=chat`;
  // The day of the trip's notices open the ride's Trip card (docs/trip-day.md#notices).
  return TRIP_NOTICE_KINDS.has(item.kind) ? `${ride}#trip` : ride;
}
