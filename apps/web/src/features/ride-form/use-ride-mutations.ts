/**
 * The ride form's writes, settled through `useSettle()`; each marks every ride stale (not waited
 * for) and a refusal shows the server's reason under 'Error':
 *
 * - `useCreateRide()`: `create` ('Ride created successfully') and, with "Repeat weekly",
 *   `createSeries` ('Weekly rides created').
 * - `useEditRide(rideId)`: `update` ('Ride updated successfully'; the answer is the ride's page)
 *   and `remove` ('Ride deleted successfully'; the ride's page is dropped).
 */
import { useSettle } from '../../lib/settle';
import { trpc } from '../../lib/trpc';

const EVERY_RIDE = { type: 'ride.written', rideId: null } as const;

export function useCreateRide() {
  const settle = useSettle();
  return {
    create: trpc.ride.create.useMutation(
      settle({ success: 'Ride created successfully', error: 'Error', staleOnSuccess: EVERY_RIDE }),
    ),
    createSeries: trpc.series.create.useMutation(
      settle({ success: 'Weekly rides created', error: 'Error', staleOnSuccess: EVERY_RIDE }),
    ),
  };
}

export function useEditRide(rideId: number) {
  const utils = trpc.useUtils();
  const settle = useSettle();
  return {
    update: trpc.ride.update.useMutation(
      settle({
        success: 'Ride updated successfully',
        error: 'Error',
        staleOnSuccess: EVERY_RIDE,
        onSuccess: (saved) => utils.ride.byId.setData({ id: rideId }, saved),
      }),
    ),
    remove: trpc.ride.delete.useMutation(
      settle({
        success: 'Ride deleted successfully',
        error: 'Error',
        staleOnSuccess: EVERY_RIDE,
        onSuccess: () => utils.ride.byId.setData({ id: rideId }, undefined),
      }),
    ),
  };
}
