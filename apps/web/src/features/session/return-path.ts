/**
 * The way back after signing in (README.md#signing-in-from-a-link):
 *
 * - `fromHere(location)`: the react-router `state` a link or redirect to /auth carries, naming the
 *   page to come back to (`{ from: '/rides/12?tab=passengers' }`).
 * - `useReturnPath()`: on /auth, where to go once signed in: `state.from`, else a `?next=` query
 *   parameter, each only when the domain's `safeReturnPath` accepts it as a path on this site
 *   (never '//host', a URL or /auth itself); otherwise '/'.
 */
import { safeReturnPath } from '@rideshare/domain';
import { useLocation, type Location } from 'react-router-dom';

export interface ReturnState {
  from: string;
}

export function fromHere(location: Pick<Location, 'pathname' | 'search' | 'hash'>): ReturnState {
  return { from: `${location.pathname}${location.search}${location.hash}` };
}

/**
 * Where a signed-in user goes from /auth: the return path, except that a vendor whose application
 * is still pending and came to no page in particular lands on its dashboard, which says what
 * happens next (docs/vendors.md#approval).
 */
export function landingPath(user: { isVendor: boolean; vendorStatus?: string | null }, returnPath: string): string {
  return returnPath === '/' && user.isVendor && user.vendorStatus === 'pending' ? '/vendor' : returnPath;
}

export function useReturnPath(): string {
  const location = useLocation();
  const state: unknown = location.state;
  const from = state && typeof state === 'object' && 'from' in state ? state.from : undefined;
  const next = new URLSearchParams(location.search).get('next');
  return safeReturnPath(from, safeReturnPath(next));
}
