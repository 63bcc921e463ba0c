/**
 * `useJoinPrice(ride, group)`: what the viewer's group would owe on joining the locked ride now, at
 * their place (docs/payments.md#join-price), from `payment.joinPrice`: the figure the join then
 * charges. Asked only for a locked, live ride, a moment after the typing stops. `data` is undefined
 * until known (and before the lock); `amount` null when the group does not fit.
 */
import { useDebouncedValue } from '@mantine/hooks';
import { MAX_PASSENGERS, MIN_PASSENGERS } from '@rideshare/domain';
import { keepPreviousData } from '@tanstack/react-query';

import { trpc } from '../../lib/trpc';

/** How long the place must stay unchanged before the price is asked for it again. */
const TYPING_PAUSE_MS = 300;

export interface JoinGroup {
  location: string;
  groupSize: number;
  latitude?: number | null | undefined;
  longitude?: number | null | undefined;
}

export function useJoinPrice(ride: { id: number; priceLockedAt?: string | null; status?: string }, group: JoinGroup) {
  const [location] = useDebouncedValue(group.location.trim(), TYPING_PAUSE_MS);
  const passengerCount = Math.min(
    Math.max(Math.floor(group.groupSize) || MIN_PASSENGERS, MIN_PASSENGERS),
    MAX_PASSENGERS,
  );
  const locked = ride.priceLockedAt != null && ride.status !== 'cancelled';
  const pinned = group.latitude != null && group.longitude != null;
  return trpc.payment.joinPrice.useQuery(
    {
      rideId: ride.id,
      passengerCount,
      dropoffLocation: location,
      ...(pinned ? { latitude: group.latitude, longitude: group.longitude } : {}),
    },
    { enabled: locked, placeholderData: keepPreviousData, staleTime: 10_000 },
  );
}
