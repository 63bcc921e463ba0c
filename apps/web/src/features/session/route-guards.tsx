/**
 * Route guards for the route table (docs/product.md#screens):
 *
 * - `<RequireAuth />`: a layout route. While the session loads it shows a spinner; a signed-out
 *   visitor goes to /auth, carrying the page they asked for (`state.from`, see return-path.ts);
 *   otherwise it renders the child route.
 * - `<RedirectIfSignedIn>{page}</RedirectIfSignedIn>`: a signed-in user is sent back where they
 *   came from (`useReturnPath()`, '/' by default).
 */
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';

import { PageLoader } from '../../components/page-loader';
import { fromHere, landingPath, useReturnPath } from './return-path';
import { useSession } from './use-session';

export function RequireAuth() {
  const { user, isLoading } = useSession();
  const location = useLocation();
  if (isLoading) return <PageLoader label="Checking your session..." />;
  if (!user) return <Navigate to="/auth" replace state={fromHere(location)} />;
  return <Outlet />;
}

export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  const returnPath = useReturnPath();
  if (isLoading) return <PageLoader label="Checking your session..." />;
  if (user) return <Navigate to={landingPath(user, returnPath)} replace />;
  return <>{children}</>;
}
