/**
 * The trip of a ride and the writes on it (docs/trip-day.md): each write answers the new trip,
 * which replaces the cached one; the lists (their "On the way" line) are marked stale through the
 * live events' map, and so is the ride once `arrived` completed it or an undo reopened it. A refusal
 * shows its message (a stage too early says when it becomes possible).
 */
import { formatRideDate } from '@rideshare/domain';
import { useQueryClient } from '@tanstack/react-query';

import type { TripView } from '../../lib/api-types';
import { copyWithToast } from '../../lib/clipboard';
import { showApiError } from '../../lib/errors';
import { notifySuccess } from '../../lib/notify';
import { queriesTouchedBy } from '../../lib/stale-queries';
import { trpc } from '../../lib/trpc';

/** The address family follows: this app's own `/t/<token>` page. */
export function shareUrl(token: string): string {
  return `${window.location.origin}/t/${token}`;
}

export function useTripActions(rideId: number) {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const stale = (type: 'trip.changed' | 'ride.written') => {
    for (const filter of queriesTouchedBy({ type, rideId })) void queryClient.invalidateQueries(filter);
  };
  const settle = (title: (trip: TripView) => string, rideToo = false) => ({
    onSuccess: (trip: TripView) => {
      utils.trip.get.setData({ rideId }, trip);
      stale(rideToo || trip.current === 'arrived' ? 'ride.written' : 'trip.changed');
      notifySuccess(title(trip));
    },
    onError: (err: unknown) => showApiError(err, 'Could not update the trip'),
  });
  const latest = (trip: TripView) => trip.stages.at(-1)?.label ?? 'Trip';
  const sharesChanged = () => void utils.trip.shares.invalidate({ rideId });
  return {
    stage: trpc.trip.stage.useMutation(settle((trip) => `${latest(trip)}: the party was told`)),
    // Taking back `arrived` reopens the ride, so the ride is read again too.
    undo: trpc.trip.undo.useMutation(settle(() => 'Stage taken back', true)),
    late: trpc.trip.late.useMutation(settle(() => 'The party knows you are running late')),
    markNoShow: trpc.trip.markNoShow.useMutation(settle(() => 'Marked as not showing up')),
    clearNoShow: trpc.trip.clearNoShow.useMutation(settle(() => 'No-show taken back')),
    share: trpc.trip.share.useMutation({
      onSuccess: (link) => {
        sharesChanged();
        void copyWithToast(shareUrl(link.token), {
          title: 'Trip link copied',
          message: `Anyone with the link can follow the trip until ${formatRideDate(link.expiresAt)}; it shows no names or numbers.`,
        });
      },
      onError: (err: unknown) => showApiError(err, 'Could not share the trip'),
    }),
    revokeLink: trpc.trip.revokeShareLink.useMutation({
      onSuccess: () => {
        sharesChanged();
        notifySuccess('Link revoked: it no longer opens the trip');
      },
      onError: (err: unknown) => showApiError(err, 'Could not revoke the link'),
    }),
  };
}
