import { describe, expect, it } from 'vitest';
import { DIRECTION_FILTERS, SORT_ORDERS, TIME_FILTERS } from './filters';
import { rideListFiltersInput } from './schemas';

describe('filter lists', () => {
  it('match the spec', () => {
    expect(TIME_FILTERS).toEqual(['upcoming', 'thisWeek', 'all']);
    expect(DIRECTION_FILTERS).toEqual(['all', 'SG->FC', 'FC->SG']);
    expect(SORT_ORDERS).toEqual(['dateAsc', 'dateDesc']);
  });
});

describe('rideListFiltersInput', () => {
  it.each([
    ['nothing at all', undefined, { time: 'upcoming', direction: 'all', sort: 'dateAsc', q: '' }],
    ['an empty object', {}, { time: 'upcoming', direction: 'all', sort: 'dateAsc', q: '' }],
    ['some fields', { direction: 'FC->SG' }, { time: 'upcoming', direction: 'FC->SG', sort: 'dateAsc', q: '' }],
    [
      'every field',
      { time: 'thisWeek', direction: 'SG->FC', sort: 'dateDesc', q: 'clementi friday' },
      { time: 'thisWeek', direction: 'SG->FC', sort: 'dateDesc', q: 'clementi friday' },
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
