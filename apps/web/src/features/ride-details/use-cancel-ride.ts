/**
 * `useCancelRide(form, formName)`: the Cancel Ride modal's calls, `ride.cancel` ('Ride cancelled')
 * and, for a series ride, `series.cancel` ('Rides cancelled'). A refusal toasts 'Could not cancel
 * the ride' with the server's reason and puts its field errors on the form. Every ride is read
 * again after either, refusals included: the ride may have changed meanwhile (cancelled
 * elsewhere, departed).
 */
import type { UseFormReturnType } from '@mantine/form';
import type { CancelRideFormValues } from '@rideshare/domain';

import { useSettle, type ErrorDisplay } from '../../lib/settle';
import { trpc } from '../../lib/trpc';
import { useCancelSeriesCall } from '../series/use-series-mutations';

export function useCancelRide(form: UseFormReturnType<CancelRideFormValues>, formName: string) {
  const settle = useSettle();
  const error: ErrorDisplay = { form, formName, title: 'Could not cancel the ride' };
  return {
    cancel: trpc.ride.cancel.useMutation(
      settle({ success: 'Ride cancelled', error, stale: { type: 'ride.written', rideId: null } }),
    ),
    cancelSeries: useCancelSeriesCall(error),
  };
}
