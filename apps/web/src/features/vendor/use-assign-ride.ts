/**
 * `useAssignRide()`: the vendor takes a ride (`vendor.assign`). Success shows 'Ride assigned
 * successfully'; a refusal (someone else was faster, the ride left) shows the server's reason under
 * 'Error'. Either way `refreshRide()` runs, since the ride's status changed or what the screen
 * showed was out of date.
 *
 * Returns `{ assign(rideId, onAssigned?), pendingRideId }`: the ride whose assignment is under way,
 * so only that card's button reads 'Assigning...'.
 */
import { showApiError } from '../../lib/errors';
import { notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { useRefreshRide } from '../../lib/use-refresh-ride';

const ASSIGNED_MESSAGE = 'Ride assigned successfully';

export function useAssignRide() {
  const refreshRide = useRefreshRide();
  const mutation = trpc.vendor.assign.useMutation({
    onSuccess: () => notifySuccess(ASSIGNED_MESSAGE),
    onError: (err) => showApiError(err, 'Error'),
    onSettled: refreshRide,
  });

  const assign = (rideId: number, onAssigned?: () => void) => {
    mutation.mutate({ rideId }, { onSuccess: () => onAssigned?.() });
  };

  return { assign, pendingRideId: mutation.isPending ? (mutation.variables?.rideId ?? null) : null };
}
