import { describe, expect, it } from 'vitest';

import { readRideListState, writeRideListState } from './ride-list-params';

const params = (query: string) => new URLSearchParams(query);

describe('readRideListState', () => {
  it('uses the spec defaults for an empty address', () => {
    expect(readRideListState(params(''))).toEqual({
      tab: 'all-rides',
      time: 'upcoming',
      direction: 'all',
      sort: 'dateAsc',
      q: '',
      page: 1,
    });
  });

  it('reads every known value', () => {
    expect(
      readRideListState(params('tab=my-rides&time=thisWeek&direction=FC-%3ESG&sort=dateDesc&q=+Clementi+&page=3')),
    ).toEqual({
      tab: 'my-rides',
      time: 'thisWeek',
      direction: 'FC->SG',
      sort: 'dateDesc',
      q: 'Clementi',
      page: 3,
    });
  });

  it.each([
    ['tab=settings', 'tab', 'all-rides'],
    ['time=tomorrow', 'time', 'upcoming'],
    ['direction=SG-%3EKL', 'direction', 'all'],
    ['sort=price', 'sort', 'dateAsc'],
    ['page=0', 'page', 1],
    ['page=-2', 'page', 1],
    ['page=2.5', 'page', 1],
    ['page=abc', 'page', 1],
    ['page=99999999999', 'page', 1],
  ] as const)('falls back to the default for %s', (query, key, expected) => {
    expect(readRideListState(params(query))[key]).toBe(expected);
  });
});

describe('writeRideListState', () => {
  it('leaves defaults out of the address', () => {
    const next = writeRideListState(params('time=all&page=2'), { time: 'upcoming', page: 1 });
    expect(next.toString()).toBe('');
  });

  it('goes back to page 1 when a filter changes', () => {
    const next = writeRideListState(params('page=4'), { direction: 'SG->FC' });
    expect(readRideListState(next)).toMatchObject({ direction: 'SG->FC', page: 1 });
  });

  it('keeps the page when the same filter value is chosen again', () => {
    const next = writeRideListState(params('direction=SG-%3EFC&page=4'), { direction: 'SG->FC' });
    expect(readRideListState(next).page).toBe(4);
  });

  it('keeps the page on a tab switch and keeps unrelated parameters', () => {
    const next = writeRideListState(params('page=2&utm=x'), { tab: 'my-rides' });
    expect(next.get('page')).toBe('2');
    expect(next.get('tab')).toBe('my-rides');
    expect(next.get('utm')).toBe('x');
  });

  it('does not change the parameters it was given', () => {
    const original = params('time=all');
    writeRideListState(original, { time: 'thisWeek' });
    expect(original.toString()).toBe('time=all');
  });
});
