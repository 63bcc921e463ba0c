import { MAP_DEFAULT_CENTER } from '@rideshare/domain';
import { describe, expect, it } from 'vitest';

import { rideMapPoints } from './ride-points';

describe('rideMapPoints', () => {
  it('lists pickup, drop-offs and passengers in drop-off order, all at the placeholder position', () => {
    const points = rideMapPoints(
      {
        direction: 'FC->SG',
        pickupLocation: 'Forest City',
        dropoffLocations: [
          { location: 'Tampines Mall', passengerCount: 2 },
          'Bedok',
          { location: '  ', passengerCount: 1 },
        ],
      },
      [
        { id: 4, dropoffLocation: 'Bedok', dropoffSequence: 2, user: { name: 'Ann' } },
        { id: 9, dropoffLocation: 'Tampines Mall', dropoffSequence: 1, user: { discordUsername: 'ben#1' } },
        { id: 5, dropoffLocation: ' ', dropoffSequence: null, user: null },
      ],
    );
    expect(points.map((point) => [point.id, point.name])).toEqual([
      ['pickup', 'Pickup: Forest City'],
      ['dropoff-0', 'Drop-off: Tampines Mall'],
      ['dropoff-1', 'Drop-off: Bedok'],
      ['passenger-9', 'ben#1 drop-off: Tampines Mall'],
      ['passenger-4', 'Ann drop-off: Bedok'],
    ]);
    for (const point of points)
      expect(point.position).toEqual([MAP_DEFAULT_CENTER.latitude, MAP_DEFAULT_CENTER.longitude]);
  });

  it('names passenger points as pick-ups on Singapore to Forest City rides and skips the drop-off list', () => {
    const points = rideMapPoints(
      { direction: 'SG->FC', pickupLocation: 'Pasir Ris MRT', dropoffLocations: ['Pasir Ris MRT'] },
      [{ id: 1, dropoffLocation: 'Pasir Ris MRT', dropoffSequence: null, user: { name: 'Olivia' } }],
    );
    expect(points.map((point) => point.name)).toEqual(['Pickup: Pasir Ris MRT', 'Olivia pick-up: Pasir Ris MRT']);
  });
});
