/**
 * Ride events (domain `rideCalendarEvent`) as an iCalendar (RFC 5545) file, written by
 * ical-generator: escaping, line folding and UTC times are its job. What it leaves to us is the
 * text members typed (places, reasons), cleaned here of the control characters the format does
 * not allow, and the CRLF after the last line.
 */
import type { CalendarEvent } from '@rideshare/domain';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';

/** The PRODID of every file we write: `-//RideShare//Forest City rides//EN`. */
const PRODUCT_ID = { company: 'RideShare', product: 'Forest City rides', language: 'EN' };

/** How often a subscribed calendar app should look again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
const FEED_REFRESH_SECONDS = 60 * 60;

// C0 controls but tab and line feed, DEL and the C1 controls: the grammar allows none of them.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** Text as a TEXT value may hold it: every line break a line feed (escaped by the writer), no controls. */
function cleanText(value: string): string {
  return value.replace(/\r\n|\r/g, '\n').replace(CONTROL_CHARACTERS, '');
}

/** Whether a time can be written as an iCalendar DATE-TIME: a real date with a four-digit year. */
function isWritableTime(value: Date): boolean {
  const time = value.getTime();
  if (!Number.isFinite(time)) return false;
  const year = value.getUTCFullYear();
  return year >= 1 && year <= 9999;
}

/**
 * A whole iCalendar file: VERSION 2.0, our PRODID, the Gregorian calendar, METHOD:PUBLISH and, for
 * a feed (`name` given), its name and a refresh hint of an hour; then the events. An event whose
 * times cannot be written (a date no calendar holds, kept from before rides were limited to a year
 * ahead) is left out rather than failing the whole file (docs/product.md#validation). `now` is the
 * DTSTAMP of every event (when this copy was made). CRLF line endings throughout, the last line too.
 */
export function writeCalendar(args: { events: readonly CalendarEvent[]; now: Date; name?: string }): string {
  const calendar = ical({
    prodId: PRODUCT_ID,
    method: ICalCalendarMethod.PUBLISH,
    scale: 'gregorian',
    ...(args.name !== undefined ? { name: cleanText(args.name), ttl: FEED_REFRESH_SECONDS } : {}),
  });
  for (const event of args.events) {
    if (!isWritableTime(event.start) || !isWritableTime(event.end)) continue;
    calendar.createEvent({
      id: cleanText(event.uid),
      stamp: args.now,
      start: event.start,
      end: event.end,
      summary: cleanText(event.summary),
      location: cleanText(event.location),
      description: cleanText(event.description),
      url: event.url.replace(CONTROL_CHARACTERS, '').replace(/\n/g, ''),
      sequence: Math.max(0, Math.trunc(event.sequence)),
      status: event.status === 'CANCELLED' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  const file = calendar.toString();
  return file.endsWith('\r\n') ? file : `${file}\r\n`;
}
