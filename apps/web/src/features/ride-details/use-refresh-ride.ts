/**
 * `useRefreshRide(rideId)`: after a seat changes (join, leave, remove) everything that shows seats
 * or passengers is stale: this ride, its passengers, every ride list (All Rides, My Rides, the
 * vendor's) and the stats. Resolves once the visible ones are fetched again.
 */
import { trpc } from '../../lib/trpc';

export function useRefreshRide(rideId: number) {
  const utils = trpc.useUtils();
  return async () => {
    await Promise.all([
      utils.ride.invalidate(),
      utils.passenger.list.invalidate({ rideId }),
      utils.stats.invalidate(),
      utils.vendor.invalidate(),
    ]);
  };
}
