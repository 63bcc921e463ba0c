/**
 * The trip of a ride and the writes on it (docs/trip-day.md): each write answers the new trip,
 * which replaces the cached one; the lists (their "On the way" line) are marked stale through the
 * live events' map, and so is the ride once `arrived` completed it or an undo reopened it. A refusal
 * shows its message (a stage too early says when it becomes possible).
 */
import { formatRideDate } from '@rideshare/domain';

import type { TripView } from '../../lib/api-types';
import { copyWithToast } from '../../lib/clipboard';
import { useSettle } from '../../lib/settle';
import { trpc } from '../../lib/trpc';

/** The address family follows: this app's own `/t/<token>` page. */
export function shareUrl(token: string): string {
  return `${window.location.origin}/t/${token}`;
}

export function useTripActions(rideId: number) {
  const utils = trpc.useUtils();
  const settle = useSettle();
  const write = (title: (trip: TripView) => string, rideToo = false) =>
    settle({
      success: title,
      error: 'Could not update the trip',
      staleOnSuccess: (trip: TripView | undefined) => ({
        type: rideToo || trip?.current === 'arrived' ? 'ride.written' : 'trip.changed',
        rideId,
      }),
      onSuccess: (trip: TripView) => utils.trip.get.setData({ rideId }, trip),
    });
  const latest = (trip: TripView) => trip.stages.at(-1)?.label ?? 'Trip';
  const shared = { type: 'trip.shared', rideId } as const;
  return {
    stage: trpc.trip.stage.useMutation(write((trip) => `${latest(trip)}: the party was told`)),
    // Taking back `arrived` reopens the ride, so the ride is read again too.
    undo: trpc.trip.undo.useMutation(write(() => 'Stage taken back', true)),
    late: trpc.trip.late.useMutation(write(() => 'The party knows you are running late')),
    markNoShow: trpc.trip.markNoShow.useMutation(write(() => 'Marked as not showing up')),
    clearNoShow: trpc.trip.clearNoShow.useMutation(write(() => 'No-show taken back')),
    share: trpc.trip.share.useMutation(
      settle({
        error: 'Could not share the trip',
        staleOnSuccess: shared,
        // The toast is the clipboard's own: it says whether the link could be copied.
        onSuccess: (link) =>
          void copyWithToast(shareUrl(link.token), {
            title: 'Trip link copied',
            message: `Anyone with the link can follow the trip until ${formatRideDate(link.expiresAt)}; it shows no names or numbers.`,
          }),
      }),
    ),
    revokeLink: trpc.trip.revokeShareLink.useMutation(
      settle({
        success: 'Link revoked: it no longer opens the trip',
        error: 'Could not revoke the link',
        staleOnSuccess: shared,
      }),
    ),
  };
}
