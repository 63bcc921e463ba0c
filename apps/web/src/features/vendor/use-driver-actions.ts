/**
 * `useDriverActions(unassignedMessage?)`: the driver's two changes to a ride it took: `unassign(rideId)`
 * (`vendor.unassign`, 'Ride unassigned'; also the organiser's 'Release Driver', whose page passes
 * 'Driver released')
 * and `complete(rideId)` (`vendor.complete`, 'Ride marked as completed'). A refusal shows the
 * server's reason under 'Error'. Either way `refreshRide()` runs, so every screen shows the new
 * status. `pending` names the ride and action under way, so only that button reads '...ing'.
 */
import { useSettle } from '../../lib/settle';
import { trpc } from '../../lib/trpc';

export type DriverAction = 'unassign' | 'complete';

export function useDriverActions(unassignedMessage = 'Ride unassigned') {
  const settle = useSettle();
  const outcome = (success: string) =>
    settle({ success, error: 'Error', stale: { type: 'ride.written', rideId: null } });
  const unassignMutation = trpc.vendor.unassign.useMutation(outcome(unassignedMessage));
  const completeMutation = trpc.vendor.complete.useMutation(outcome('Ride marked as completed'));

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
