import { describe, expect, it } from 'vitest';

import {
  calendarFeedPath,
  calendarLocation,
  isCalendarToken,
  rideCalendarEvent,
  rideCalendarFilename,
  rideCalendarPath,
  rideEventUid,
  type CalendarRide,
} from './calendar';
import { calendarFeedInput } from './schemas';

const ORIGIN = 'https://rides.example.com';

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
      'Price: about SGD 42.50 each now, SGD 21.25 if full',
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

  it('gives the reader’s stop number in the route order, or says they are not placed yet', () => {
    expect(rideCalendarEvent(ride(), { ownLocation: 'Blk 5', ownStop: 2 }, ORIGIN).description).toContain(
      'Your pick-up: Blk 5 (Stop #2)',
    );
    expect(rideCalendarEvent(ride(), { ownLocation: 'Blk 5', ownStop: 'unplaced' }, ORIGIN).description).toContain(
      'Your pick-up: Blk 5 (not placed yet)',
    );
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
    // A cancelled ride shows no price.
    expect(event.description).not.toMatch(/SGD|Price/);
  });

  it('once the price is locked shows the member’s own share, not the per-person cost', () => {
    const locked = ride({ priceLockedAt: '2026-11-20T00:00:00.000Z' });
    const member = rideCalendarEvent(locked, { ownLocation: 'Blk 5', ownShare: 40 }, ORIGIN).description;
    expect(member).toContain('Your share SGD 40.00');
    expect(member).not.toContain('each now');
    expect(rideCalendarEvent(locked, null, ORIGIN).description).toContain('Price locked');
  });

  it.each(['assigned', 'completed'] as const)('keeps a %s ride CONFIRMED', (status) => {
    expect(rideCalendarEvent(ride({ status }), null, ORIGIN).status).toBe('CONFIRMED');
  });

  it('builds the link from an origin with a trailing slash without doubling it', () => {
    expect(rideCalendarEvent(ride(), null, `${ORIGIN}/`).url).toBe('https://rides.example.com/rides/12');
  });
});
