/**
 * The viewer's own locked share of a ride (docs/payments.md#price-story), for "Your share SGD z" on
 * the cards and the ride page: one query (`payment.shares`) for all of the viewer's rides, asked only
 * for a signed-in viewer and a locked ride. Null while unknown or when the viewer has no row.
 */
import { trpc } from '../../lib/trpc';

export function useOwnShare(
  ride: { id: number; priceLockedAt?: string | null },
  viewerId: number | null,
): number | null {
  const locked = ride.priceLockedAt != null;
  const shares = trpc.payment.shares.useQuery(undefined, { enabled: viewerId !== null && locked, staleTime: 30_000 });
  if (!locked) return null;
  return shares.data?.find((share) => share.rideId === ride.id)?.amountDue ?? null;
}
