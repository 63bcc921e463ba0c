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
 * Toasts and navigation are left to the screen that calls the mutation.
 */
import { isApprovedVendor } from '@rideshare/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { queriesTouchedBy, useMarkStale } from '../../lib/stale-queries';
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

/** Refreshes what other screens cached for the previous session (without touching `auth.me`). */
function useRefreshOtherQueries() {
  const markStale = useMarkStale();
  return () => markStale({ type: 'session.changed' });
}

/** Drops what other screens cached for the previous session, and reads what is on screen again. */
function useResetOtherQueries() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(queriesTouchedBy({ type: 'session.changed' }).map((filter) => queryClient.resetQueries(filter)));
}

/** `onError`: what the screen does with a refusal (its toast); it runs even if the screen is gone. */
export function useLogin(onError?: (err: unknown) => void) {
  const utils = trpc.useUtils();
  const refresh = useRefreshOtherQueries();
  return trpc.auth.login.useMutation({
    onSuccess: async (user) => {
      utils.auth.me.setData(undefined, user);
      await refresh();
    },
    onError,
  });
}

export function useRegister(onError?: (err: unknown) => void) {
  const utils = trpc.useUtils();
  const refresh = useRefreshOtherQueries();
  return trpc.auth.register.useMutation({
    onSuccess: async (user) => {
      utils.auth.me.setData(undefined, user);
      await refresh();
    },
    onError,
  });
}

export function useLogout(onError?: (err: unknown) => void) {
  const utils = trpc.useUtils();
  const reset = useResetOtherQueries();
  return trpc.auth.logout.useMutation({
    onSuccess: async () => {
      utils.auth.me.setData(undefined, null);
      forgetThisDevice();
      await reset();
    },
    onError,
  });
}
