/**
 * A member's record and the thumbs of a ride (docs/record.md). Giving a thumb replaces the ride's
 * thumbs card with the answer, marks the records it changes stale (through `stale-queries.ts`) and
 * says so in a toast; removing one marks every record stale; a refusal shows its message.
 */
import type { RouterOutputs } from '@rideshare/api';

import { useSettle } from '../../lib/settle';
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
  const settle = useSettle();
  return trpc.record.rate.useMutation(
    settle({
      success: (thumb) => (thumb.value === 'up' ? 'Thumb up saved' : 'Thumb down saved'),
      error: 'Could not save your thumb',
      staleOnSuccess: { type: 'thumbs.written', rideId },
      onSuccess: (thumb) =>
        utils.record.ride.setData({ rideId }, (card) =>
          card
            ? { ...card, given: [...card.given.filter((given) => given.subjectId !== thumb.subjectId), thumb] }
            : card,
        ),
    }),
  );
}

export function useRemoveThumb() {
  const settle = useSettle();
  return trpc.record.adminRemove.useMutation(
    settle({
      success: 'Thumb removed',
      error: 'Could not remove the thumb',
      staleOnSuccess: { type: 'thumbs.removed' },
    }),
  );
}
