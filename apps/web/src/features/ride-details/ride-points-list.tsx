/**
 * `<RidePointsList ride passengers />`: the ride's pickup, drop-off and passenger points as a list
 * only screen readers see (docs/product.md#ride-detail: a hidden map list with placeholder positions). Sighted users
 * read the same places in the Details and Passengers tabs.
 */
import { VisuallyHidden } from '@mantine/core';

import { rideMapPoints } from './ride-points';
import type { PassengerEntry, RideDetail } from '../../lib/api-types';

export function RidePointsList({ ride, passengers }: { ride: RideDetail; passengers: readonly PassengerEntry[] }) {
  const points = rideMapPoints(ride, passengers);
  if (points.length === 0) return null;
  return (
    <VisuallyHidden component="section" aria-labelledby="ride-points-title" data-testid="ride-points">
      <h2 id="ride-points-title">Ride locations</h2>
      <ul>
        {points.map((point) => (
          <li key={point.id}>{point.name}</li>
        ))}
      </ul>
    </VisuallyHidden>
  );
}
