/**
 * `useRemovePassenger(asked)`: `passenger.remove`, the organiser removing a passenger or a rider
 * leaving (`asked`: the removal being confirmed, whose words the toast uses: 'You left the ride'
 * with what is still owed, or 'Passenger Removed'). Every ride is read again before the call ends.
 * A refusal shows the server's words under 'Error' ('Failed to remove passenger' when it gave none).
 */
import { passengerDisplayName } from '@rideshare/domain';

import type { PassengerEntry } from '../../lib/api-types';
import { isApiError } from '../../lib/errors';
import { useSettle } from '../../lib/settle';
import { trpc } from '../../lib/trpc';
import { leftOwingText } from '../payments/leave-owed';

export type Removal = { entry: PassengerEntry; self: boolean };

/** The spec's fallback when the server gave no message of its own. */
function removalFailureMessage(error: unknown): string {
  return isApiError(error) && error.shape && error.message ? error.message : 'Failed to remove passenger';
}

export function useRemovePassenger(asked: Removal | null) {
  const settle = useSettle();
  type Answer = Parameters<typeof leftOwingText>[0];
  return trpc.passenger.remove.useMutation(
    settle({
      success: (answer: Answer) =>
        asked?.self
          ? { title: 'You left the ride', message: leftOwingText(answer) }
          : {
              title: 'Passenger Removed',
              message: `${passengerDisplayName(asked?.entry.user)} has been removed from the ride.`,
            },
      error: { title: 'Error', message: removalFailureMessage },
      staleOnSuccess: { type: 'ride.written', rideId: null },
      awaitStale: true,
    }),
  );
}
