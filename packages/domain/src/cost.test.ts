import { describe, expect, it } from 'vitest';
import {
  cardCostPerPerson,
  costBreakdown,
  countAdditionalStops,
  estimatedCostPerPerson,
  formatSgd,
  totalCost,
} from './cost';

describe('totalCost', () => {
  it.each([
    ['base only', { cost: 80, additionalStops: 0 }, 80],
    ['two extra stops at SGD 5', { cost: 80, additionalStops: 2 }, 90],
    ['another base price', { cost: 75, additionalStops: 1 }, 80],
    ['missing cost uses SGD 80', { additionalStops: 1 }, 85],
    ['null cost and stops use the defaults', { cost: null, additionalStops: null }, 80],
    ['a free ride stays free', { cost: 0, additionalStops: 0 }, 0],
    ['negative stop counts are ignored', { cost: 80, additionalStops: -3 }, 80],
  ])('%s', (_label, ride, expected) => {
    expect(totalCost(ride)).toBe(expected);
  });
});

describe('cardCostPerPerson', () => {
  it.each([
    ['nobody on board shows the full price', 80, 0, 0, 80],
    ['one passenger pays all', 80, 0, 1, 80],
    ['split evenly', 80, 0, 4, 20],
    ['rounded to whole SGD (26.67 -> 27)', 80, 0, 3, 27],
    ['half rounds up (85 / 2 = 42.5 -> 43)', 80, 1, 2, 43],
    ['rounded down (90 / 7 = 12.86 -> 13)', 80, 2, 7, 13],
  ])('%s', (_label, cost, additionalStops, currentPassengers, expected) => {
    expect(cardCostPerPerson({ cost, additionalStops, currentPassengers })).toBe(expected);
  });
});

describe('estimatedCostPerPerson', () => {
  it.each([
    ['divides by every seat', 80, 0, 5, 16],
    ['two decimals', 80, 0, 3, 26.67],
    ['extra stops included', 80, 1, 2, 42.5],
    ['one seat pays all', 80, 2, 1, 90],
    ['zero seats counts as one', 80, 0, 0, 80],
    ['no float drift (100.5 / 100 = 1.005 -> 1.01)', 100.5, 0, 100, 1.01],
  ])('%s', (_label, cost, additionalStops, maxPassengers, expected) => {
    expect(estimatedCostPerPerson({ cost, additionalStops, maxPassengers })).toBe(expected);
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
    expect(costBreakdown({ cost: 80, additionalStops: 2, maxPassengers: 5 })).toEqual({
      baseCost: 80,
      additionalStops: 2,
      additionalStopsCost: 10,
      total: 90,
      perPersonEstimate: 18,
    });
  });

  it('uses the defaults for a ride without cost data', () => {
    expect(costBreakdown({ maxPassengers: 4 })).toEqual({
      baseCost: 80,
      additionalStops: 0,
      additionalStopsCost: 0,
      total: 80,
      perPersonEstimate: 20,
    });
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
