import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';

import { LiveRefetcher } from './live-refetcher';

/** A query on screen whose fetches the test settles by hand; counts how many were started. */
function watchedQuery(client: QueryClient, key: string) {
  const pending: (() => void)[] = [];
  let started = 0;
  const observer = new QueryObserver(client, {
    queryKey: [key],
    queryFn: () =>
      new Promise<number>((resolve) => {
        started += 1;
        const n = started;
        pending.push(() => resolve(n));
      }),
  });
  const stop = observer.subscribe(() => undefined);
  return {
    get started() {
      return started;
    },
    /** Settles the oldest running fetch and waits for the cache to take it in. */
    async settle() {
      pending.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
    get data() {
      return observer.getCurrentResult().data;
    },
    stop,
  };
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

describe('LiveRefetcher', () => {
  it('keeps one refetch in flight per query, then refetches once more for what arrived meanwhile', async () => {
    const client = new QueryClient();
    const refetcher = new LiveRefetcher(client);
    cleanups.push(refetcher.start());
    const rides = watchedQuery(client, 'rides');
    cleanups.push(rides.stop);
    expect(rides.started).toBe(1);
    await rides.settle();

    // An event: one refetch.
    refetcher.touch({ queryKey: ['rides'] });
    expect(rides.started).toBe(2);
    // Five more while it runs: nothing new starts.
    for (let i = 0; i < 5; i += 1) refetcher.touch({ queryKey: ['rides'] });
    expect(rides.started).toBe(2);
    // It settles: exactly one more, since the running one may predate those changes.
    await rides.settle();
    expect(rides.started).toBe(3);
    await rides.settle();
    expect(rides.started).toBe(3);
    expect(rides.data).toBe(3);
  });

  it('a quiet query is refetched once per event, and other queries are left alone', async () => {
    const client = new QueryClient();
    const refetcher = new LiveRefetcher(client);
    cleanups.push(refetcher.start());
    const rides = watchedQuery(client, 'rides');
    const inbox = watchedQuery(client, 'inbox');
    cleanups.push(rides.stop, inbox.stop);
    await rides.settle();
    await inbox.settle();
    refetcher.touch({ queryKey: ['rides'] });
    await rides.settle();
    refetcher.touch({ queryKey: ['rides'] });
    await rides.settle();
    expect(rides.started).toBe(3);
    expect(inbox.started).toBe(1);
  });
});
