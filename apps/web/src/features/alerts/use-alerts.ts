/**
 * The member's ride alert writes (docs/alerts.md#web), each marking the alerts stale:
 *
 * - `useCreateAlert(onRefused)`: `alert.create`, 'Alert saved'; a refusal's words go to
 *   `onRefused` (the dialog shows them).
 * - `useDeleteAlert()`: `alert.delete`; a refusal toasts 'Could not delete the alert'.
 */
import { directionLabel } from '@rideshare/domain';

import { errorMessage } from '../../lib/errors';
import { useSettle } from '../../lib/settle';
import { trpc } from '../../lib/trpc';

export function useCreateAlert(onRefused: (message: string) => void) {
  const settle = useSettle();
  return trpc.alert.create.useMutation(
    settle({
      success: (_alert, input) => ({
        title: 'Alert saved',
        message: `We will tell you of new ${directionLabel(input.direction)} rides.`,
      }),
      staleOnSuccess: { type: 'alerts.written' },
      onError: (err) => onRefused(errorMessage(err)),
    }),
  );
}

export function useDeleteAlert() {
  const settle = useSettle();
  return trpc.alert.delete.useMutation(
    settle({ error: 'Could not delete the alert', staleOnSuccess: { type: 'alerts.written' } }),
  );
}
