/**
 * `useRefreshRide()` → `refreshRide()`: the one cache refresh after any change to a ride (create,
 * edit, delete, join, leave or remove, assign, sequence lock, a profile edit that renames an
 * organiser or passenger). A ride shows up in more places than the screen that changed it: its own
 * page (`ride.byId`), every ride list (`ride.list`, My Rides' `ride.organized` and
 * `ride.joined`), the passenger lists, the vendor's lists (`vendor.rides`, `vendor.available`) and
 * the home page's counters (`stats.get`). Marking all of them stale refetches only the ones on
 * screen (the rest reload when next shown), so one list for every change costs nothing extra and
 * no screen is left showing an old seat count. Resolves once the visible ones are fetched again.
 */
import { trpc } from './trpc';

export function useRefreshRide(): () => Promise<void> {
  const utils = trpc.useUtils();
  return async () => {
    await Promise.all([
      utils.ride.invalidate(),
      utils.passenger.invalidate(),
      utils.vendor.invalidate(),
      utils.stats.invalidate(),
    ]);
  };
}
