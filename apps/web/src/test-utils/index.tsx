/**
 * Rendering for component tests, through the same providers as the app (Mantine, notifications,
 * React Query with the app's defaults, tRPC) and a fake API (see mock-api.ts).
 *
 * - `renderWithProviders(ui, { api?, path?, route? })`: renders `ui` as the route `path` (default
 *   '/') of a memory router opened at `route` (default `path`); other paths render 'Navigated away'.
 * - `renderApp(route, { api? })`: renders the real route table (layout, guards, lazy pages) at
 *   `route`; use `await screen.findBy...` since pages load lazily.
 * - Both return Testing Library's result plus `calls` (every API call made) and `router` (for
 *   `router.state.location`) where a router is created.
 * - `makeUser(overrides?)`: a signed-in user as `auth.me` returns it.
 * - `makeRideSummary(overrides?)`: one ride of a `ride.list` page (an SG->FC ride three days ahead,
 *   organised by 'Olivia Organiser'; a shape the API gives visitors and members alike).
 * - `mockClipboard()`: a resolving `navigator.clipboard.writeText` mock for each test (clipboard.ts).
 *
 * `api` defaults to a signed-out visitor (`'auth.me': () => null`).
 */
import type { RouterOutputs } from '@rideshare/api';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';

import { AppProviders } from '../app-providers';
import { createQueryClient, trpc } from '../lib/trpc';
import { routes } from '../router';
import { mockApiLink, type ApiCall, type ApiHandlers } from './mock-api';

export { mockClipboard, type WriteTextMock } from './clipboard';
export { apiError, mockApiLink, networkError, type ApiCall, type ApiHandlers } from './mock-api';

export type TestUser = NonNullable<RouterOutputs['auth']['me']>;

export function makeUser(overrides: Partial<TestUser> = {}): TestUser {
  return {
    id: 2,
    discordUsername: 'alice',
    name: 'Alice Tan',
    whatsappNumber: '+65 9123 4567',
    malaysianNumber: null,
    revolutUsername: 'alicet',
    isVendor: false,
    companyName: null,
    driverDetails: null,
    isAdmin: false,
    ...overrides,
  };
}

export type TestRideSummary = RouterOutputs['ride']['list']['items'][number];

export function makeRideSummary(overrides: Partial<TestRideSummary> = {}): TestRideSummary {
  return {
    id: 1,
    creatorId: 50,
    creatorName: 'Olivia Organiser',
    direction: 'SG->FC',
    date: new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString(),
    maxPassengers: 4,
    currentPassengers: 1,
    pickupLocation: 'Pasir Ris MRT',
    dropoffLocations: [{ location: 'Pasir Ris MRT', passengerCount: 1 }],
    status: 'open',
    vendorId: null,
    driverContactId: null,
    cost: 80,
    additionalStops: 0,
    sequenceLocked: false,
    ...overrides,
  };
}

export interface RenderOptions {
  api?: ApiHandlers;
}

function providers(api: ApiHandlers = {}) {
  const calls: ApiCall[] = [];
  const handlers: ApiHandlers = { 'auth.me': () => null, ...api };
  const queryClient = createQueryClient();
  const trpcClient = trpc.createClient({ links: [mockApiLink(handlers, calls)] });
  return { calls, queryClient, trpcClient };
}

type MemoryRouter = ReturnType<typeof createMemoryRouter>;

export function renderApp(
  route: string,
  options: RenderOptions = {},
): RenderResult & { calls: ApiCall[]; router: MemoryRouter } {
  const { calls, queryClient, trpcClient } = providers(options.api);
  const router = createMemoryRouter(routes, { initialEntries: [route] });
  const result = render(
    <AppProviders queryClient={queryClient} trpcClient={trpcClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, calls, router };
}

export function renderWithProviders(
  ui: ReactElement,
  options: RenderOptions & { route?: string; path?: string } = {},
): RenderResult & { calls: ApiCall[]; router: MemoryRouter } {
  const { calls, queryClient, trpcClient } = providers(options.api);
  const path = options.path ?? '/';
  const router = createMemoryRouter(
    [
      { path, element: ui },
      // Anything the screen navigates to lands here; assert on `router.state.location`.
      { path: '*', element: <p>Navigated away</p> },
    ],
    { initialEntries: [options.route ?? path] },
  );
  const result = render(
    <AppProviders queryClient={queryClient} trpcClient={trpcClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, calls, router };
}
