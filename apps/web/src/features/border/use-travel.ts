/**
 * The border writes (docs/border.md), settled through `useSettle()`:
 *
 * - `useTickChecklist(rideId)`: `travel.tick`; the box follows the click at once, the server's
 *   answer (or the old list, on a refusal) settles it; the ride's readiness count is marked stale.
 * - `useSaveTravelProfile(form)`: `travel.updateProfile`, 'Travel documents saved'; every checklist
 *   follows the profile. A refusal is said under the form (`failure`; `clear()` before a save).
 */
import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';

import { errorMessage } from '../../lib/errors';
import { useSettle } from '../../lib/settle';
import { trpc } from '../../lib/trpc';

export function useTickChecklist(rideId: number) {
  const utils = trpc.useUtils();
  const settle = useSettle();
  type Before = ReturnType<typeof utils.travel.checklist.getData>;
  const settled = settle({
    error: 'Could not update your checklist',
    staleOnSuccess: { type: 'checklist.ticked', rideId },
    onSuccess: (answer: NonNullable<Before>) => utils.travel.checklist.setData({ rideId }, answer),
  });
  return trpc.travel.tick.useMutation({
    // The box follows the click at once; the server's answer (or the old list, on a refusal) settles it.
    onMutate: ({ item, done }) => {
      const before = utils.travel.checklist.getData({ rideId });
      if (before) {
        utils.travel.checklist.setData(
          { rideId },
          {
            ...before,
            items: before.items.map((entry) =>
              entry.id === item ? { ...entry, status: done ? 'done' : 'todo' } : entry,
            ),
          },
        );
      }
      return { before };
    },
    onSuccess: settled.onSuccess,
    onError: (err, input, context) => {
      if (context?.before) utils.travel.checklist.setData({ rideId }, context.before);
      return settled.onError(err, input);
    },
    onSettled: settled.onSettled,
  });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form: only its errors are set
export function useSaveTravelProfile(form: UseFormReturnType<any>) {
  const utils = trpc.useUtils();
  const settle = useSettle();
  const [failure, setFailure] = useState<string | null>(null);
  const save = trpc.travel.updateProfile.useMutation(
    settle({
      success: 'Travel documents saved',
      error: {
        form,
        message: (err) => `Could not save your travel documents: ${errorMessage(err)}`,
        then: setFailure,
      },
      // Every checklist follows the profile.
      staleOnSuccess: { type: 'travel.written' },
      onSuccess: (saved) => utils.travel.profile.setData(undefined, saved),
    }),
  );
  return { save, failure, clear: () => setFailure(null) };
}
