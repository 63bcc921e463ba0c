/**
 * The route table (docs/product.md#screens). Every page is its own lazily loaded chunk, rendered inside `AppLayout`
 * (whose Suspense shows a spinner while a chunk loads), so /home stays light and the join screen's
 * map code is only fetched on /rides/:id/join.
 *
 * - `routes`: the table itself.
 * - `AppRoutes`: the table at the current location, inside the router main.tsx (`BrowserRouter`)
 *   or a test (`MemoryRouter`) mounts, with `RouteErrorPage` for a route that throws. React
 *   Router's declarative mode: the app loads no data through the router, and its data router
 *   weighed some 16 KB of brotli on every first load (docs/benchmarks.md, what /home's first load
 *   transfers).
 *
 * Protected routes sit under `RequireAuth` (spinner while the session loads, /auth when signed out);
 * /auth sits under `RedirectIfSignedIn` (signed-in users go to '/', which redirects to /home).
 */
import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router-dom';

import { PageLoader } from './components/page-loader';
import { AppLayout } from './features/layout/app-layout';
import { RedirectIfSignedIn, RequireAuth } from './features/session';
import { withPageStyles } from './lib/page-styles';
import { RouteErrorPage } from './pages/route-error-page';

/**
 * React.lazy for a module's named export (our pages export by name, not default), with the Mantine
 * styles the shell and /home do not load.
 */
function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await withPageStyles(load))[name] }));
}

// The first page most people see needs only the shell's styles (mantine-styles.css).
const HomePage = lazy(async () => ({ default: (await import('./pages/home-page')).HomePage }));
const AuthPage = lazyPage(() => import('./pages/auth-page'), 'AuthPage');
const GuidePage = lazyPage(() => import('./pages/guide-page'), 'GuidePage');
const BusGuidePage = lazyPage(() => import('./pages/bus-guide-page'), 'BusGuidePage');
const RideFormPage = lazyPage(() => import('./pages/ride-form-page'), 'RideFormPage');
const RideDetailsPage = lazyPage(() => import('./pages/ride-details-page'), 'RideDetailsPage');
const JoinRidePage = lazyPage(() => import('./pages/join-ride-page'), 'JoinRidePage');
const ManifestPage = lazyPage(() => import('./pages/manifest-page'), 'ManifestPage');
const VendorPage = lazyPage(() => import('./pages/vendor-page'), 'VendorPage');
const ProfilePage = lazyPage(() => import('./pages/profile-page'), 'ProfilePage');
const AdminPage = lazyPage(() => import('./pages/admin-page'), 'AdminPage');
const NotificationsPage = lazyPage(() => import('./pages/notifications-page'), 'NotificationsPage');
const NotFoundPage = lazyPage(() => import('./pages/not-found-page'), 'NotFoundPage');
const SharedTripPage = lazyPage(() => import('./pages/shared-trip-page'), 'SharedTripPage');

export const routes: RouteObject[] = [
  // A shared trip (docs/trip-day.md#share): for people without an account, with no app navigation.
  {
    path: 't/:token',
    element: (
      <Suspense fallback={<PageLoader />}>
        <SharedTripPage />
      </Suspense>
    ),
  },
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <Navigate to="/home" replace /> },
      { path: 'home', element: <HomePage /> },
      {
        path: 'auth',
        element: (
          <RedirectIfSignedIn>
            <AuthPage />
          </RedirectIfSignedIn>
        ),
      },
      // Where a refused Discord sign-in lands (`/login?discord=<reason>`, docs/sign-in.md#calls).
      {
        path: 'login',
        element: (
          <RedirectIfSignedIn>
            <AuthPage />
          </RedirectIfSignedIn>
        ),
      },
      { path: 'guide', element: <GuidePage /> },
      { path: 'bus-guide', element: <BusGuidePage /> },
      { path: 'rides/:id', element: <RideDetailsPage /> },
      {
        element: <RequireAuth />,
        children: [
          { path: 'rides/create', element: <RideFormPage /> },
          { path: 'rides/edit/:id', element: <RideFormPage /> },
          { path: 'rides/:id/join', element: <JoinRidePage /> },
          { path: 'rides/:id/manifest', element: <ManifestPage /> },
          { path: 'vendor', element: <VendorPage /> },
          { path: 'profile', element: <ProfilePage /> },
          { path: 'admin', element: <AdminPage /> },
          { path: 'notifications', element: <NotificationsPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

interface BoundaryProps {
  pathname: string;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  error: unknown;
  pathname: string;
}

/** Shows `RouteErrorPage` in place of a route that threw; going to another path tries again. */
class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, error: null, pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.pathname === state.pathname ? null : { failed: false, error: null, pathname: props.pathname };
  }

  override render() {
    return this.state.failed ? <RouteErrorPage error={this.state.error} /> : this.props.children;
  }
}

export function AppRoutes() {
  const { pathname } = useLocation();
  const element = useRoutes(routes);
  return <RouteErrorBoundary pathname={pathname}>{element}</RouteErrorBoundary>;
}
