/**
 * `AppProviders`: everything a screen needs around it, in order: Mantine (theme + styles),
 * the notifications host (one toast at a time, 5000 ms, docs/product.md#costs-and-constants), tRPC and React Query.
 * Tests pass their own `queryClient` / `trpcClient` (see src/test-utils); the app uses the defaults.
 */
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';

import { MantineProvider } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '@rideshare/domain';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

import { createQueryClient, createTrpcClient, trpc } from './lib/trpc';
import { cssVariablesResolver, theme } from './theme';

type TrpcClient = ReturnType<typeof createTrpcClient>;

export interface AppProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
  trpcClient?: TrpcClient;
}

/**
 * F8 moves focus to the toast on screen (docs/product.md#costs-and-constants), so keyboard users can read or dismiss it; it
 * works from inside form fields too. Toasts are focusable (see lib/notify.ts).
 */
function NotificationsHotkey() {
  useHotkeys(
    [
      [
        'F8',
        () => {
          document.querySelector<HTMLElement>('.mantine-Notifications-root [role="alert"]')?.focus();
        },
      ],
    ],
    [],
  );
  return null;
}

export function AppProviders({ children, queryClient, trpcClient }: AppProvidersProps) {
  // Created once per mounted app (not per render); tests hand in their own.
  const [defaultQueryClient] = useState(() => queryClient ?? createQueryClient());
  const [defaultTrpcClient] = useState(() => trpcClient ?? createTrpcClient());
  return (
    // Light only: the app offers no dark scheme, and its colours are chosen for AA on light backgrounds.
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      <Notifications
        limit={1}
        autoClose={TOAST_DURATION_MS}
        position="bottom-right"
        zIndex={1000}
      />
      <NotificationsHotkey />
      <trpc.Provider client={defaultTrpcClient} queryClient={defaultQueryClient}>
        <QueryClientProvider client={defaultQueryClient}>{children}</QueryClientProvider>
      </trpc.Provider>
    </MantineProvider>
  );
}
