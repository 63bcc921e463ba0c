/**
 * A ride's stops as map pins (docs/vendors.md#stops-on-the-map): each stop picked on the map gets a
 * pin numbered by its place in the trip; stops typed without a map pick have no pin (they stay in
 * the list), and keep their number so the pins match the list.
 */
import type { Coordinates } from '@rideshare/domain';

import type { MapLocation } from './types';

/** One stop, in trip order. */
export interface MapStop {
  id: number;
  name: string;
  location: string;
  coordinates: Coordinates | null;
}

/**
 * @example stopLocations([{ id: 4, name: 'Bo', location: 'Bedok', coordinates: null },
 *   { id: 5, name: 'Mei', location: 'Tampines', coordinates: { latitude: 1.35, longitude: 103.94 } }])
 *   // [{ id: 'stop-5', position: [1.35, 103.94], name: '2. Mei: Tampines', label: '2' }]
 */
export function stopLocations(stops: readonly MapStop[]): MapLocation[] {
  return stops.flatMap((stop, index) => {
    if (!stop.coordinates) return [];
    const number = String(index + 1);
    return [
      {
        id: `stop-${String(stop.id)}`,
        position: [stop.coordinates.latitude, stop.coordinates.longitude] as [number, number],
        name: `${number}. ${stop.name}: ${stop.location}`,
        label: number,
      },
    ];
  });
}
