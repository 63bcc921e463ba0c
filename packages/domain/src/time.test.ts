import { describe, expect, it } from 'vitest';
import {
  formatRideDate,
  formatRideDateOnly,
  formatRideTime,
  fromSingaporeInputValue,
  toSingaporeInputValue,
  toSingaporeIso,
  weekWindow,
} from './time';

describe('test environment', () => {
  it('runs outside Singapore time, so zone mistakes would show', () => {
    expect(new Date('2026-11-21T00:00:00Z').getTimezoneOffset()).not.toBe(-480);
  });
});

describe('formatRideDate', () => {
  it.each([
    ['afternoon', '2026-11-21T07:30:00Z', 'Sat, 21 Nov 2026, 3:30 pm'],
    ['midnight in Singapore (still the 21st in UTC)', '2026-11-21T16:00:00Z', 'Sun, 22 Nov 2026, 12:00 am'],
    ['noon', '2026-01-05T04:00:00Z', 'Mon, 5 Jan 2026, 12:00 pm'],
    ['morning with minutes', '2026-03-01T01:05:00Z', 'Sun, 1 Mar 2026, 9:05 am'],
    ['a Date object', new Date('2026-11-21T07:30:00Z'), 'Sat, 21 Nov 2026, 3:30 pm'],
    ['epoch milliseconds', Date.parse('2026-11-21T07:30:00Z'), 'Sat, 21 Nov 2026, 3:30 pm'],
    ['an unreadable date', 'soon', 'Invalid date'],
  ])('%s', (_label, value, expected) => {
    expect(formatRideDate(value)).toBe(expected);
  });
});

describe('formatRideDateOnly / formatRideTime', () => {
  it.each([
    ['2026-11-21T07:30:00Z', 'Sat, 21 Nov 2026', '3:30 pm'],
    ['2026-11-21T17:30:00Z', 'Sun, 22 Nov 2026', '1:30 am'],
    ['garbage', 'Invalid date', 'Invalid date'],
  ])('%s -> %s / %s', (value, date, time) => {
    expect(formatRideDateOnly(value)).toBe(date);
    expect(formatRideTime(value)).toBe(time);
  });
});

describe('toSingaporeInputValue', () => {
  it.each([
    ['afternoon', '2026-11-21T07:30:00Z', '2026-11-21T15:30'],
    ['next day in Singapore', '2026-11-21T16:45:00Z', '2026-11-22T00:45'],
    ['new year rolls over in Singapore first', '2026-12-31T16:00:00Z', '2027-01-01T00:00'],
    ['seconds are dropped', '2026-11-21T07:30:59Z', '2026-11-21T15:30'],
    ['unreadable', 'nope', ''],
  ])('%s', (_label, value, expected) => {
    expect(toSingaporeInputValue(value)).toBe(expected);
  });
});

describe('fromSingaporeInputValue', () => {
  it.each([
    ['picker value', '2026-11-21T15:30', '2026-11-21T07:30:00.000Z'],
    ['Singapore midnight is the previous UTC day', '2026-11-22T00:00', '2026-11-21T16:00:00.000Z'],
    ['with seconds', '2026-11-21T15:30:45', '2026-11-21T07:30:45.000Z'],
    ['with milliseconds', '2026-11-21T15:30:45.5', '2026-11-21T07:30:45.500Z'],
    ['a space instead of T', '2026-11-21 15:30', '2026-11-21T07:30:00.000Z'],
    ['29 February of a leap year', '2028-02-29T10:00', '2028-02-29T02:00:00.000Z'],
  ])('%s', (_label, value, expected) => {
    expect(fromSingaporeInputValue(value)?.toISOString()).toBe(expected);
  });

  it.each([
    ['empty', ''],
    ['date only', '2026-11-21'],
    ['words', 'tomorrow'],
    ['30 February', '2026-02-30T10:00'],
    ['29 February of a common year', '2026-02-29T10:00'],
    ['month 13', '2026-13-01T10:00'],
    ['hour 24', '2026-11-21T24:00'],
    ['minute 60', '2026-11-21T10:60'],
    ['with a zone', '2026-11-21T15:30Z'],
  ])('gives null for %s', (_label, value) => {
    expect(fromSingaporeInputValue(value)).toBeNull();
  });

  it('round-trips with toSingaporeInputValue', () => {
    const value = '2026-07-04T09:15';
    const date = fromSingaporeInputValue(value);
    expect(date).not.toBeNull();
    expect(date && toSingaporeInputValue(date)).toBe(value);
  });
});

describe('weekWindow (the next 7 days from now)', () => {
  it.each([
    ['Saturday night in Singapore', '2026-11-21T15:59:59.999Z', '2026-11-28T15:59:59.999Z'],
    ['midweek', '2026-11-25T04:00:00.000Z', '2026-12-02T04:00:00.000Z'],
    ['across a month boundary', '2026-12-30T00:00:00.000Z', '2027-01-06T00:00:00.000Z'],
  ])('%s', (_label, now, end) => {
    const window = weekWindow(new Date(now));
    expect(window.start.toISOString()).toBe(now);
    expect(window.end.toISOString()).toBe(end);
  });
});

describe('toSingaporeIso', () => {
  it('writes Singapore time with its offset, across the UTC day boundary', () => {
    expect(toSingaporeIso(new Date('2026-11-21T07:30:05Z'))).toBe('2026-11-21T15:30:05+08:00');
    expect(toSingaporeIso('2026-11-21T20:00:00.000Z')).toBe('2026-11-22T04:00:00+08:00');
    expect(toSingaporeIso('not a date')).toBe('');
  });
});
