import { describe, expect, it } from 'vitest';

import { parseRideId } from './ride-id';

describe('parseRideId', () => {
  it.each([
    ['12', 12],
    [' 7 ', 7],
    ['7\n', 7],
    ['2147483647', 2147483647],
  ])('reads %j as %j', (value, expected) => {
    expect(parseRideId(value)).toBe(expected);
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['  '],
    ['abc'],
    ['0'],
    ['-3'],
    ['+10'],
    ['010'],
    ['0x10'],
    ['1e1'],
    ['1.5'],
    ['１０'],
    ['2147483648'],
    ['99999999999'],
  ])('names no ride for %j', (value) => {
    expect(parseRideId(value)).toBeNull();
  });
});
