/**
 * Rendering for component tests, through the same providers as the app (Mantine, notifications,
 * React Query with the app's defaults, tRPC) and a fake API (see mock-api.ts).
 *
 * - `renderWithProviders(ui, { api?, path?, route? })`: renders `ui` as the route `path` (default
 *   '/') of a memory router opened at `route` (default `path`); other paths render 'Navigated away'.
 * - `renderApp(route, { api? })`: renders the real route table (layout, guards, lazy pages) at
 *   `route`; use `await screen.findBy...` since pages load lazily.
 * - Both return Testing Library's result plus `calls` (every API call made), `live` (pushes live
 *   events into the open `live.events` subscriptions) and `router` (for `router.state.location`)
 *   where a router is created.
 * - `makeUser`, `makeRideSummary`, `makeRideDetail`, `makeDriverCard`, `makePassengerEntry`, `inDays`: typed API
 *   answers (fixtures.ts).
 * - Every screen reads "now" from a fixed clock, `TEST_NOW` (a Wednesday, 10:00 in Singapore), unless
 *   a test passes its own `clock`; `inDays(n)` is a date n days after it.
 * - `mockClipboard()`: a resolving `navigator.clipboard.writeText` mock for each test (clipboard.ts).
 *
 * `api` defaults to a signed-out visitor (`'auth.me': () => null`), an empty inbox
 * (`'notification.unreadCount'` answers 0 unread) and new members' records without notes (`'record.get'`, `'record.received'`).
 */
import { render, type RenderResult } from '@testing-library/react';
import { useLayoutEffect, type ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation, type Location } from 'react-router-dom';

import { AppProviders } from '../app-providers';
import type { Clock } from '../lib/clock';
import { createQueryClient, trpc } from '../lib/trpc';
import { useSession } from '../features/session';
import { AppRoutes } from '../router';
import { makeRecord, testClock } from './fixtures';
import { LiveEventsMock, mockApiLink, type ApiCall, type ApiHandlers, type Unanswered } from './mock-api';

export { mockClipboard, type WriteTextMock } from './clipboard';
export { apiError, LiveEventsMock, mockApiLink, networkError, type ApiCall, type ApiHandlers } from './mock-api';
export {
  inDays,
  TEST_NOW,
  testClock,
  makeDriverCard,
  makePassengerEntry,
  makePublicConfig,
  makeRideDetail,
  makeRecord,
  makeRideSummary,
  makeUser,
  type TestDriverCard,
  type TestPassengerEntry,
  type TestRecord,
  type TestRideDetail,
  type TestRideSummary,
  type TestUser,
} from './fixtures';

export interface RenderOptions {
  api?: ApiHandlers;
  /** What "now" is for the screens; `testClock` (always TEST_NOW) unless given. */
  clock?: Clock;
  /**
   * 'pending': every call without a handler in `api` never answers (no default answers either, but
   * a signed-out `auth.me`), so the screen shows each loading state. Default: such a call fails.
   */
  unanswered?: Unanswered;
}

function providers(api: ApiHandlers = {}, unanswered: Unanswered = 'fail') {
  const calls: ApiCall[] = [];
  const live = new LiveEventsMock();
  // The top bar's bell asks for the unread count whenever a member is signed in.
  const defaults: ApiHandlers =
    unanswered === 'pending'
      ? { 'auth.me': () => null }
      : {
          'auth.me': () => null,
          'notification.unreadCount': () => ({ unread: 0 }),
          'record.get': () => makeRecord(),
          'record.received': () => [],
          // My Rides asks for the viewer's shares (the "Still owed" lines).
          'payment.shares': () => [],
        };
  const handlers: ApiHandlers = { ...defaults, ...api };
  const queryClient = createQueryClient();
  const trpcClient = trpc.createClient({ links: [mockApiLink(handlers, calls, live, unanswered)] });
  return { calls, live, queryClient, trpcClient };
}

/**
 * Where the memory router is: `router.state.location`, kept current after every navigation; and the
 * session as the whole app last rendered it (`router.state.session`: 'loading' until `auth.me`
 * answers; renderApp only).
 */
export interface TestRouter {
  state: { location: Location; session: 'loading' | 'signed-in' | 'signed-out' };
}

function RecordLocation({ into }: { into: TestRouter }) {
  const location = useLocation();
  useLayoutEffect(() => {
    into.state.location = location;
  }, [into, location]);
  return null;
}

/** The whole app asks for the session anyway; a single screen is left to ask only for what it needs. */
function RecordSession({ into }: { into: TestRouter }) {
  const { user, isLoading } = useSession();
  useLayoutEffect(() => {
    into.state.session = isLoading ? 'loading' : user ? 'signed-in' : 'signed-out';
  }, [into, user, isLoading]);
  return null;
}

function testRouter(): TestRouter {
  return { state: { location: { pathname: '', search: '', hash: '', state: null, key: '' }, session: 'loading' } };
}

export function renderApp(
  route: string,
  options: RenderOptions = {},
): RenderResult & { calls: ApiCall[]; live: LiveEventsMock; router: TestRouter } {
  const { calls, live, queryClient, trpcClient } = providers(options.api, options.unanswered);
  const router = testRouter();
  const result = render(
    <AppProviders queryClient={queryClient} trpcClient={trpcClient} clock={options.clock ?? testClock}>
      <MemoryRouter initialEntries={[route]}>
        <AppRoutes />
        <RecordLocation into={router} />
        <RecordSession into={router} />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...result, calls, live, router };
}

export function renderWithProviders(
  ui: ReactElement,
  options: RenderOptions & { route?: string; path?: string } = {},
): RenderResult & { calls: ApiCall[]; live: LiveEventsMock; router: TestRouter } {
  const { calls, live, queryClient, trpcClient } = providers(options.api, options.unanswered);
  const path = options.path ?? '/';
  const router = testRouter();
  const result = render(
    <AppProviders queryClient={queryClient} trpcClient={trpcClient} clock={options.clock ?? testClock}>
      <MemoryRouter initialEntries={[options.route ?? path]}>
        <Routes>
          <Route path={path} element={ui} />
          {/* Anything the screen navigates to lands here; assert on `router.state.location`. */}
          <Route path="*" element={<p>Navigated away</p>} />
        </Routes>
        <RecordLocation into={router} />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...result, calls, live, router };
}
