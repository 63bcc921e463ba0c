/**
 * `AppProviders`: everything a screen needs around it, in order: Mantine (theme + styles),
 * the notifications host (one toast at a time, 5000 ms, docs/product.md#costs-and-constants), tRPC and React Query.
 * Tests pass their own `queryClient` / `trpcClient` and a fixed `clock` (see src/test-utils); the app
 * uses the defaults and the system clock.
 */
import './mantine-styles.css';

import { MantineProvider } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useNotifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '@rideshare/domain';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';

import { ClockContext, systemClock, type Clock } from './lib/clock';
import { withPageStyles } from './lib/page-styles';
import { createQueryClient, createTrpcClient, trpc } from './lib/trpc';
import { cssVariablesResolver, theme } from './theme';

type TrpcClient = ReturnType<typeof createTrpcClient>;

export interface AppProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
  trpcClient?: TrpcClient;
  /** What "now" is for every screen (lib/clock.ts); the system clock unless a test fixes it. */
  clock?: Clock;
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

const Notifications = lazy(async () => ({
  default: (await withPageStyles(() => import('@mantine/notifications'))).Notifications,
}));

/**
 * The toast host, loaded with the first toast: its code (transitions, scroll locking) is not needed
 * to show a page, and the store keeps what `notify` shows until the host is there
 * (docs/benchmarks.md, what /home's first load transfers).
 */
function ToastHost() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && notifications.length + queue.length > 0) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications limit={1} autoClose={TOAST_DURATION_MS} position="bottom-right" zIndex={1000} />
    </Suspense>
  );
}

export function AppProviders({ children, queryClient, trpcClient, clock = systemClock }: AppProvidersProps) {
  // Created once per mounted app (not per render); tests hand in their own.
  const [defaultQueryClient] = useState(() => queryClient ?? createQueryClient());
  const [defaultTrpcClient] = useState(() => trpcClient ?? createTrpcClient());
  return (
    // The system's light or dark setting until the header's toggle chooses one (kept in localStorage);
    // both schemes' colours are chosen for AA (docs/accessibility.md#the-theme).
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      <ToastHost />
      <NotificationsHotkey />
      <trpc.Provider client={defaultTrpcClient} queryClient={defaultQueryClient}>
        <QueryClientProvider client={defaultQueryClient}>
          <ClockContext.Provider value={clock}>{children}</ClockContext.Provider>
        </QueryClientProvider>
      </trpc.Provider>
    </MantineProvider>
  );
}
