/**
 * Route guards for the route table (SPEC §2):
 *
 * - `<RequireAuth />`: a layout route. While the session loads it shows a spinner; a signed-out
 *   visitor goes to /auth; otherwise it renders the child route.
 * - `<RedirectIfSignedIn>{page}</RedirectIfSignedIn>`: a signed-in user is sent to '/'.
 */
import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router-dom';

import { PageLoader } from '../../components/page-loader';
import { useSession } from './use-session';

export function RequireAuth() {
  const { user, isLoading } = useSession();
  if (isLoading) return <PageLoader label="Checking your session..." />;
  if (!user) return <Navigate to="/auth" replace />;
  return <Outlet />;
}

export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  if (isLoading) return <PageLoader label="Checking your session..." />;
  if (user) return <Navigate to="/" replace />;
  return <>{children}</>;
}
