import { describe, expect, it } from 'vitest';

import { stopLocations } from './stops';

describe('stopLocations', () => {
  it('pins the stops picked on the map, numbered by their place in the trip', () => {
    expect(
      stopLocations([
        { id: 4, name: 'Bo', location: 'Bedok', coordinates: null },
        { id: 5, name: 'Mei', location: 'Tampines', coordinates: { latitude: 1.35, longitude: 103.94 } },
        { id: 6, name: 'Ravi', location: 'Jurong', coordinates: { latitude: 1.33, longitude: 103.74 } },
      ]),
    ).toEqual([
      { id: 'stop-5', position: [1.35, 103.94], name: '2. Mei: Tampines', label: '2' },
      { id: 'stop-6', position: [1.33, 103.74], name: '3. Ravi: Jurong', label: '3' },
    ]);
  });

  it('is empty when no stop was picked on the map', () => {
    expect(stopLocations([{ id: 1, name: 'Bo', location: 'Bedok', coordinates: null }])).toEqual([]);
  });
});
