/**
 * The route table (docs/product.md#screens). Every page is its own lazily loaded chunk, rendered inside `AppLayout`
 * (whose Suspense shows a spinner while a chunk loads), so /home stays light and the join screen's
 * map code is only fetched on /rides/:id/join.
 *
 * - `routes`: the table itself, for `createMemoryRouter(routes, ...)` in tests.
 * - `createAppRouter()`: the browser router main.tsx mounts.
 *
 * Protected routes sit under `RequireAuth` (spinner while the session loads, /auth when signed out);
 * /auth sits under `RedirectIfSignedIn` (signed-in users go to '/', which redirects to /home).
 */
import { lazy, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';

import { AppLayout } from './features/layout/app-layout';
import { RedirectIfSignedIn, RequireAuth } from './features/session';
import { RouteErrorPage } from './pages/route-error-page';

/** React.lazy for a module's named export (our pages export by name, not default). */
function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const HomePage = lazyPage(() => import('./pages/home-page'), 'HomePage');
const AuthPage = lazyPage(() => import('./pages/auth-page'), 'AuthPage');
const GuidePage = lazyPage(() => import('./pages/guide-page'), 'GuidePage');
const BusGuidePage = lazyPage(() => import('./pages/bus-guide-page'), 'BusGuidePage');
const RideFormPage = lazyPage(() => import('./pages/ride-form-page'), 'RideFormPage');
const RideDetailsPage = lazyPage(() => import('./pages/ride-details-page'), 'RideDetailsPage');
const JoinRidePage = lazyPage(() => import('./pages/join-ride-page'), 'JoinRidePage');
const ManifestPage = lazyPage(() => import('./pages/manifest-page'), 'ManifestPage');
const VendorPage = lazyPage(() => import('./pages/vendor-page'), 'VendorPage');
const ProfilePage = lazyPage(() => import('./pages/profile-page'), 'ProfilePage');
const NotificationsPage = lazyPage(() => import('./pages/notifications-page'), 'NotificationsPage');
const NotFoundPage = lazyPage(() => import('./pages/not-found-page'), 'NotFoundPage');

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
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
          { path: 'notifications', element: <NotificationsPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
