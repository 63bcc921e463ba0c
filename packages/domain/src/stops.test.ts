import { describe, expect, it } from 'vitest';

import { countAdditionalStops, joinCost, sameStopAs } from './cost';
import { deriveRideFields } from './ride-entries';
import {
  distanceMetres,
  dropoffStops,
  groupStops,
  keepStopsTogether,
  placeKey,
  routeStops,
  samePlace,
  sequenceForNewcomer,
  stopNumbers,
} from './stops';

// Two pins about 30 m apart near Bedok MRT, and one about 1 km away.
const BEDOK = { latitude: 1.324, longitude: 103.9301 };
const NEAR_BEDOK = { latitude: 1.3242, longitude: 103.9303 };
const FAR = { latitude: 1.333, longitude: 103.9301 };

const entry = (id: number, dropoffSequence: number | null, dropoffLocation: string) => ({
  id,
  dropoffSequence,
  dropoffLocation,
});

describe('samePlace', () => {
  it('matches the same text after normalising case, spaces and punctuation', () => {
    expect(placeKey('  Tampines  Mall, ')).toBe('tampines mall');
    expect(samePlace({ location: 'Bedok MRT' }, { location: 'bedok  mrt.' })).toBe(true);
    expect(samePlace({ location: 'Bedok MRT' }, { location: 'Bedok Mall' })).toBe(false);
  });

  it('matches pins within 50 m whatever the text, and not pins farther apart', () => {
    expect(distanceMetres(BEDOK, NEAR_BEDOK)).toBeLessThan(50);
    expect(distanceMetres(BEDOK, FAR)).toBeGreaterThan(500);
    expect(
      samePlace({ location: 'Bedok MRT', coordinates: BEDOK }, { location: 'Exit B', coordinates: NEAR_BEDOK }),
    ).toBe(true);
    expect(samePlace({ location: 'Bedok MRT', coordinates: BEDOK }, { location: 'Bedok Hub', coordinates: FAR })).toBe(
      false,
    );
    expect(samePlace({ location: 'Bedok MRT', coordinates: BEDOK }, { location: 'Exit B' })).toBe(false);
  });

  it('never matches two blank texts', () => {
    expect(samePlace({ location: ' ' }, { location: '' })).toBe(false);
  });
});

describe('the cost counts one stop for the same place', () => {
  it('groups places into stops', () => {
    expect(groupStops(['Bedok', 'Jurong', 'bedok', ' '])).toEqual({ stopOf: [0, 1, 0, -1], count: 2 });
  });

  it('counts pins within 50 m as one stop', () => {
    const places = [
      { location: 'Bedok MRT', coordinates: BEDOK },
      { location: 'Bedok Interchange', coordinates: NEAR_BEDOK },
      { location: 'Jurong East' },
    ];
    expect(countAdditionalStops('FC->SG', places)).toBe(1);
  });

  it('derives additionalStops from the entries with their pins (what the server stores)', () => {
    const derived = deriveRideFields('FC->SG', 1, [
      { id: 1, userId: 1, dropoffLocation: 'Bedok MRT', passengerCount: 1, dropoffSequence: 1, ...BEDOK },
      { id: 2, userId: 2, dropoffLocation: 'Jurong', passengerCount: 1, dropoffSequence: 2 },
      { id: 3, userId: 3, dropoffLocation: 'Exit B', passengerCount: 1, dropoffSequence: 3, ...NEAR_BEDOK },
    ]);
    expect(derived.additionalStops).toBe(1);
  });

  it('tells the joiner which existing stop their place is, and adds no stop for it', () => {
    const ride = {
      direction: 'FC->SG' as const,
      cost: 80,
      stopPrice: 5,
      additionalStops: 0,
      currentPassengers: 1,
      maxPassengers: 4,
      dropoffLocations: [{ location: 'Bedok MRT' }],
    };
    expect(sameStopAs(ride.dropoffLocations, 'bedok mrt.')).toBe('Bedok MRT');
    expect(joinCost(ride, 'BEDOK MRT', 1)).toMatchObject({ addsStop: false, sameStop: 'Bedok MRT' });
    expect(joinCost(ride, 'Jurong', 1)).toMatchObject({ addsStop: true, sameStop: null });
  });
});

describe('stopNumbers', () => {
  it('gives entries at the same place one number, by first appearance', () => {
    const numbers = stopNumbers([
      entry(1, 1, 'Bedok'),
      entry(2, 2, 'Jurong'),
      entry(3, 3, 'bedok'),
      entry(4, 4, 'Clementi'),
    ]);
    expect([...numbers.entries()]).toEqual([
      [1, 1],
      [2, 2],
      [3, 1],
      [4, 3],
    ]);
  });

  it('numbers nobody while the organizer has numbered nobody', () => {
    expect([...stopNumbers([entry(1, null, 'Bedok'), entry(2, null, 'Jurong')]).values()]).toEqual([null, null]);
  });
});

describe('sequenceForNewcomer', () => {
  it('puts a newcomer at an existing stop right after it, moving the later ones down', () => {
    expect(
      sequenceForNewcomer([entry(1, 1, 'Bedok'), entry(2, 2, 'Jurong'), entry(3, 3, 'Clementi')], {
        location: 'bedok',
      }),
    ).toEqual({
      sequence: 2,
      moved: [entry(2, 3, 'Jurong'), entry(3, 4, 'Clementi')],
    });
  });

  it('numbers a newcomer at a new place last, and nobody while nobody is numbered', () => {
    expect(sequenceForNewcomer([entry(1, 1, 'Bedok')], { location: 'Jurong' })).toEqual({ sequence: 2, moved: [] });
    expect(sequenceForNewcomer([entry(1, null, 'Bedok')], { location: 'Bedok' })).toEqual({
      sequence: null,
      moved: [],
    });
  });

  it('leaves a newcomer at a new place in a locked order not placed yet, one at an existing stop with it', () => {
    const order = [entry(1, 1, 'Bedok'), entry(2, 2, 'Jurong')];
    expect(sequenceForNewcomer(order, { location: 'Tampines' }, { locked: true })).toEqual({
      sequence: null,
      moved: [],
    });
    expect(sequenceForNewcomer(order, { location: 'bedok' }, { locked: true }).sequence).toBe(2);
  });
});

describe('dropoffStops', () => {
  it('lists the stops in drop-off order, one place merged, with the shared numbers', () => {
    expect(
      dropoffStops([
        { id: 1, dropoffSequence: 1, dropoffLocation: 'Bedok', passengerCount: 2 },
        { id: 2, dropoffSequence: 2, dropoffLocation: 'Jurong', passengerCount: 1 },
        { id: 3, dropoffSequence: 3, dropoffLocation: 'bedok ', passengerCount: 1, coordinates: null },
      ]),
    ).toEqual([
      { stop: 1, location: 'Bedok', passengerCount: 3, entryIds: [1, 3] },
      { stop: 2, location: 'Jurong', passengerCount: 1, entryIds: [2] },
    ]);
  });

  it('numbers nothing before the organizer orders the drop-offs', () => {
    expect(
      dropoffStops([
        { id: 1, dropoffSequence: null, dropoffLocation: 'Bedok', passengerCount: 1 },
        { id: 2, dropoffSequence: null, dropoffLocation: 'Jurong', passengerCount: 1 },
      ]).map((stop) => stop.stop),
    ).toEqual([null, null]);
  });
});

describe('keepStopsTogether', () => {
  it('brings the entries of one place together and numbers everyone 1..n', () => {
    const locked = keepStopsTogether([
      entry(1, 1, 'Bedok'),
      entry(2, 2, 'Jurong'),
      entry(3, null, 'bedok'),
      entry(4, null, 'Clementi'),
    ]);
    expect(locked.map((item) => [item.id, item.dropoffSequence])).toEqual([
      [1, 1],
      [3, 2],
      [2, 3],
      [4, 4],
    ]);
  });
});

describe('routeStops', () => {
  const at = (id: number, dropoffSequence: number | null, dropoffLocation: string, passengerCount: number) => ({
    id,
    dropoffSequence,
    dropoffLocation,
    passengerCount,
  });

  it('follows the stop numbers, not the organiser-first list of dropoffLocations', () => {
    // The organiser (entry 1) is the second pick-up of the order.
    const entries = [at(1, 2, 'Bedok MRT', 2), at(2, 1, 'Jurong East', 1), at(3, 3, 'Clementi', 1)];
    expect(
      deriveRideFields(
        'SG->FC',
        100,
        entries.map((e) => ({ ...e, userId: e.id === 1 ? 100 : e.id })),
      ).dropoffLocations[0],
    ).toEqual({ location: 'Bedok MRT', passengerCount: 2 });
    expect(routeStops(entries)).toEqual([
      { stop: 1, location: 'Jurong East', passengerCount: 1 },
      { stop: 2, location: 'Bedok MRT', passengerCount: 2 },
      { stop: 3, location: 'Clementi', passengerCount: 1 },
    ]);
  });

  it('puts entries without a number after the numbered ones, in joining order', () => {
    expect(
      routeStops([at(5, null, 'Tampines', 1), at(2, 2, 'Bedok', 1), at(4, null, 'Yishun', 3), at(3, 1, 'Jurong', 2)]),
    ).toEqual([
      { stop: 1, location: 'Jurong', passengerCount: 2 },
      { stop: 2, location: 'Bedok', passengerCount: 1 },
      { stop: null, location: 'Yishun', passengerCount: 3 },
      { stop: null, location: 'Tampines', passengerCount: 1 },
    ]);
  });

  it('merges entries at one place into one stop, head-counts added, at its first place in the order', () => {
    expect(
      routeStops([
        at(1, 3, 'Bedok MRT', 2),
        at(2, 1, 'Jurong East', 1),
        at(3, 2, 'bedok mrt.', 1),
        at(4, null, 'BEDOK MRT', 1),
        { ...at(5, 4, 'Exit B', 2), latitude: NEAR_BEDOK.latitude, longitude: NEAR_BEDOK.longitude },
        { ...at(6, 5, 'Bedok Interchange', 1), coordinates: BEDOK },
      ]),
    ).toEqual([
      { stop: 1, location: 'Jurong East', passengerCount: 1 },
      { stop: 2, location: 'bedok mrt.', passengerCount: 4 },
      { stop: 3, location: 'Exit B', passengerCount: 3 },
    ]);
  });

  it('numbers no stop before the organiser orders them, listing them in joining order', () => {
    expect(routeStops([at(2, null, 'Jurong', 1), at(1, null, 'Bedok', 2)])).toEqual([
      { stop: null, location: 'Bedok', passengerCount: 2 },
      { stop: null, location: 'Jurong', passengerCount: 1 },
    ]);
    expect(routeStops([])).toEqual([]);
  });
});
