/**
 * `useRefreshRide()` → `refreshRide()`: the one cache refresh after a write to a ride made here
 * (create, edit, delete, join, leave or remove, assign, sequence lock, a profile edit that renames
 * an organiser or passenger). A ride shows up in more places than the screen that changed it: which
 * ones is the `ride.written` entry of the map the live events use too (`stale-queries.ts`), for
 * every ride. Resolves once the ones on screen are fetched again.
 */
import { useMarkStale } from './stale-queries';

export function useRefreshRide(): () => Promise<void> {
  const markStale = useMarkStale();
  return () => markStale({ type: 'ride.written', rideId: null });
}
