/**
 * `useRefreshRide()` → `refreshRide()`: the one cache refresh after a write to a ride made here
 * (create, edit, delete, join, leave or remove, assign, sequence lock, a profile edit that renames
 * an organiser or passenger). A ride shows up in more places than the screen that changed it: which
 * ones is the `ride.written` entry of the map the live events use too (`stale-queries.ts`), for
 * every ride. Resolves once the ones on screen are fetched again.
 */
import { useQueryClient } from '@tanstack/react-query';

import { queriesTouchedBy } from './stale-queries';

export function useRefreshRide(): () => Promise<void> {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all(
      queriesTouchedBy({ type: 'ride.written', rideId: null }).map((filter) => queryClient.invalidateQueries(filter)),
    );
  };
}
