/**
 * `useAssignRide()`: the vendor takes a ride (`vendor.assign`). Success shows 'Ride assigned
 * successfully'; a refusal (someone else was faster, the ride left) shows the server's reason under
 * 'Error'. Either way `refreshRide()` runs, since the ride's status changed or what the screen
 * showed was out of date.
 *
 * Returns `{ assign(rideId, onAssigned?), pendingRideId }`: the ride whose assignment is under way,
 * so only that card's button reads 'Assigning...'.
 */
import { useSettle } from '../../lib/settle';
import { trpc } from '../../lib/trpc';

const ASSIGNED_MESSAGE = 'Ride assigned successfully';

export function useAssignRide() {
  const settle = useSettle();
  const mutation = trpc.vendor.assign.useMutation(
    settle({ success: ASSIGNED_MESSAGE, error: 'Error', stale: { type: 'ride.written', rideId: null } }),
  );

  const assign = (rideId: number, onAssigned?: () => void) => {
    mutation.mutate({ rideId }, { onSuccess: () => onAssigned?.() });
  };

  return { assign, pendingRideId: mutation.isPending ? (mutation.variables?.rideId ?? null) : null };
}
