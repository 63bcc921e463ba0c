/**
 * The weekly series' writes (docs/series.md#this-and-following), settled through `useSettle()`:
 *
 * - `useUpdateSeries()`: `series.update` from the edit form, 'Rides updated successfully'; every
 *   ride is marked stale (not waited for). A refusal shows the server's reason under 'Error'.
 * - `useCancelSeriesCall(error)`: `series.cancel` from the Cancel Ride modal, 'Rides cancelled';
 *   the modal says how a refusal shows (`error`). Every ride is read again either way (it may have
 *   changed meanwhile) before the call ends.
 */
import { useSettle, type ErrorDisplay } from '../../lib/settle';
import { trpc } from '../../lib/trpc';

export function useUpdateSeries() {
  const settle = useSettle();
  return trpc.series.update.useMutation(
    settle({
      success: 'Rides updated successfully',
      error: 'Error',
      staleOnSuccess: { type: 'ride.written', rideId: null },
    }),
  );
}

export function useCancelSeriesCall(error: ErrorDisplay) {
  const settle = useSettle();
  return trpc.series.cancel.useMutation(
    settle({ success: 'Rides cancelled', error, stale: { type: 'ride.written', rideId: null } }),
  );
}

export type CancelSeriesCall = ReturnType<typeof useCancelSeriesCall>;
