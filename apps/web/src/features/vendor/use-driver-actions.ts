/**
 * `useDriverActions()`: the driver's two changes to a ride it took: `unassign(rideId)`
 * (`vendor.unassign`, 'Ride unassigned'; also the organiser's 'Release Driver', 'Driver released')
 * and `complete(rideId)` (`vendor.complete`, 'Ride marked as completed'). A refusal shows the
 * server's reason under 'Error'. Either way `refreshRide()` runs, so every screen shows the new
 * status. `pending` names the ride and action under way, so only that button reads '...ing'.
 */
import { showApiError } from '../../lib/errors';
import { notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { useRefreshRide } from '../../lib/use-refresh-ride';

export type DriverAction = 'unassign' | 'complete';

export function useDriverActions() {
  const refreshRide = useRefreshRide();
  const unassignMutation = trpc.vendor.unassign.useMutation({ onSettled: refreshRide });
  const completeMutation = trpc.vendor.complete.useMutation({ onSettled: refreshRide });

  const onError = (err: unknown) => {
    showApiError(err, 'Error');
  };

  const unassign = (rideId: number, successMessage = 'Ride unassigned') => {
    unassignMutation.mutate({ rideId }, { onSuccess: () => notifySuccess(successMessage), onError });
  };
  const complete = (rideId: number) => {
    completeMutation.mutate({ rideId }, { onSuccess: () => notifySuccess('Ride marked as completed'), onError });
  };

  const pending: { rideId: number; action: DriverAction } | null = unassignMutation.isPending
    ? { rideId: unassignMutation.variables?.rideId ?? 0, action: 'unassign' }
    : completeMutation.isPending
      ? { rideId: completeMutation.variables?.rideId ?? 0, action: 'complete' }
      : null;

  return { unassign, complete, pending };
}
