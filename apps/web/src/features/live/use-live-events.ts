/**
 * `useLiveEvents()`: subscribes to the API's live event stream (tRPC `live.events` over SSE) and
 * marks stale exactly the queries each event touches (`queriesTouchedBy`), with at most one refetch
 * of a query in flight (`LiveRefetcher`), so an open page shows a
 * new passenger, a seat count or a cancellation made in another browser without a reload. Returns
 * whether the stream is `live`, still `connecting` (first time) or `reconnecting` after a drop.
 *
 * Mounted once, in the app shell (`LiveUpdates`), keyed by the signed-in user: the server decides
 * the audience when the stream opens, so signing in or out opens a new one.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { trpc } from '../../lib/trpc';
import { queriesTouchedBy } from '../../lib/stale-queries';
import { LiveRefetcher } from './live-refetcher';

export type LiveStatus = 'connecting' | 'live' | 'reconnecting';

export function useLiveEvents(options: { enabled?: boolean } = {}): LiveStatus {
  const queryClient = useQueryClient();
  const [connectedOnce, setConnectedOnce] = useState(false);
  const [refetcher] = useState(() => new LiveRefetcher(queryClient));
  useEffect(() => refetcher.start(), [refetcher]);
  const subscription = trpc.live.events.useSubscription(undefined, {
    enabled: options.enabled ?? true,
    onStarted: () => {
      setConnectedOnce(true);
    },
    onData: ({ data: event }) => {
      for (const filter of queriesTouchedBy(event)) refetcher.touch(filter);
    },
  });
  if (subscription.status === 'pending') return 'live';
  return connectedOnce ? 'reconnecting' : 'connecting';
}
