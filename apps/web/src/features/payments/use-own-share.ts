/**
 * The viewer's own locked share of a ride (docs/payments.md#price-story), for "Your share SGD z" on
 * the cards and the ride page: one query (`payment.shares`) for all of the viewer's rides, asked only
 * for a signed-in viewer and a locked ride. Null while unknown or when the viewer has no row.
 */
import { trpc } from '../../lib/trpc';

type LockableRide = { id: number; priceLockedAt?: string | null };

function useShares(ride: LockableRide, viewerId: number | null) {
  const locked = ride.priceLockedAt != null;
  const shares = trpc.payment.shares.useQuery(undefined, { enabled: viewerId !== null && locked, staleTime: 30_000 });
  return locked ? (shares.data ?? []).filter((share) => share.rideId === ride.id) : [];
}

export function useOwnShare(ride: LockableRide, viewerId: number | null): number | null {
  return useShares(ride, viewerId).find((share) => !share.left)?.amountDue ?? null;
}

/** Whether the viewer left the ride after the lock and still has a row on it (docs/payments.md#leavers). */
export function useOwesAfterLeaving(ride: LockableRide, viewerId: number | null): boolean {
  return useShares(ride, viewerId).some((share) => share.left);
}
