/**
 * `useMarkRead()`: marks the member's notifications read (`notification.markRead`): `markOne(id)` or
 * `markAll()`. Afterwards every `notification.*` query (the page, the bell) is read again; a refusal
 * shows the server's reason under 'Could not mark as read'.
 *
 * Returns `{ markOne, markAll, pendingId, markingAll }`: the one notification being marked, or
 * whether "all" is under way, so only that button shows its spinner. Each call takes optional
 * `{onSuccess, onError}`, run once the lists have been read again (the page moves focus with them).
 */
import { useSettle } from '../../lib/settle';
import { trpc } from '../../lib/trpc';

/** What a caller does once marking is over (after the lists were read again). */
export interface MarkReadCallbacks {
  onSuccess?: () => void;
  onError?: () => void;
}

export function useMarkRead() {
  const settle = useSettle();
  const mutation = trpc.notification.markRead.useMutation(
    settle({ error: 'Could not mark as read', stale: { type: 'notifications.changed', rideId: null } }),
  );
  const ids = mutation.isPending ? mutation.variables?.ids : undefined;
  return {
    markOne: (id: number, after?: MarkReadCallbacks) => mutation.mutate({ ids: [id] }, after),
    markAll: (after?: MarkReadCallbacks) => mutation.mutate({}, after),
    pendingId: ids?.length === 1 ? (ids[0] ?? null) : null,
    markingAll: mutation.isPending && mutation.variables?.ids === undefined,
  };
}
