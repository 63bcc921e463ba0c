import type { Direction, RideStatus } from './constants';
import type { RideCostInput } from './cost';
import { directionLabel } from './direction';
import { priceStory } from './price-story';
import { formatRideDate } from './time';

/**
 * Calendar events of rides: one ride's event (`/api/rides/:id/calendar.ics`) and a member's
 * personal feed of their rides (`/api/calendar/:token.ics`). What an event shows is decided here;
 * the API loads the rides, says who reads them and writes the iCalendar file.
 */

/**
 * How long a ride's event lasts. The drive between Singapore and Forest City over the Second Link
 * takes about an hour, and the two checkpoints add up to another at peak (the travel guide's
 * "45-60 minutes at peak"), so two hours covers the trip without claiming the whole evening.
 */
export const RIDE_EVENT_DURATION_MS = 2 * 60 * 60 * 1000;

/** How far back the personal feed reaches: rides that departed in the last 30 days stay in it. */
export const CALENDAR_FEED_PAST_DAYS = 30;

/** The personal feed's name in calendar apps (X-WR-CALNAME). */
export const CALENDAR_FEED_NAME = 'RideShare rides';

/**
 * A personal feed token as handed out: 32 random bytes in base64url (43 characters, no padding).
 * Anything else cannot be a token and is answered like an unknown one (404), not as bad input: a
 * feed URL either works or it does not.
 */
export const CALENDAR_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Whether a string has the shape of a feed token (only those are looked up).
 *
 * @example isCalendarToken('abc') // false
 */
export function isCalendarToken(value: string): boolean {
  return CALENDAR_TOKEN_PATTERN.test(value);
}

/**
 * The path of a personal feed for a token (after the app's origin).
 *
 * @example calendarFeedPath('abc') // '/api/calendar/abc.ics'
 */
export function calendarFeedPath(token: string): string {
  return `/api/calendar/${token}.ics`;
}

/**
 * The path of one ride's calendar file.
 *
 * @example rideCalendarPath(12) // '/api/rides/12/calendar.ics'
 */
export function rideCalendarPath(rideId: number): string {
  return `/api/rides/${String(rideId)}/calendar.ics`;
}

/** What a ride's event is built from: the ride as its reader may see it, plus its calendar sequence. */
export type CalendarRide = RideCostInput & {
  id: number;
  direction: Direction;
  date: Date | string;
  status: RideStatus;
  /** The ride's public pick-up point (SG->FC: the organiser's; FC->SG: Forest City). */
  pickupLocation: string;
  currentPassengers: number;
  maxPassengers: number;
  cancelReason: string | null;
  /** Bumped by every edit that changes what the event shows (rides.calendar_sequence). */
  calendarSequence: number;
  /** When the price locked (docs/payments.md#price-lock); null or left out before. */
  priceLockedAt?: Date | string | null;
};

/** Who reads the event, as far as it changes what the event shows. */
export type CalendarViewer = {
  /** The reader's own passenger entry's location on this ride (their pick-up or drop-off), if any. */
  ownLocation: string | null;
  /** The reader's own locked share on this ride in SGD (docs/payments.md#price-story); null: none. */
  ownShare?: number | null;
  /**
   * The reader's stop in the route order (docs/product.md#route-order): its number, 'unplaced' for
   * a late joiner not placed yet (docs/product.md#late-joiners), null or left out when unnumbered.
   */
  ownStop?: number | 'unplaced' | null;
};

/**
 * The reader's stop as the calendar says it: ' (Stop #2)', ' (not placed yet)', or ''.
 *
 * @example ownStopText(2) // ' (Stop #2)'
 */
export function ownStopText(stop: number | 'unplaced' | null | undefined): string {
  if (stop === 'unplaced') return ' (not placed yet)';
  return typeof stop === 'number' ? ` (Stop #${String(stop)})` : '';
}

/** One calendar event (VEVENT), as plain values. */
export type CalendarEvent = {
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  location: string;
  description: string;
  url: string;
  sequence: number;
  status: 'CONFIRMED' | 'CANCELLED';
};

/**
 * Where the event takes place: the pick-up point the reader may see. A passenger of an SG->FC
 * ride is picked up at their own location, so their event says that; everyone else (the public,
 * members not on the ride, and everyone on an FC->SG ride, which all leave from Forest City) gets
 * the ride's public pick-up point, which every ride answer already shows to anyone (docs/product.md#roles,
 * domain `visibility`: the organiser's SG->FC pick-up is the one location the public sees).
 *
 * @example calendarLocation({ direction: 'SG->FC', pickupLocation: 'Pasir Ris MRT' }, { ownLocation: 'Blk 5' })
 *   // 'Blk 5'
 * @example calendarLocation({ direction: 'FC->SG', pickupLocation: 'Forest City' }, { ownLocation: 'Bedok' })
 *   // 'Forest City'
 */
export function calendarLocation(
  ride: Pick<CalendarRide, 'direction' | 'pickupLocation'>,
  viewer: CalendarViewer | null,
): string {
  const own = viewer?.ownLocation?.trim();
  if (ride.direction === 'SG->FC' && own) return own;
  return ride.pickupLocation.trim();
}

// scheme://[userinfo@]host[:port]: the host part (an IPv6 literal keeps its brackets).
const ORIGIN_HOST = /^[a-z][a-z\d+.-]*:\/\/(?:[^/?#@]*@)?(\[[^\]]*\]|[^/?#:]*)/i;

/** The host a ride's UID is scoped by: the app's public host, lower-cased ('rideshare' if none). */
function hostOf(origin: string): string {
  const host = ORIGIN_HOST.exec(origin.trim())?.[1];
  return host ? host.toLowerCase() : 'rideshare';
}

/**
 * A ride's event UID: stable for the ride on one deployment, so calendar apps update the event
 * they already hold instead of adding a second one.
 *
 * @example rideEventUid(12, 'https://rides.example.com') // 'ride-12@rides.example.com'
 */
export function rideEventUid(rideId: number, origin: string): string {
  return `ride-${String(rideId)}@${hostOf(origin)}`;
}

const seatsLine = (ride: Pick<CalendarRide, 'currentPassengers' | 'maxPassengers'>): string =>
  `Seats: ${String(ride.currentPassengers)} of ${String(ride.maxPassengers)} taken`;

/**
 * The event of one ride for one reader: UID per ride, two hours from the departure, the
 * direction in the summary ('Ride: Singapore to Forest City', 'Cancelled: …' once cancelled), the
 * pick-up point the reader may see ({@link calendarLocation}), seats, the price as
 * {@link priceStory} tells it (the estimate, the reader's locked share, or none once cancelled), the reader's own stop, the cancellation reason and a link back in the description, the
 * ride's calendar sequence, and CANCELLED or CONFIRMED.
 *
 * @example rideCalendarEvent(ride, null, 'https://rides.example.com').summary // 'Ride: Singapore to Forest City'
 */
export function rideCalendarEvent(ride: CalendarRide, viewer: CalendarViewer | null, origin: string): CalendarEvent {
  const start = new Date(ride.date);
  const cancelled = ride.status === 'cancelled';
  const label = directionLabel(ride.direction);
  const url = `${origin.replace(/\/+$/, '')}/rides/${String(ride.id)}`;
  const own = viewer?.ownLocation?.trim();
  // One price story (docs/payments.md#price-story): none once cancelled, the reader's share once locked.
  const price = priceStory({ ...ride, priceLockedAt: ride.priceLockedAt ?? null }, viewer?.ownShare ?? null);
  const lines = [
    `${label}, ${formatRideDate(start)} (Singapore time)`,
    ...(cancelled ? [`Cancelled: ${ride.cancelReason?.trim() || 'no reason given'}`] : []),
    seatsLine(ride),
    ...(price.text === null ? [] : [price.kind === 'estimate' ? `Price: ${price.text}` : price.text]),
    ...(own
      ? [`${ride.direction === 'SG->FC' ? 'Your pick-up' : 'Your drop-off'}: ${own}${ownStopText(viewer?.ownStop)}`]
      : []),
    `Ride details: ${url}`,
  ];
  return {
    uid: rideEventUid(ride.id, origin),
    start,
    end: new Date(start.getTime() + RIDE_EVENT_DURATION_MS),
    summary: `${cancelled ? 'Cancelled' : 'Ride'}: ${label}`,
    location: calendarLocation(ride, viewer),
    description: lines.join('\n'),
    url,
    sequence: ride.calendarSequence,
    status: cancelled ? 'CANCELLED' : 'CONFIRMED',
  };
}

/**
 * The file name a ride's calendar file is saved under.
 *
 * @example rideCalendarFilename(12) // 'rideshare-ride-12.ics'
 */
export function rideCalendarFilename(rideId: number): string {
  return `rideshare-ride-${String(rideId)}.ics`;
}

/** The file name of the personal feed (for a browser that opens the link). */
export const CALENDAR_FEED_FILENAME = 'rideshare-rides.ics';
