/**
 * `LiveRefetcher`: marks queries stale for live events while keeping at most one refetch of each
 * query in flight. React Query's default would cancel a running fetch and start another for every
 * event, so a burst of events made one browser send a burst of identical requests. Here an event
 * that finds its query already fetching starts nothing: the query is remembered, and once that
 * fetch has settled it is refetched exactly once more (the running fetch may have read the data
 * from before the change), however many events arrived meanwhile.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';

import type { QueryFilter } from '../../lib/stale-queries';

export class LiveRefetcher {
  /** Queries (by hash) that an event touched while they were fetching. */
  private readonly again = new Map<string, QueryKey>();

  constructor(private readonly queryClient: QueryClient) {}

  /** Starts watching fetches settle; answers the function that stops it (an effect's cleanup). */
  start(): () => void {
    const unsubscribe = this.queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.query.state.fetchStatus !== 'idle') return;
      const queryKey = this.again.get(event.query.queryHash);
      if (queryKey === undefined) return;
      this.again.delete(event.query.queryHash);
      void this.invalidate({ queryKey }, true);
    });
    return () => {
      unsubscribe();
      this.again.clear();
    };
  }

  /** An event touched the queries `filter` matches. */
  touch(filter: QueryFilter): void {
    void this.invalidate(filter, false);
  }

  private invalidate(filter: QueryFilter, exact: boolean): Promise<void> {
    for (const query of this.queryClient.getQueryCache().findAll({ ...filter, exact })) {
      if (query.state.fetchStatus === 'fetching') this.again.set(query.queryHash, query.queryKey);
    }
    // Marks them stale; refetches those on screen that are not fetching already.
    return this.queryClient.invalidateQueries({ ...filter, exact }, { cancelRefetch: false });
  }
}
