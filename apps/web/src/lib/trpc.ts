/**
 * The one tRPC client of the web app.
 *
 * - `trpc`: typed React hooks for every procedure (`trpc.auth.me.useQuery()`,
 *   `trpc.useUtils()`), typed from the API's router with a type-only import.
 * - `createTrpcClient()`: batches calls to same-origin `/trpc`, always sending the session cookie.
 * - `createQueryClient()`: SPEC §7 defaults: data never goes stale by itself, no interval or
 *   focus refetching, and no retries (a failed write must not be repeated behind the user's back).
 */
import type { AppRouter } from '@rideshare/api';
import { QueryClient } from '@tanstack/react-query';
import { httpBatchLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';

export const trpc = createTRPCReact<AppRouter>();

export function createTrpcClient(url = '/trpc') {
  return trpc.createClient({
    links: [
      httpBatchLink({
        url,
        // The API refuses batches of more than 10 calls.
        maxItems: 10,
        fetch: (input, init) => fetch(input, { ...init, credentials: 'include' }),
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
