/**
 * `useDriverActions(unassignedMessage?)`: the driver's two changes to a ride it took: `unassign(rideId)`
 * (`vendor.unassign`, 'Ride unassigned'; also the organiser's 'Release Driver', whose page passes
 * 'Driver released')
 * and `complete(rideId)` (`vendor.complete`, 'Ride marked as completed'). A refusal shows the
 * server's reason under 'Error'. Either way `refreshRide()` runs, so every screen shows the new
 * status. `pending` names the ride and action under way, so only that button reads '...ing'.
 */
import { showApiError } from '../../lib/errors';
import { notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { useRefreshRide } from '../../lib/use-refresh-ride';

export type DriverAction = 'unassign' | 'complete';

export function useDriverActions(unassignedMessage = 'Ride unassigned') {
  const refreshRide = useRefreshRide();
  const onError = (err: unknown) => {
    showApiError(err, 'Error');
  };
  const unassignMutation = trpc.vendor.unassign.useMutation({
    onSuccess: () => notifySuccess(unassignedMessage),
    onError,
    onSettled: refreshRide,
  });
  const completeMutation = trpc.vendor.complete.useMutation({
    onSuccess: () => notifySuccess('Ride marked as completed'),
    onError,
    onSettled: refreshRide,
  });

  const unassign = (rideId: number) => {
    unassignMutation.mutate({ rideId });
  };
  const complete = (rideId: number) => {
    completeMutation.mutate({ rideId });
  };

  const pending: { rideId: number; action: DriverAction } | null = unassignMutation.isPending
    ? { rideId: unassignMutation.variables?.rideId ?? 0, action: 'unassign' }
    : completeMutation.isPending
      ? { rideId: completeMutation.variables?.rideId ?? 0, action: 'complete' }
      : null;

  return { unassign, complete, pending };
}
