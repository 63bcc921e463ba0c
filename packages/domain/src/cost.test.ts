import { describe, expect, it } from 'vitest';
import {
  costBreakdown,
  countAdditionalStops,
  formatSgd,
  joinCost,
  perPersonIfFull,
  perPersonNow,
  totalCost,
} from './cost';

describe('totalCost', () => {
  it.each([
    ['base only', { cost: 80, additionalStops: 0 }, 80],
    ['two extra stops at the default SGD 5', { cost: 80, additionalStops: 2 }, 90],
    ['another base price', { cost: 75, additionalStops: 1 }, 80],
    ['missing cost uses SGD 80', { additionalStops: 1 }, 85],
    ['null cost, stops and stop price use the defaults', { cost: null, additionalStops: null, stopPrice: null }, 80],
    ['a free ride stays free', { cost: 0, additionalStops: 0 }, 0],
    ['negative stop counts are ignored', { cost: 80, additionalStops: -3 }, 80],
    ['the organiser set SGD 10 a stop', { cost: 80, additionalStops: 2, stopPrice: 10 }, 100],
    ['free stops', { cost: 75, additionalStops: 3, stopPrice: 0 }, 75],
    ['a stop price without stops adds nothing', { cost: 80, additionalStops: 0, stopPrice: 100 }, 80],
    ['null stop price uses SGD 5', { cost: 80, additionalStops: 1, stopPrice: null }, 85],
    ['a negative stop price uses SGD 5', { cost: 80, additionalStops: 1, stopPrice: -2 }, 85],
    ['the largest figures', { cost: 1000, additionalStops: 9, stopPrice: 100 }, 1900],
  ])('%s', (_label, ride, expected) => {
    expect(totalCost(ride)).toBe(expected);
  });
});

describe('perPersonNow', () => {
  it.each([
    ['nobody on board shows the full price', 80, 0, 5, 0, 80],
    ['one passenger pays all', 80, 0, 5, 1, 80],
    ['split evenly', 80, 0, 5, 4, 20],
    ['to the cent (80 / 3 = 26.666 -> 26.67)', 80, 0, 5, 3, 26.67],
    ['half a dollar kept (85 / 2 = 42.5)', 80, 1, 5, 2, 42.5],
    ['rounded down (90 / 7 = 12.857 -> 12.86)', 80, 2, 5, 7, 12.86],
    ['the set stop price counts (100 / 3 = 33.33)', 80, 2, 10, 3, 33.33],
    ['negative passenger counts count as one', 80, 0, 5, -1, 80],
  ])('%s', (_label, cost, additionalStops, stopPrice, currentPassengers, expected) => {
    expect(perPersonNow({ cost, additionalStops, stopPrice, currentPassengers })).toBe(expected);
  });
});

describe('perPersonIfFull', () => {
  it.each([
    ['divides by every seat', 80, 0, 5, 5, 16],
    ['two decimals', 80, 0, 5, 3, 26.67],
    ['extra stops included', 80, 1, 5, 2, 42.5],
    ['the set stop price counts', 80, 1, 10, 2, 45],
    ['one seat pays all', 80, 2, 5, 1, 90],
    ['zero seats counts as one', 80, 0, 5, 0, 80],
    ['no float drift (100.5 / 100 = 1.005 -> 1.01)', 100.5, 0, 5, 100, 1.01],
  ])('%s', (_label, cost, additionalStops, stopPrice, maxPassengers, expected) => {
    expect(perPersonIfFull({ cost, additionalStops, stopPrice, maxPassengers })).toBe(expected);
  });
});

describe('formatSgd', () => {
  it.each([
    [80, undefined, 'SGD 80'],
    [17, 2, 'SGD 17.00'],
    [26.666, undefined, 'SGD 26.67'],
    [42.5, undefined, 'SGD 42.50'],
    [16, 0, 'SGD 16'],
    [0, undefined, 'SGD 0'],
  ])('%s with %s decimals -> %s', (amount, decimals, expected) => {
    expect(formatSgd(amount, decimals)).toBe(expected);
  });
});

describe('costBreakdown', () => {
  it('gives every line of the cost box', () => {
    expect(
      costBreakdown({ cost: 80, additionalStops: 2, stopPrice: 10, currentPassengers: 3, maxPassengers: 5 }),
    ).toEqual({
      baseCost: 80,
      additionalStops: 2,
      stopPrice: 10,
      additionalStopsCost: 20,
      total: 100,
      perPersonNow: 33.33,
      perPersonIfFull: 20,
    });
  });

  it('uses the defaults for a ride without cost data', () => {
    expect(costBreakdown({ currentPassengers: 0, maxPassengers: 4 })).toEqual({
      baseCost: 80,
      additionalStops: 0,
      stopPrice: 5,
      additionalStopsCost: 0,
      total: 80,
      perPersonNow: 80,
      perPersonIfFull: 20,
    });
  });
});

describe('joinCost', () => {
  const ride = {
    direction: 'FC->SG' as const,
    cost: 80,
    stopPrice: 5,
    additionalStops: 1,
    currentPassengers: 2,
    maxPassengers: 6,
    dropoffLocations: [{ location: 'Bedok' }, { location: 'Jurong East' }],
  };

  it.each([
    // label, location, group, addsStop, total after, per person now, your share now, your share if full
    ['a new stop adds one stop and the group', 'Tampines', 1, true, 90, 30, 30, 15],
    ['an existing stop adds no stop', 'Bedok', 1, false, 85, 28.33, 28.33, 14.17],
    ['the same place in other case and spacing is no new stop', '  jurong   EAST ', 1, false, 85, 28.33, 28.33, 14.17],
    ['a group pays per person x its size', 'Tampines', 2, true, 90, 22.5, 45, 30],
    ['the share is the shown per-person figure x group (85 / 5 = 17 x 3)', 'Bedok', 3, false, 85, 17, 51, 42.51],
    ['a blank location adds no stop', '   ', 1, false, 85, 28.33, 28.33, 14.17],
    ['a group below one counts as one', 'Bedok', 0, false, 85, 28.33, 28.33, 14.17],
  ] as const)('%s', (_label, location, group, addsStop, total, now, shareNow, shareIfFull) => {
    const result = joinCost(ride, location, group);
    expect(result.addsStop).toBe(addsStop);
    expect(result.onBoard).toBe(ride.currentPassengers + Math.max(group, 1));
    expect(result.after.total).toBe(total);
    expect(result.after.perPersonNow).toBe(now);
    expect(result.yourShareNow).toBe(shareNow);
    expect(result.yourShareIfFull).toBe(shareIfFull);
  });

  it('the first location on a ride without entries adds no stop', () => {
    const empty = { ...ride, additionalStops: 0, currentPassengers: 0, dropoffLocations: [] };
    expect(joinCost(empty, 'Bedok', 2)).toMatchObject({
      addsStop: false,
      group: 2,
      onBoard: 2,
      yourShareNow: 80,
      after: { total: 80 },
    });
  });

  it('a free stop changes nothing but the split', () => {
    const free = { ...ride, stopPrice: 0 };
    expect(joinCost(free, 'Tampines', 1)).toMatchObject({ addsStop: true, after: { total: 80, perPersonNow: 26.67 } });
  });
});

describe('countAdditionalStops', () => {
  it.each([
    ['no locations', 'FC->SG', [], 0],
    ['one location', 'FC->SG', ['Tampines Mall'], 0],
    ['the same place twice', 'FC->SG', ['Tampines Mall', 'Tampines Mall'], 0],
    ['same place in other case and spacing', 'FC->SG', ['Tampines Mall', '  tampines   MALL '], 0],
    ['two places', 'FC->SG', ['Tampines Mall', 'Jurong East'], 1],
    ['three places, one repeated', 'FC->SG', ['Tampines Mall', 'jurong east', 'Bedok', 'Jurong East '], 2],
    ['blank entries are no stop', 'FC->SG', ['Bedok', '', '   '], 0],
    ['pick-ups count the same way for SG->FC', 'SG->FC', ['Pasir Ris MRT', 'Punggol', 'Pasir Ris MRT'], 1],
  ] as const)('%s', (_label, direction, locations, expected) => {
    expect(countAdditionalStops(direction, locations)).toBe(expected);
  });
});
