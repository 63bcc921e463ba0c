import { rideCalendarEvent, type CalendarRide } from '@rideshare/domain';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';

import { writeCalendar } from './calendar-file';

const ORIGIN = 'https://rides.example.com';
const NOW = new Date('2026-11-20T01:02:03.456Z');

const ride = (overrides: Partial<CalendarRide> = {}): CalendarRide => ({
  id: 12,
  direction: 'SG->FC',
  // 3:30 pm in Singapore.
  date: '2026-11-21T07:30:00.000Z',
  status: 'open',
  pickupLocation: 'Pasir Ris MRT',
  currentPassengers: 2,
  maxPassengers: 4,
  cost: 80,
  additionalStops: 1,
  stopPrice: 5,
  cancelReason: null,
  calendarSequence: 0,
  ...overrides,
});

/** UTF-8 length; encodeURIComponent throws on a lone surrogate, i.e. on a character split in two. */
const octets = (text: string) => encodeURIComponent(text).replace(/%[\dA-F]{2}/g, 'x').length;

/** Undoes RFC 5545 folding: a CRLF followed by one space or tab joins the lines. */
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, '');

/** The file as a calendar app reads it: the VCALENDAR and its VEVENTs. */
function parse(file: string) {
  const calendar = new ICAL.Component(ICAL.parse(file));
  return { calendar, events: calendar.getAllSubcomponents('vevent') };
}

const text = (component: ICAL.Component, name: string) => component.getFirstPropertyValue(name)?.toString();

describe('writeCalendar', () => {
  it('writes one ride as a VCALENDAR that a parser reads back value for value', () => {
    const event = rideCalendarEvent(ride({ calendarSequence: 2 }), null, ORIGIN);
    const file = writeCalendar({ events: [event], now: NOW });
    const { calendar, events } = parse(file);
    expect(text(calendar, 'version')).toBe('2.0');
    expect(text(calendar, 'prodid')).toBe('-//RideShare//Forest City rides//EN');
    expect(text(calendar, 'calscale')).toBe('GREGORIAN');
    expect(text(calendar, 'method')).toBe('PUBLISH');
    expect(events).toHaveLength(1);
    const vevent = events[0] as ICAL.Component;
    expect(text(vevent, 'uid')).toBe('ride-12@rides.example.com');
    expect(text(vevent, 'dtstamp')).toBe('2026-11-20T01:02:03Z');
    expect(text(vevent, 'dtstart')).toBe('2026-11-21T07:30:00Z');
    expect(text(vevent, 'dtend')).toBe('2026-11-21T09:30:00Z');
    expect(text(vevent, 'summary')).toBe('Ride: Singapore to Forest City');
    expect(text(vevent, 'location')).toBe('Pasir Ris MRT');
    expect(text(vevent, 'description')).toBe(event.description);
    expect(text(vevent, 'url')).toBe('https://rides.example.com/rides/12');
    expect(text(vevent, 'sequence')).toBe('2');
    expect(text(vevent, 'status')).toBe('CONFIRMED');
  });

  it('writes the times in UTC and the text escaped, with CRLF line endings throughout, the last too', () => {
    const file = writeCalendar({ events: [rideCalendarEvent(ride(), null, ORIGIN)], now: NOW });
    expect(file.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(file.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(file.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = unfold(file).split('\r\n');
    expect(lines).toContain('DTSTART:20261121T073000Z');
    expect(lines).toContain('DTEND:20261121T093000Z');
    expect(lines).toContain('DTSTAMP:20261120T010203Z');
    expect(lines).toContain(
      'DESCRIPTION:Singapore to Forest City\\, Sat\\, 21 Nov 2026\\, 3:30 pm (Singapore time)\\nSeats: 2 of 4 taken\\nPrice: about SGD 42.50 each now\\, SGD 21.25 if full\\nRide details: https://rides.example.com/rides/12',
    );
  });

  it('marks a cancelled ride CANCELLED, with its reason', () => {
    const cancelled = rideCalendarEvent(ride({ status: 'cancelled', cancelReason: 'Car broke down' }), null, ORIGIN);
    const vevent = parse(writeCalendar({ events: [cancelled], now: NOW })).events[0] as ICAL.Component;
    expect(text(vevent, 'status')).toBe('CANCELLED');
    expect(text(vevent, 'summary')).toBe('Cancelled: Singapore to Forest City');
    expect(text(vevent, 'description')).toContain('Cancelled: Car broke down');
  });

  it('names a feed and asks for an hourly refresh; a single ride’s file has no name', () => {
    const feed = writeCalendar({ events: [], now: NOW, name: 'RideShare rides' });
    const { calendar, events } = parse(feed);
    expect(text(calendar, 'x-wr-calname')).toBe('RideShare rides');
    expect(unfold(feed).split('\r\n')).toEqual(
      expect.arrayContaining(['REFRESH-INTERVAL;VALUE=DURATION:PT1H', 'X-PUBLISHED-TTL:PT1H']),
    );
    expect(events).toEqual([]);
    expect(writeCalendar({ events: [], now: NOW })).not.toContain('X-WR-CALNAME');
  });

  it('writes every event of a feed in order', () => {
    const file = writeCalendar({
      events: [rideCalendarEvent(ride({ id: 1 }), null, ORIGIN), rideCalendarEvent(ride({ id: 2 }), null, ORIGIN)],
      now: NOW,
      name: 'RideShare rides',
    });
    expect(parse(file).events.map((vevent) => text(vevent, 'uid'))).toEqual([
      'ride-1@rides.example.com',
      'ride-2@rides.example.com',
    ]);
  });

  it('escapes, folds and cleans user text: no raw line break, control character or over-long line survives', () => {
    const location = 'Blk 5; #04-01, Bedok\r\nGate B \\ lobby\u0007\u0085 — 🚗🚗🚗 森林城市 👨‍👩‍👧 é '.repeat(4);
    const file = writeCalendar({
      events: [rideCalendarEvent(ride({ pickupLocation: location }), null, ORIGIN)],
      now: NOW,
    });
    for (const line of file.split('\r\n')) {
      expect(octets(line)).toBeLessThanOrEqual(75);
      // Whole characters on every physical line: no lone surrogate half.
      expect(line).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
      // eslint-disable-next-line no-control-regex
      expect(line).not.toMatch(/[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/);
    }
    const vevent = parse(file).events[0] as ICAL.Component;
    expect(text(vevent, 'location')).toBe(
      location.trim().replace(/\r\n/g, '\n').replaceAll('\u0007', '').replaceAll('\u0085', ''),
    );
    expect(unfold(file)).toContain('LOCATION:Blk 5\\; #04-01\\, Bedok\\nGate B \\\\ lobby — 🚗🚗🚗 森林城市');
  });

  it('keeps a backslash typed by a member as one, so \\n typed stays two characters', () => {
    const file = writeCalendar({
      events: [rideCalendarEvent(ride({ pickupLocation: 'a\\nb' }), null, ORIGIN)],
      now: NOW,
    });
    expect(text(parse(file).events[0] as ICAL.Component, 'location')).toBe('a\\nb');
  });
});
