/**
 * A member's record and the thumbs of a ride (docs/record.md). Giving a thumb replaces the ride's
 * thumbs card with the answer, refreshes the records it changes (through `stale-queries.ts`) and
 * says so in a toast; a refusal shows its message.
 */
import type { RouterOutputs } from '@rideshare/api';
import { useQueryClient } from '@tanstack/react-query';

import { showApiError } from '../../lib/errors';
import { notifySuccess } from '../../lib/notify';
import { queriesTouchedBy } from '../../lib/stale-queries';
import { trpc } from '../../lib/trpc';

export type MemberRecordAnswer = RouterOutputs['record']['get'];
export type RideThumbsAnswer = RouterOutputs['record']['ride'];

/** A record changes when a ride completes or a thumb lands: a minute old is fresh enough between those. */
const RECORD_STALE_MS = 60_000;

export function useRecord(userId: number | null) {
  return trpc.record.get.useQuery({ userId: userId ?? 0 }, { enabled: userId !== null, staleTime: RECORD_STALE_MS });
}

export function useGiveThumb(rideId: number) {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  return trpc.record.rate.useMutation({
    onSuccess: (thumb) => {
      utils.record.ride.setData({ rideId }, (card) =>
        card ? { ...card, given: [...card.given.filter((given) => given.subjectId !== thumb.subjectId), thumb] } : card,
      );
      for (const filter of queriesTouchedBy({ type: 'thumbs.written', rideId })) {
        void queryClient.invalidateQueries(filter);
      }
      notifySuccess(thumb.value === 'up' ? 'Thumb up saved' : 'Thumb down saved');
    },
    onError: (err: unknown) => showApiError(err, 'Could not save your thumb'),
  });
}

export function useRemoveThumb() {
  const utils = trpc.useUtils();
  return trpc.record.adminRemove.useMutation({
    onSuccess: () => {
      void utils.record.invalidate();
      notifySuccess('Thumb removed');
    },
    onError: (err: unknown) => showApiError(err, 'Could not remove the thumb'),
  });
}
