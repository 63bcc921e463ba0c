import { describe, expect, it } from 'vitest';
import {
  buildRidePayload,
  directionLabel,
  normaliseDropoffLocations,
  parseRideDate,
  rideToFormValues,
} from './direction';
import type { RideFormValues } from './direction';

describe('directionLabel', () => {
  it.each([
    ['SG->FC', 'Singapore to Forest City'],
    ['FC->SG', 'Forest City to Singapore'],
  ] as const)('%s -> %s', (direction, expected) => {
    expect(directionLabel(direction)).toBe(expected);
  });
});

describe('parseRideDate', () => {
  it.each([
    ['a picker value is Singapore time', '2026-11-21T15:30', '2026-11-21T07:30:00.000Z'],
    ['an ISO string with Z', '2026-11-21T07:30:00.000Z', '2026-11-21T07:30:00.000Z'],
    ['an ISO string with an offset', '2026-11-21T15:30:00+08:00', '2026-11-21T07:30:00.000Z'],
    ['surrounding spaces', '  2026-11-21T15:30 ', '2026-11-21T07:30:00.000Z'],
    ['a Date', new Date('2026-11-21T07:30:00Z'), '2026-11-21T07:30:00.000Z'],
  ])('%s', (_label, value, expected) => {
    expect(parseRideDate(value).toISOString()).toBe(expected);
  });

  it.each([
    ['empty', ''],
    ['words', 'next friday'],
    ['an impossible picker value', '2026-02-30T10:00'],
    ['an invalid Date', new Date(Number.NaN)],
  ])("throws 'Invalid date provided' for %s", (_label, value) => {
    expect(() => parseRideDate(value)).toThrow(new Error('Invalid date provided'));
  });

  it('returns a copy, never the caller’s Date', () => {
    const input = new Date('2026-11-21T07:30:00Z');
    expect(parseRideDate(input)).not.toBe(input);
  });
});

describe('normaliseDropoffLocations', () => {
  it.each([
    ['not a list', 'Tampines', []],
    ['null', null, []],
    [
      'strings get one passenger',
      ['Tampines', 'Bedok'],
      [
        { location: 'Tampines', passengerCount: 1 },
        { location: 'Bedok', passengerCount: 1 },
      ],
    ],
    [
      'objects keep their count',
      [{ location: 'Bedok', passengerCount: 3 }],
      [{ location: 'Bedok', passengerCount: 3 }],
    ],
    ['a missing count becomes 1', [{ location: 'Bedok' }], [{ location: 'Bedok', passengerCount: 1 }]],
    ['a text count is read', [{ location: 'Bedok', passengerCount: '2' }], [{ location: 'Bedok', passengerCount: 2 }]],
    [
      'a non-numeric count becomes 1',
      [{ location: 'Bedok', passengerCount: 'two' }],
      [{ location: 'Bedok', passengerCount: 1 }],
    ],
    [
      'entries without a location are skipped',
      [42, null, { passengerCount: 2 }, 'Tampines'],
      [{ location: 'Tampines', passengerCount: 1 }],
    ],
  ])('%s', (_label, raw, expected) => {
    expect(normaliseDropoffLocations(raw)).toEqual(expected);
  });
});

describe('buildRidePayload', () => {
  const base: RideFormValues = {
    direction: 'SG->FC',
    date: '2026-11-21T15:30',
    maxPassengers: '4',
    organizerLocation: '  Pasir Ris MRT  ',
    organizerPassengerCount: '2',
    cost: '75',
    stopPrice: '10',
  };

  it('SG->FC: the pickup is the organiser location, one drop-off entry with their group', () => {
    expect(buildRidePayload(base)).toEqual({
      direction: 'SG->FC',
      maxPassengers: 4,
      date: '2026-11-21T07:30:00.000Z',
      organizerPassengerCount: 2,
      cost: 75,
      stopPrice: 10,
      pickupLocation: 'Pasir Ris MRT',
      dropoffLocations: [{ location: 'Pasir Ris MRT', passengerCount: 2 }],
    });
  });

  it('SG->FC ignores any drop-off list left over from switching direction', () => {
    const payload = buildRidePayload({ ...base, dropoffLocations: ['Old place', 'Another'] });
    expect(payload.dropoffLocations).toEqual([{ location: 'Pasir Ris MRT', passengerCount: 2 }]);
  });

  it('FC->SG without drop-offs: pickup Forest City, a new first entry for the organiser', () => {
    const payload = buildRidePayload({ ...base, direction: 'FC->SG', organizerLocation: ' Tampines Mall ' });
    expect(payload.pickupLocation).toBe('Forest City');
    expect(payload.dropoffLocations).toEqual([{ location: 'Tampines Mall', passengerCount: 2 }]);
  });

  it('FC->SG with drop-offs: the first entry is replaced by the organiser, others kept and normalised', () => {
    const payload = buildRidePayload({
      ...base,
      direction: 'FC->SG',
      organizerLocation: 'Tampines Mall',
      pickupLocation: 'Somewhere typed earlier',
      dropoffLocations: [
        { location: 'Old organiser place', passengerCount: 5 },
        ' Bedok ',
        { location: 'Jurong', passengerCount: 3 },
        '  ',
      ],
    });
    expect(payload.pickupLocation).toBe('Forest City');
    expect(payload.dropoffLocations).toEqual([
      { location: 'Tampines Mall', passengerCount: 2 },
      { location: 'Bedok', passengerCount: 1 },
      { location: 'Jurong', passengerCount: 3 },
    ]);
  });

  it.each([
    ['zero', 0, 1],
    ['negative', '-3', 1],
    ['empty', '', 1],
    ['not a number', 'abc', 1],
    ['NaN', Number.NaN, 1],
    ['a fraction', '2.6', 2],
    ['a number', 3, 3],
  ])('organiser count %s -> %s', (_label, organizerPassengerCount, expected) => {
    const payload = buildRidePayload({ ...base, organizerPassengerCount });
    expect(payload.organizerPassengerCount).toBe(expected);
    expect(payload.dropoffLocations[0]?.passengerCount).toBe(expected);
  });

  it.each([
    ['numeric text', '7', 7],
    ['a number', 3, 3],
    ['a fraction', 4.8, 4],
    ['unreadable falls back to the default 5', '', 5],
  ])('maxPassengers %s -> %s', (_label, maxPassengers, expected) => {
    expect(buildRidePayload({ ...base, maxPassengers }).maxPassengers).toBe(expected);
  });

  it.each([
    ['numeric text', '120', '0', 120, 0],
    ['numbers', 1000, 100, 1000, 100],
    ['fractions are truncated (the schema refuses them first)', 79.9, 5.5, 79, 5],
    ['unreadable falls back to SGD 80 and SGD 5', '', 'abc', 80, 5],
    ['left out falls back to SGD 80 and SGD 5', undefined, undefined, 80, 5],
  ])('cost and stop price from %s', (_label, cost, stopPrice, expectedCost, expectedStopPrice) => {
    expect(buildRidePayload({ ...base, cost, stopPrice })).toMatchObject({
      cost: expectedCost,
      stopPrice: expectedStopPrice,
    });
  });

  it("throws 'Invalid date provided' for an unparseable date", () => {
    expect(() => buildRidePayload({ ...base, date: 'whenever' })).toThrow('Invalid date provided');
  });
});

describe('rideToFormValues', () => {
  it('FC->SG: the organiser location and group are the first drop-off', () => {
    expect(
      rideToFormValues({
        direction: 'FC->SG',
        date: '2026-11-21T07:30:00Z',
        maxPassengers: 4,
        pickupLocation: 'Forest City',
        dropoffLocations: [{ location: 'Bedok', passengerCount: 2 }, 'Jurong'],
        cost: 120,
        stopPrice: 0,
      }),
    ).toEqual({
      direction: 'FC->SG',
      date: '2026-11-21T15:30',
      maxPassengers: 4,
      organizerLocation: 'Bedok',
      organizerPassengerCount: 2,
      cost: 120,
      stopPrice: 0,
      minPassengers: '',
      crossing: 'second-link',
      pickupLocation: 'Forest City',
      dropoffLocations: [
        { location: 'Bedok', passengerCount: 2 },
        { location: 'Jurong', passengerCount: 1 },
      ],
    });
  });

  it('SG->FC: the organiser location is the pickup; a missing count loads as 1', () => {
    const values = rideToFormValues({
      direction: 'SG->FC',
      date: new Date('2026-11-21T07:30:00Z'),
      maxPassengers: 5,
      pickupLocation: 'Pasir Ris MRT',
      dropoffLocations: [{ location: 'Pasir Ris MRT' }],
    });
    expect(values.organizerLocation).toBe('Pasir Ris MRT');
    expect(values.organizerPassengerCount).toBe(1);
    // A ride without prices (older clients, old rows) pre-fills the spec's SGD 80 and SGD 5 a stop.
    expect(values).toMatchObject({ cost: 80, stopPrice: 5 });
  });

  it('round-trips through buildRidePayload', () => {
    const payload = {
      direction: 'FC->SG' as const,
      maxPassengers: 6,
      date: '2026-11-21T07:30:00.000Z',
      organizerPassengerCount: 2,
      pickupLocation: 'Forest City',
      dropoffLocations: [
        { location: 'Bedok', passengerCount: 2 },
        { location: 'Jurong', passengerCount: 1 },
      ],
      cost: 95,
      stopPrice: 7,
      minPassengers: 3,
      crossing: 'causeway' as const,
    };
    expect(buildRidePayload(rideToFormValues(payload))).toEqual(payload);
  });

  it('an FC->SG ride with no drop-offs pre-fills an empty location and one passenger', () => {
    const values = rideToFormValues({
      direction: 'FC->SG',
      date: 'bad',
      maxPassengers: 5,
      pickupLocation: 'Forest City',
      dropoffLocations: null,
    });
    expect(values).toMatchObject({ organizerLocation: '', organizerPassengerCount: 1, date: '', dropoffLocations: [] });
  });
});
