import { describe, expect, it } from 'vitest';
import { DIRECTION_FILTERS, SORT_ORDERS, TIME_FILTERS, filterAndSortRides, rideListFiltersInput } from './filters';

// Saturday 21 Nov 2026, 23:00 in Singapore; still Saturday 15:00 in UTC.
const NOW = new Date('2026-11-21T15:00:00.000Z');

type TestRide = { id: number; date: string; direction: 'SG->FC' | 'FC->SG' };
const rides: TestRide[] = [
  { id: 1, date: '2026-11-25T02:00:00.000Z', direction: 'SG->FC' }, // next week Wed (SG)
  { id: 2, date: '2026-11-20T02:00:00.000Z', direction: 'FC->SG' }, // this week, past (Fri)
  { id: 3, date: '2026-11-21T15:30:00.000Z', direction: 'FC->SG' }, // tonight 23:30 SG, this week
  { id: 4, date: '2026-11-21T16:00:00.000Z', direction: 'SG->FC' }, // Sunday 00:00 SG: next week
  { id: 5, date: '2026-11-10T02:00:00.000Z', direction: 'SG->FC' }, // long past
  { id: 6, date: NOW.toISOString(), direction: 'FC->SG' }, // departing exactly now: not past
];
const ids = (list: readonly TestRide[]) => list.map((ride) => ride.id);

describe('filter lists', () => {
  it('match the spec', () => {
    expect(TIME_FILTERS).toEqual(['upcoming', 'thisWeek', 'all']);
    expect(DIRECTION_FILTERS).toEqual(['all', 'SG->FC', 'FC->SG']);
    expect(SORT_ORDERS).toEqual(['dateAsc', 'dateDesc']);
  });
});

describe('rideListFiltersInput', () => {
  it.each([
    ['nothing at all', undefined, { time: 'upcoming', direction: 'all', sort: 'dateAsc' }],
    ['an empty object', {}, { time: 'upcoming', direction: 'all', sort: 'dateAsc' }],
    ['some fields', { direction: 'FC->SG' }, { time: 'upcoming', direction: 'FC->SG', sort: 'dateAsc' }],
    [
      'every field',
      { time: 'thisWeek', direction: 'SG->FC', sort: 'dateDesc' },
      { time: 'thisWeek', direction: 'SG->FC', sort: 'dateDesc' },
    ],
  ])('defaults for %s', (_label, input, expected) => {
    expect(rideListFiltersInput.parse(input)).toEqual(expected);
  });

  it.each([
    ['time', { time: 'tomorrow' }],
    ['direction', { direction: 'SG->KL' }],
    ['sort', { sort: 'price' }],
  ])('refuses an unknown %s', (field, input) => {
    const result = rideListFiltersInput.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });
});

describe('filterAndSortRides', () => {
  it.each([
    ['defaults: upcoming, earliest first', {}, [6, 3, 4, 1]],
    ['upcoming, latest first', { sort: 'dateDesc' }, [1, 4, 3, 6]],
    ['all, past rides after the rest', { time: 'all' }, [6, 3, 4, 1, 5, 2]],
    ['all, latest first, past ones still last', { time: 'all', sort: 'dateDesc' }, [1, 4, 3, 6, 2, 5]],
    ['this week (Sunday to Sunday in Singapore), past ones last', { time: 'thisWeek' }, [6, 3, 2]],
    ['this week, one direction', { time: 'thisWeek', direction: 'FC->SG' }, [6, 3, 2]],
    ['SG->FC only, all times', { time: 'all', direction: 'SG->FC' }, [4, 1, 5]],
    ['FC->SG upcoming', { direction: 'FC->SG' }, [6, 3]],
  ] as const)('%s', (_label, filters, expected) => {
    expect(ids(filterAndSortRides(rides, filters, NOW))).toEqual(expected);
  });

  it('once Sunday starts in Singapore, this week moves on although UTC is still Saturday', () => {
    const sundayMorningSg = new Date('2026-11-21T17:00:00.000Z');
    // Ride 4 (Sunday 00:00 SG) is now in this week but already past, so it comes after ride 1.
    expect(ids(filterAndSortRides(rides, { time: 'thisWeek', sort: 'dateAsc' }, sundayMorningSg))).toEqual([1, 4]);
  });

  it('returns a new array and leaves the input alone', () => {
    const copy = [...rides];
    const result = filterAndSortRides(rides, { time: 'all' }, NOW);
    expect(result).not.toBe(rides);
    expect(rides).toEqual(copy);
  });

  it('accepts Date objects and puts unreadable dates last', () => {
    const mixed = [
      { id: 1, date: 'garbage', direction: 'SG->FC' },
      { id: 2, date: new Date('2026-12-01T00:00:00Z'), direction: 'SG->FC' },
      { id: 3, date: new Date('2026-11-30T00:00:00Z'), direction: 'SG->FC' },
    ];
    expect(filterAndSortRides(mixed, { time: 'all' }, NOW).map((ride) => ride.id)).toEqual([3, 2, 1]);
    expect(filterAndSortRides(mixed, { time: 'all', sort: 'dateDesc' }, NOW).map((ride) => ride.id)).toEqual([2, 3, 1]);
  });
});
