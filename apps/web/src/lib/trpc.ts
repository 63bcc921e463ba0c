/**
 * The one tRPC client of the web app.
 *
 * - `trpc`: typed React hooks for every procedure (`trpc.auth.me.useQuery()`,
 *   `trpc.useUtils()`), typed from the API's router with a type-only import.
 * - `createTrpcClient()`: batches calls to same-origin `/trpc`, always sending the session cookie;
 *   subscriptions (the live event stream) go over Server-Sent Events instead (no WebSocket server),
 *   resuming after the last event received, and are opened again with a capped backoff when the
 *   stream fails outright (EventSource itself reconnects after a dropped connection).
 * - `createQueryClient()`: docs/product.md#data-fetching defaults: data never goes stale by itself, no interval or
 *   focus refetching, and no retries (a failed write must not be repeated behind the user's back).
 */
import type { AppRouter } from '@rideshare/api';
import { QueryCache, QueryClient } from '@tanstack/react-query';
import { httpBatchLink, httpSubscriptionLink, retryLink, splitLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';

import { tellWorkerWhoIsSignedIn } from '../features/offline/service-worker';
import { mayKeepProcedure } from '../sw/kept-reads';
import { errorCode } from './errors';

export const trpc = createTRPCReact<AppRouter>();

/** Wait before reopening a failed live stream: 1 s, doubling, at most 30 s. */
export function liveRetryDelayMs(attempt: number): number {
  return Math.min(30_000, 1_000 * 2 ** Math.max(0, attempt - 1));
}

function batchLink(url: string) {
  return httpBatchLink({
    url,
    // The API refuses batches of more than 10 calls.
    maxItems: 10,
    fetch: (input, init) => fetch(input, { ...init, credentials: 'include' }),
  });
}

export function createTrpcClient(url = '/trpc') {
  return trpc.createClient({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: [
          retryLink({ retry: () => true, retryDelayMs: liveRetryDelayMs }),
          httpSubscriptionLink({ url, eventSourceOptions: { withCredentials: true } }),
        ],
        // The reads the service worker may keep travel in batches of their own: it keeps a batch
        // only when every call in it may be kept (docs/product.md#offline-rides).
        false: splitLink({
          condition: (op) => op.type === 'query' && mayKeepProcedure(op.path),
          true: batchLink(url),
          false: batchLink(url),
        }),
      }),
    ],
  });
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // A read refused for want of a session: whoever was signed in is not any more.
    queryCache: new QueryCache({
      onError: (error) => {
        const code = errorCode(error);
        if (code === 'UNAUTHORIZED' || code === 'UNAUTHENTICATED') tellWorkerWhoIsSignedIn(null);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: Number.POSITIVE_INFINITY,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
