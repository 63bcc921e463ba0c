/**
 * The signed-in user, from `auth.me` (docs/product.md#session: login and register set the user, logout
 * clears it). Every screen reads the session through these hooks, so the cache stays the single
 * source of truth:
 *
 * - `useSession()` → `{ user, isLoading, isVendor, isApprovedVendor, isAdmin }` (`user` is null when
 *   signed out; only an approved vendor takes rides, see docs/vendors.md).
 * - `useLogin()` / `useRegister()`: mutations that put the returned user into the `auth.me` cache
 *   and refresh every other query (what a screen shows can depend on who is looking).
 * - Every answer of `auth.me` tells the service worker who is signed in, so a change of member
 *   (login, register, a forced sign-out) drops the last member's kept reads.
 * - `useLogout()`: clears the `auth.me` cache and empties every other query before reading it again,
 *   so nothing a member was shown (passengers' locations, Discord usernames) stays on screen or in
 *   the cache for whoever uses the browser next.
 *
 * How a refusal shows is the screen's to say (`error`); navigation is left to the screen's call.
 */
import { isApprovedVendor } from '@rideshare/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { useSettle, type ErrorDisplay } from '../../lib/settle';
import { queriesTouchedBy } from '../../lib/stale-queries';
import { trpc } from '../../lib/trpc';
import { forgetThisDevice, tellWorkerWhoIsSignedIn } from '../offline/service-worker';
import type { SessionUser } from '../../lib/api-types';

export type { SessionUser };

export interface Session {
  user: SessionUser | null;
  /** True only until the first answer of `auth.me`; a failed lookup counts as signed out. */
  isLoading: boolean;
  isVendor: boolean;
  /** A vendor an administrator approved: the only one offered vendor actions. */
  isApprovedVendor: boolean;
  isAdmin: boolean;
}

export function useSession(): Session {
  const me = trpc.auth.me.useQuery();
  const user = me.data ?? null;
  // Each answer says who is signed in (a failed lookup, e.g. offline, says nothing): the service
  // worker keeps reads for that member only (docs/product.md#offline-rides).
  const answered = me.isSuccess;
  const userId = user?.id ?? null;
  useEffect(() => {
    if (answered) tellWorkerWhoIsSignedIn(userId);
  }, [answered, userId]);
  return {
    user,
    isLoading: me.isLoading,
    isVendor: user?.isVendor ?? false,
    isApprovedVendor: user ? isApprovedVendor(user) : false,
    isAdmin: user?.isAdmin ?? false,
  };
}

/** Drops what other screens cached for the previous session, and reads what is on screen again. */
function useResetOtherQueries() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(queriesTouchedBy({ type: 'session.changed' }).map((filter) => queryClient.resetQueries(filter)));
}

/**
 * `error`: how the screen shows a refusal (its toast, the form's fields, the words under it); it
 * runs even if the screen is gone. A sign-in answers the user, kept as the session, and every other
 * query is read again before the call ends.
 */
export function useLogin(error?: ErrorDisplay) {
  const utils = trpc.useUtils();
  const settle = useSettle();
  return trpc.auth.login.useMutation(
    settle({
      error,
      onSuccess: (user) => utils.auth.me.setData(undefined, user),
      staleOnSuccess: { type: 'session.changed' },
      awaitStale: true,
    }),
  );
}

export function useRegister(error?: ErrorDisplay) {
  const utils = trpc.useUtils();
  const settle = useSettle();
  return trpc.auth.register.useMutation(
    settle({
      error,
      onSuccess: (user) => utils.auth.me.setData(undefined, user),
      staleOnSuccess: { type: 'session.changed' },
      awaitStale: true,
    }),
  );
}

/** Signing out drops what other screens cached for the previous session (no refetch of the old one's). */
export function useLogout(error?: ErrorDisplay) {
  const utils = trpc.useUtils();
  const reset = useResetOtherQueries();
  const settle = useSettle();
  return trpc.auth.logout.useMutation(
    settle({
      error,
      onSuccess: async () => {
        utils.auth.me.setData(undefined, null);
        forgetThisDevice();
        await reset();
      },
    }),
  );
}
