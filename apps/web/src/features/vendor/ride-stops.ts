/**
 * `rideStops(ride)`: where a driver collects people and where they set them down, read from a
 * ride's stored fields. A ride's `dropoffLocations` holds every passenger group's location (the
 * organiser's first), so for SG->FC those are the pick-up points in Singapore and the drop-off is
 * Forest City; for FC->SG the pick-up is Forest City and those are the drop-offs, in stop order.
 * Groups at the same place are merged into one stop with their head-counts added up.
 */
import { FOREST_CITY_PICKUP, normaliseDropoffLocations, type DropoffLocation } from '@rideshare/domain';

export interface RideStopsSource {
  direction: string;
  pickupLocation: string;
  dropoffLocations: unknown;
}

export interface RideStops {
  pickups: DropoffLocation[];
  dropoffs: DropoffLocation[];
}

function mergeStops(entries: readonly DropoffLocation[]): DropoffLocation[] {
  const merged = new Map<string, DropoffLocation>();
  for (const entry of entries) {
    const location = entry.location.trim();
    if (location === '') continue;
    const key = location.toLowerCase();
    const existing = merged.get(key);
    if (existing) existing.passengerCount += entry.passengerCount;
    else merged.set(key, { location, passengerCount: entry.passengerCount });
  }
  return [...merged.values()];
}

export function rideStops(ride: RideStopsSource): RideStops {
  const groups = mergeStops(normaliseDropoffLocations(ride.dropoffLocations));
  const total = groups.reduce((sum, entry) => sum + entry.passengerCount, 0);
  if (ride.direction === 'FC->SG') {
    const pickup = ride.pickupLocation.trim() || FOREST_CITY_PICKUP;
    return { pickups: [{ location: pickup, passengerCount: total }], dropoffs: groups };
  }
  // A ride saved before any entry existed still names its organiser's pick-up point.
  const pickups = groups.length > 0 ? groups : mergeStops([{ location: ride.pickupLocation, passengerCount: 1 }]);
  return { pickups, dropoffs: [{ location: FOREST_CITY_PICKUP, passengerCount: total }] };
}
