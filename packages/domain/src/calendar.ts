import type { Direction, RideStatus } from './constants';
import { formatSgd, perPersonIfFull, perPersonNow, type RideCostInput } from './cost';
import { directionLabel } from './direction';
import { formatRideDate } from './time';

/**
 * iCalendar (RFC 5545) files of rides: one ride's event (`/api/rides/:id/calendar.ics`) and a
 * member's personal feed of their rides (`/api/calendar/:token.ics`). Pure text building: the API
 * loads the rides and says who reads them; what an event shows is decided here.
 */

/**
 * How long a ride's event lasts. The drive between Singapore and Forest City over the Second Link
 * takes about an hour, and the two checkpoints add up to another at peak (the travel guide's
 * "45-60 minutes at peak"), so two hours covers the trip without claiming the whole evening.
 */
export const RIDE_EVENT_DURATION_MS = 2 * 60 * 60 * 1000;

/** How far back the personal feed reaches: rides that departed in the last 30 days stay in it. */
export const CALENDAR_FEED_PAST_DAYS = 30;

/** The PRODID of every file we write (RFC 5545 §3.7.3). */
export const CALENDAR_PRODUCT_ID = '-//RideShare//Forest City rides//EN';

/** The personal feed's name in calendar apps (X-WR-CALNAME). */
export const CALENDAR_FEED_NAME = 'RideShare rides';

/** How often a subscribed calendar app should look again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
const FEED_REFRESH = 'PT1H';

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
};

/** Who reads the event, as far as it changes what the event shows. */
export type CalendarViewer = {
  /** The reader's own passenger entry's location on this ride (their pick-up or drop-off), if any. */
  ownLocation: string | null;
};

/** One VEVENT, as plain values (written by {@link writeCalendar}). */
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
 * pick-up point the reader may see ({@link calendarLocation}), seats, cost per person (now and if
 * full), the reader's own stop, the cancellation reason and a link back in the description, the
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
  const lines = [
    `${label}, ${formatRideDate(start)} (Singapore time)`,
    ...(cancelled ? [`Cancelled: ${ride.cancelReason?.trim() || 'no reason given'}`] : []),
    seatsLine(ride),
    `Cost per person: ${formatSgd(perPersonNow(ride), 2)} now, ${formatSgd(perPersonIfFull(ride), 2)} if full`,
    ...(own ? [`${ride.direction === 'SG->FC' ? 'Your pick-up' : 'Your drop-off'}: ${own}`] : []),
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
 * An instant as an iCalendar UTC DATE-TIME (`YYYYMMDDTHHMMSSZ`). Ride dates are stored as instants
 * and shown in Singapore time; UTC in the file lets every calendar app show them in its own zone.
 *
 * @example formatCalendarUtc(new Date('2026-11-21T07:30:00Z')) // '20261121T073000Z'
 */
export function formatCalendarUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

// C0 controls but tab, DEL and the C1 controls; line breaks are handled before this is applied.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/**
 * A TEXT value escaped as RFC 5545 §3.3.11 says: backslash, semicolon and comma get a backslash,
 * every line break (CRLF, CR or LF) becomes `\n`, and control characters (which the grammar does
 * not allow) are dropped. Tabs are allowed and kept.
 *
 * @example escapeCalendarText('Blk 5; #04-01, Bedok\nGate B') // 'Blk 5\\; #04-01\\, Bedok\\nGate B'
 */
export function escapeCalendarText(value: string): string {
  return value
    .replace(/\r\n|\r|\n/g, '\n')
    .replace(CONTROL_CHARACTERS, '')
    .replace(/[\\;,]/g, (c) => `\\${c}`)
    .replace(/\n/g, '\\n');
}

const MAX_LINE_OCTETS = 75;

/** The UTF-8 length of one code point. */
function utf8Octets(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x80) return 1;
  if (code < 0x800) return 2;
  return code < 0x10000 ? 3 : 4;
}

/**
 * Folds a content line longer than 75 octets (RFC 5545 §3.1): CRLF and one space before each
 * continuation, every physical line at most 75 octets counting that space, and never inside a
 * UTF-8 character (a code point is moved whole to the next line).
 *
 * @example foldCalendarLine('DESCRIPTION:' + 'x'.repeat(70)).split('\r\n').length // 2
 */
export function foldCalendarLine(line: string): string {
  const physical: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8Octets(char);
    if (octets + size > MAX_LINE_OCTETS) {
      physical.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  physical.push(current);
  return physical.join('\r\n');
}

/** One `NAME:value` content line, folded. */
const contentLine = (name: string, value: string): string => foldCalendarLine(`${name}:${value}`);

function eventLines(event: CalendarEvent, stamp: string): string[] {
  return [
    'BEGIN:VEVENT',
    contentLine('UID', escapeCalendarText(event.uid)),
    contentLine('DTSTAMP', stamp),
    contentLine('DTSTART', formatCalendarUtc(event.start)),
    contentLine('DTEND', formatCalendarUtc(event.end)),
    contentLine('SUMMARY', escapeCalendarText(event.summary)),
    contentLine('LOCATION', escapeCalendarText(event.location)),
    contentLine('DESCRIPTION', escapeCalendarText(event.description)),
    // A URI value, not TEXT: not escaped (our URLs carry no commas or semicolons to escape anyway).
    contentLine('URL', event.url.replace(CONTROL_CHARACTERS, '').replace(/[\r\n]/g, '')),
    contentLine('SEQUENCE', String(Math.max(0, Math.trunc(event.sequence)))),
    contentLine('STATUS', event.status),
    'END:VEVENT',
  ];
}

/**
 * A whole iCalendar file: VERSION 2.0, our PRODID, the Gregorian calendar, METHOD:PUBLISH and, for
 * a feed (`name` given), its name and a refresh hint of an hour; then the events. `now` is the
 * DTSTAMP of every event (when this copy was made). CRLF line endings throughout, the last line too.
 *
 * @example writeCalendar({ events: [], now: new Date() }).startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n') // true
 */
export function writeCalendar(args: { events: readonly CalendarEvent[]; now: Date; name?: string }): string {
  const stamp = formatCalendarUtc(args.now);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    contentLine('PRODID', CALENDAR_PRODUCT_ID),
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...(args.name !== undefined
      ? [
          contentLine('X-WR-CALNAME', escapeCalendarText(args.name)),
          `REFRESH-INTERVAL;VALUE=DURATION:${FEED_REFRESH}`,
          `X-PUBLISHED-TTL:${FEED_REFRESH}`,
        ]
      : []),
    ...args.events.flatMap((event) => eventLines(event, stamp)),
    'END:VCALENDAR',
  ];
  return `${lines.join('\r\n')}\r\n`;
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
