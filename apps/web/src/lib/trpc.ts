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
import { QueryClient } from '@tanstack/react-query';
import { httpBatchLink, httpSubscriptionLink, retryLink, splitLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';

export const trpc = createTRPCReact<AppRouter>();

/** Wait before reopening a failed live stream: 1 s, doubling, at most 30 s. */
export function liveRetryDelayMs(attempt: number): number {
  return Math.min(30_000, 1_000 * 2 ** Math.max(0, attempt - 1));
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
        false: httpBatchLink({
          url,
          // The API refuses batches of more than 10 calls.
          maxItems: 10,
          fetch: (input, init) => fetch(input, { ...init, credentials: 'include' }),
        }),
      }),
    ],
  });
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
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
