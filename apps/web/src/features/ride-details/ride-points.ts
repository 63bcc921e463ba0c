/**
 * `rideMapPoints(ride, passengers)`: the places of a ride as map items (docs/product.md#map-location-item:
 * id, position [lat, lng], name): the pickup, the organiser's drop-off list (FC->SG) and
 * every passenger's point. Nothing is geocoded on this screen, so every position is the map's
 * default centre, a placeholder (docs/product.md#ride-detail: the hidden map list has no real positions); the
 * names are what the screen-reader list reads out.
 */
import { MAP_DEFAULT_CENTER, normaliseDropoffLocations, passengerDisplayName, sortBySequence } from '@rideshare/domain';

export interface MapLocationItem {
  id: string;
  position: [number, number];
  name: string;
}

interface PointsRide {
  direction: string;
  pickupLocation: string;
  dropoffLocations: unknown;
}

interface PointsPassenger {
  id: number;
  dropoffLocation: string;
  dropoffSequence: number | null;
  user?: Parameters<typeof passengerDisplayName>[0];
}

const PLACEHOLDER: [number, number] = [MAP_DEFAULT_CENTER.latitude, MAP_DEFAULT_CENTER.longitude];

export function rideMapPoints(ride: PointsRide, passengers: readonly PointsPassenger[] = []): MapLocationItem[] {
  const points: MapLocationItem[] = [];
  const pickup = ride.pickupLocation.trim();
  if (pickup) points.push({ id: 'pickup', position: [...PLACEHOLDER], name: `Pickup: ${pickup}` });
  if (ride.direction === 'FC->SG') {
    normaliseDropoffLocations(ride.dropoffLocations).forEach((entry, index) => {
      const location = entry.location.trim();
      if (location) points.push({ id: `dropoff-${index}`, position: [...PLACEHOLDER], name: `Drop-off: ${location}` });
    });
  }
  const kind = ride.direction === 'FC->SG' ? 'drop-off' : 'pick-up';
  for (const passenger of sortBySequence(passengers)) {
    const location = passenger.dropoffLocation.trim();
    if (!location) continue;
    points.push({
      id: `passenger-${passenger.id}`,
      position: [...PLACEHOLDER],
      name: `${passengerDisplayName(passenger.user)} ${kind}: ${location}`,
    });
  }
  return points;
}
