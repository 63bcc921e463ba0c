/**
 * `useStandings(signedIn)`: where the viewer stands on each of their rides (`ride.standing`), by
 * ride id, for the one line every card shows (docs/product.md#at-a-glance). Empty for visitors.
 */
import type { ViewerStanding } from '@rideshare/domain';
import { useMemo } from 'react';

import { trpc } from '../../lib/trpc';

export function useStandings(signedIn: boolean): ReadonlyMap<number, ViewerStanding> {
  const query = trpc.ride.standing.useQuery(undefined, { enabled: signedIn });
  return useMemo(() => new Map((query.data ?? []).map((standing) => [standing.rideId, standing])), [query.data]);
}
