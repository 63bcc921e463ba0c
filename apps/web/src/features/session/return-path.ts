/**
 * The way back after signing in (docs/features.md#signing-in-from-a-link):
 *
 * - `fromHere(location)`: the react-router `state` a link or redirect to /auth carries, naming the
 *   page to come back to (`{ from: '/rides/12?tab=passengers' }`).
 * - `useAuthReason()`: on /auth, why the visitor is there, in a sentence: the reason the link gave
 *   (`fromHere(location, reason)`), else 'Log in to join this ride' when they came from a ride's
 *   page; null otherwise (docs/product.md#auth-screen).
 * - `useReturnPath()`: on /auth, where to go once signed in: `state.from`, else a `?next=` query
 *   parameter, each only when the domain's `safeReturnPath` accepts it as a path on this site
 *   (never '//host', a URL or /auth itself); otherwise '/'.
 */
import { safeReturnPath } from '@rideshare/domain';
import { useLocation, type Location } from 'react-router-dom';

export interface ReturnState {
  from: string;
  /** Why the link leads to /auth, shown on the login page. */
  reason?: string;
}

export const JOIN_RIDE_REASON = 'Log in to join this ride';

export function fromHere(location: Pick<Location, 'pathname' | 'search' | 'hash'>, reason?: string): ReturnState {
  const from = `${location.pathname}${location.search}${location.hash}`;
  return reason ? { from, reason } : { from };
}

/** A ride's own pages (/rides/12, /rides/12/join), not /rides/create. */
const RIDE_PAGE = /^\/rides\/\d+(?:[/?#]|$)/;

export function useAuthReason(): string | null {
  const state: unknown = useLocation().state;
  if (!state || typeof state !== 'object') return null;
  if ('reason' in state && typeof state.reason === 'string' && state.reason.trim()) return state.reason.trim();
  return 'from' in state && typeof state.from === 'string' && RIDE_PAGE.test(state.from) ? JOIN_RIDE_REASON : null;
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
