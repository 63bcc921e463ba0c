import { describe, expect, it } from 'vitest';
import { clampPassengerCount, passengerCountAtLoad } from './passenger-count';

describe('clampPassengerCount', () => {
  it.each([
    ['a number in range', 3, 5, 3],
    ['numeric text', '4', 5, 4],
    ['exactly the maximum', 5, 5, 5],
    ['above the maximum', 7, 5, 5],
    ['text above the maximum', '12', 10, 10],
    ['empty text', '', 5, 1],
    ['blank text', '  ', 5, 1],
    ['not a number', 'abc', 5, 1],
    ['NaN', Number.NaN, 5, 1],
    ['zero', 0, 5, 1],
    ['negative', -2, 5, 1],
    ['a fraction drops its decimals', 2.7, 5, 2],
    ['a fraction below 1', 0.5, 5, 1],
    ['undefined', undefined, 5, 1],
    ['null', null, 5, 1],
    ['a maximum below 1 still gives 1', 3, 0, 1],
    ['Infinity is not a count', Number.POSITIVE_INFINITY, 5, 1],
  ])('%s (%s, max %s) -> %s', (_label, value, max, expected) => {
    expect(clampPassengerCount(value, max)).toBe(expected);
  });
});

describe('passengerCountAtLoad', () => {
  it.each([
    ['missing', undefined, 1],
    ['null', null, 1],
    ['non-numeric text', 'two', 1],
    ['empty text', '', 1],
    ['an object', { count: 2 }, 1],
    ['a number', 3, 3],
    ['numeric text', '4', 4],
    ['a fraction', 2.9, 2],
    ['zero stays a number', 0, 0],
  ])('%s -> %s', (_label, value, expected) => {
    expect(passengerCountAtLoad(value)).toBe(expected);
  });
});
