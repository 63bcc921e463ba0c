import { describe, expect, it } from 'vitest';

import {
  calendarFeedPath,
  calendarLocation,
  escapeCalendarText,
  foldCalendarLine,
  formatCalendarUtc,
  isCalendarToken,
  rideCalendarEvent,
  rideCalendarFilename,
  rideCalendarPath,
  rideEventUid,
  writeCalendar,
  type CalendarRide,
} from './calendar';
import { calendarFeedInput } from './schemas';

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

/** The value of the first `NAME:` content line of an unfolded file. */
function property(file: string, name: string): string | undefined {
  const line = unfold(file)
    .split('\r\n')
    .find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`));
  return line?.slice(line.indexOf(':') + 1);
}

describe('formatCalendarUtc', () => {
  it.each([
    ['2026-11-21T07:30:00.000Z', '20261121T073000Z'],
    ['2026-01-01T00:00:59.999Z', '20260101T000059Z'],
    // 7:00 am Singapore time on 1 Jan is 11 pm UTC the day before.
    ['2025-12-31T23:00:00.000Z', '20251231T230000Z'],
  ])('%s → %s', (iso, expected) => {
    expect(formatCalendarUtc(new Date(iso))).toBe(expected);
  });
});

describe('escapeCalendarText', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', 'a\\,b'],
    ['a;b', 'a\\;b'],
    ['back\\slash', 'back\\\\slash'],
    ['line 1\nline 2', 'line 1\\nline 2'],
    ['crlf\r\nand cr\r', 'crlf\\nand cr\\n'],
    ['tab\tkept', 'tab\tkept'],
    ['bell\u0007 nul\u0000 del\u007f c1\u0085', 'bell nul del c1'],
    // A colon needs no escape in TEXT.
    ['12:30', '12:30'],
  ])('%j → %j', (input, expected) => {
    expect(escapeCalendarText(input)).toBe(expected);
  });

  it('escapes the backslash before adding its own, so \\n typed by a user stays two characters', () => {
    expect(escapeCalendarText('a\\nb')).toBe('a\\\\nb');
  });
});

describe('foldCalendarLine', () => {
  it('leaves a line of exactly 75 octets alone', () => {
    const line = `SUMMARY:${'x'.repeat(67)}`;
    expect(octets(line)).toBe(75);
    expect(foldCalendarLine(line)).toBe(line);
  });

  it('folds a longer ASCII line into lines of at most 75 octets, each continuation starting with a space', () => {
    const line = `DESCRIPTION:${'abcdefghij'.repeat(20)}`;
    const folded = foldCalendarLine(line);
    const physical = folded.split('\r\n');
    expect(physical.length).toBeGreaterThan(2);
    for (const part of physical) expect(octets(part)).toBeLessThanOrEqual(75);
    expect(physical[0]).toHaveLength(75);
    for (const part of physical.slice(1)) expect(part.startsWith(' ')).toBe(true);
    expect(unfold(folded)).toBe(line);
  });

  it.each([
    ['emoji (4 octets each)', '🚗'],
    ['CJK (3 octets each)', '森林城市'],
    ['accents (2 octets each)', 'é'],
    ['a ZWJ family emoji', '👨‍👩‍👧'],
  ])('never splits a UTF-8 character: %s', (_name, unit) => {
    for (const prefix of ['LOCATION:', 'LOCATION:x', 'LOCATION:xy', 'LOCATION:xyz']) {
      const line = prefix + unit.repeat(40);
      const folded = foldCalendarLine(line);
      for (const part of folded.split('\r\n')) {
        expect(octets(part)).toBeLessThanOrEqual(75);
        // Every physical line is whole characters: no lone surrogate half.
        expect(part).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
      }
      expect(unfold(folded)).toBe(line);
    }
  });
});

describe('calendarLocation', () => {
  it('gives a passenger of an SG->FC ride their own pick-up point', () => {
    expect(calendarLocation(ride(), { ownLocation: ' Blk 5 Bedok North ' })).toBe('Blk 5 Bedok North');
  });

  it('gives everyone else the ride’s public pick-up point', () => {
    expect(calendarLocation(ride(), null)).toBe('Pasir Ris MRT');
    expect(calendarLocation(ride(), { ownLocation: null })).toBe('Pasir Ris MRT');
    expect(calendarLocation(ride(), { ownLocation: '   ' })).toBe('Pasir Ris MRT');
  });

  it('says Forest City on an FC->SG ride, even to a passenger (their own stop is a drop-off)', () => {
    expect(
      calendarLocation(ride({ direction: 'FC->SG', pickupLocation: 'Forest City' }), { ownLocation: 'Bedok' }),
    ).toBe('Forest City');
  });
});

describe('rideEventUid and paths', () => {
  it('is stable per ride and scoped by the public host', () => {
    expect(rideEventUid(12, ORIGIN)).toBe('ride-12@rides.example.com');
    expect(rideEventUid(12, 'http://127.0.0.1:3000')).toBe('ride-12@127.0.0.1');
    expect(rideEventUid(12, 'HTTPS://Rides.Example.COM/')).toBe('ride-12@rides.example.com');
    expect(rideEventUid(12, 'http://[::1]:3000')).toBe('ride-12@[::1]');
    expect(rideEventUid(12, 'not a url')).toBe('ride-12@rideshare');
  });

  it('names the paths and the file', () => {
    expect(rideCalendarPath(12)).toBe('/api/rides/12/calendar.ics');
    expect(calendarFeedPath('tok')).toBe('/api/calendar/tok.ics');
    expect(rideCalendarFilename(12)).toBe('rideshare-ride-12.ics');
  });
});

describe('isCalendarToken', () => {
  it('accepts a 43-character base64url token and nothing else', () => {
    const token = 'A'.repeat(20) + '-_' + 'z9'.repeat(10) + 'x';
    expect(token).toHaveLength(43);
    expect(isCalendarToken(token)).toBe(true);
    for (const bad of ['', 'short', `${token}=`, `${token.slice(0, 42)}+`, `${token.slice(0, 42)}/`, `${token}A`]) {
      expect(isCalendarToken(bad)).toBe(false);
    }
  });
});

describe('calendarFeedInput', () => {
  it('takes any string, however long: what is not a token is the feed’s own 404, not bad input', () => {
    for (const token of ['', 'short', 'A'.repeat(201), 'A'.repeat(10_000)]) {
      expect(calendarFeedInput.safeParse({ token }).success).toBe(true);
    }
  });
});

describe('rideCalendarEvent', () => {
  it('describes an open ride: UID, two hours from the departure, direction, place, seats, cost and link', () => {
    const event = rideCalendarEvent(ride(), null, ORIGIN);
    expect(event).toMatchObject({
      uid: 'ride-12@rides.example.com',
      start: new Date('2026-11-21T07:30:00.000Z'),
      end: new Date('2026-11-21T09:30:00.000Z'),
      summary: 'Ride: Singapore to Forest City',
      location: 'Pasir Ris MRT',
      url: 'https://rides.example.com/rides/12',
      sequence: 0,
      status: 'CONFIRMED',
    });
    expect(event.description.split('\n')).toEqual([
      'Singapore to Forest City, Sat, 21 Nov 2026, 3:30 pm (Singapore time)',
      'Seats: 2 of 4 taken',
      // (80 + 1 × 5) / 2 now, / 4 if full.
      'Cost per person: SGD 42.50 now, SGD 21.25 if full',
      'Ride details: https://rides.example.com/rides/12',
    ]);
  });

  it('adds the reader’s own stop, worded by direction', () => {
    expect(rideCalendarEvent(ride(), { ownLocation: 'Blk 5' }, ORIGIN).description).toContain('Your pick-up: Blk 5');
    const back = rideCalendarEvent(
      ride({ direction: 'FC->SG', pickupLocation: 'Forest City' }),
      { ownLocation: 'Tampines Mall' },
      ORIGIN,
    );
    expect(back.summary).toBe('Ride: Forest City to Singapore');
    expect(back.location).toBe('Forest City');
    expect(back.description).toContain('Your drop-off: Tampines Mall');
  });

  it('marks a cancelled ride CANCELLED, says so in the summary and gives the reason', () => {
    const event = rideCalendarEvent(
      ride({ status: 'cancelled', cancelReason: 'Car broke down', calendarSequence: 3 }),
      null,
      ORIGIN,
    );
    expect(event.status).toBe('CANCELLED');
    expect(event.summary).toBe('Cancelled: Singapore to Forest City');
    expect(event.sequence).toBe(3);
    expect(event.description).toContain('Cancelled: Car broke down');
  });

  it.each(['assigned', 'completed'] as const)('keeps a %s ride CONFIRMED', (status) => {
    expect(rideCalendarEvent(ride({ status }), null, ORIGIN).status).toBe('CONFIRMED');
  });

  it('builds the link from an origin with a trailing slash without doubling it', () => {
    expect(rideCalendarEvent(ride(), null, `${ORIGIN}/`).url).toBe('https://rides.example.com/rides/12');
  });
});

describe('writeCalendar', () => {
  it('writes one ride as a VCALENDAR with CRLF line endings throughout', () => {
    const file = writeCalendar({ events: [rideCalendarEvent(ride({ calendarSequence: 2 }), null, ORIGIN)], now: NOW });
    expect(file.endsWith('\r\n')).toBe(true);
    expect(file.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(unfold(file).split('\r\n')).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//RideShare//Forest City rides//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'BEGIN:VEVENT',
      'UID:ride-12@rides.example.com',
      'DTSTAMP:20261120T010203Z',
      'DTSTART:20261121T073000Z',
      'DTEND:20261121T093000Z',
      'SUMMARY:Ride: Singapore to Forest City',
      'LOCATION:Pasir Ris MRT',
      'DESCRIPTION:Singapore to Forest City\\, Sat\\, 21 Nov 2026\\, 3:30 pm (Singapore time)\\nSeats: 2 of 4 taken\\nCost per person: SGD 42.50 now\\, SGD 21.25 if full\\nRide details: https://rides.example.com/rides/12',
      'URL:https://rides.example.com/rides/12',
      'SEQUENCE:2',
      'STATUS:CONFIRMED',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ]);
  });

  it('names a feed and asks for an hourly refresh; a single ride’s file has no name', () => {
    const feed = writeCalendar({ events: [], now: NOW, name: 'RideShare rides' });
    expect(property(feed, 'X-WR-CALNAME')).toBe('RideShare rides');
    expect(property(feed, 'REFRESH-INTERVAL')).toBe('PT1H');
    expect(property(feed, 'X-PUBLISHED-TTL')).toBe('PT1H');
    expect(feed).not.toContain('BEGIN:VEVENT');
    expect(writeCalendar({ events: [], now: NOW })).not.toContain('X-WR-CALNAME');
  });

  it('writes every event of a feed in order', () => {
    const file = writeCalendar({
      events: [rideCalendarEvent(ride({ id: 1 }), null, ORIGIN), rideCalendarEvent(ride({ id: 2 }), null, ORIGIN)],
      now: NOW,
      name: 'RideShare rides',
    });
    expect(file.match(/^UID:.*$/gm)).toEqual(['UID:ride-1@rides.example.com', 'UID:ride-2@rides.example.com']);
  });

  it('escapes, folds and cleans user text: no raw line break, control character or over-long line survives', () => {
    const location = 'Blk 5; #04-01, Bedok\r\nGate B \\ lobby\u0007 — 🚗🚗🚗 森林城市 '.repeat(4);
    const file = writeCalendar({
      events: [rideCalendarEvent(ride({ pickupLocation: location }), null, ORIGIN)],
      now: NOW,
    });
    for (const line of file.split('\r\n')) {
      expect(octets(line)).toBeLessThanOrEqual(75);
      // eslint-disable-next-line no-control-regex
      expect(line).not.toMatch(/[\u0000-\u0008\u000a-\u001f\u007f]/);
    }
    expect(property(file, 'LOCATION')).toBe(escapeCalendarText(location.trim()));
    expect(property(file, 'LOCATION')).toContain('Blk 5\\; #04-01\\, Bedok\\nGate B \\\\ lobby — 🚗🚗🚗 森林城市');
  });
});
