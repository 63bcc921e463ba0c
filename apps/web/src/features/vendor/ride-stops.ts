/**
 * `rideStops(ride)`: where a driver collects people and where they set them down, read from a
 * ride's answer. The stops in Singapore come in route order (docs/product.md#route-order) from the
 * ride's `routeStops`, which the API gives members (vendors included): for SG->FC those are the
 * pick-up points and the drop-off is Forest City; for FC->SG the pick-up is Forest City and those
 * are the drop-offs. An answer without them (the public's, or an older cached one) falls back to
 * `dropoffLocations`, every passenger group's location with the organiser's first. Groups at the
 * same place are one stop with their head-counts added up.
 */
import { FOREST_CITY_PICKUP, normaliseDropoffLocations, type DropoffLocation, type RouteStop } from '@rideshare/domain';

export interface RideStopsSource {
  direction: string;
  pickupLocation: string;
  dropoffLocations: unknown;
  /** The stops in route order, already one per place (null or absent: not given). */
  routeStops?: readonly RouteStop[] | null;
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

/** The stops in Singapore: the route order when the answer has it, else the stored locations merged. */
function singaporeStops(ride: RideStopsSource): DropoffLocation[] {
  if (ride.routeStops) {
    return ride.routeStops
      .map((stop) => ({ location: stop.location.trim(), passengerCount: stop.passengerCount }))
      .filter((stop) => stop.location !== '');
  }
  return mergeStops(normaliseDropoffLocations(ride.dropoffLocations));
}

export function rideStops(ride: RideStopsSource): RideStops {
  const groups = singaporeStops(ride);
  const total = groups.reduce((sum, entry) => sum + entry.passengerCount, 0);
  if (ride.direction === 'FC->SG') {
    const pickup = ride.pickupLocation.trim() || FOREST_CITY_PICKUP;
    return { pickups: [{ location: pickup, passengerCount: total }], dropoffs: groups };
  }
  // A ride saved before any entry existed still names its organiser's pick-up point.
  const pickups = groups.length > 0 ? groups : mergeStops([{ location: ride.pickupLocation, passengerCount: 1 }]);
  return { pickups, dropoffs: [{ location: FOREST_CITY_PICKUP, passengerCount: total }] };
}
