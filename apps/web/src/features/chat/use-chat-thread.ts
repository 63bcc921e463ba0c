/**
 * `useChatThread(rideId)`: a ride's chat thread as one list, oldest first (docs/messages.md#web).
 * The newest page is one query (refetched by the `messages.changed` live event, see
 * lib/stale-queries.ts); each older page asked for with `loadOlder()` is a query of its own, so a
 * deletion in it refreshes too. While the thread is shown, the member's read mark follows the newest
 * message (`message.markRead`), which also clears their unread count and notice.
 */
import { DEFAULT_MESSAGE_PAGE, type ChatMessage } from '@rideshare/domain';
import { useEffect, useMemo, useRef, useState } from 'react';

import { useSettle } from '../../lib/settle';
import { trpc } from '../../lib/trpc';

export interface ChatThread {
  messages: ChatMessage[];
  isLoading: boolean;
  error: unknown;
  refetch: () => void;
  /** Whether older messages than the ones shown exist. */
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder: () => void;
}

export function useChatThread(rideId: number): ChatThread {
  const newest = trpc.message.list.useQuery({ rideId, limit: DEFAULT_MESSAGE_PAGE });
  const [cursors, setCursors] = useState<number[]>([]);
  const older = trpc.useQueries((t) =>
    cursors.map((before) => t.message.list({ rideId, before, limit: DEFAULT_MESSAGE_PAGE })),
  );

  const messages = useMemo(() => {
    const byId = new Map<number, ChatMessage>();
    for (const page of [...older.map((query) => query.data), newest.data]) {
      for (const message of page?.items ?? []) byId.set(message.id, message);
    }
    return [...byId.values()].sort((a, b) => a.id - b.id);
  }, [newest.data, older]);

  const oldestPage = cursors.length > 0 ? older[older.length - 1]?.data : newest.data;
  const nextBefore = oldestPage?.nextBefore ?? null;
  const loadingOlder = older.some((query) => query.isLoading);

  const settle = useSettle();
  const markRead = trpc.message.markRead.useMutation(settle({ staleOnSuccess: { type: 'messages.read' } }));
  // -1: the first answer (even an empty thread) reads the notice once.
  const markedUpTo = useRef(-1);
  const newestId = messages.length > 0 ? (messages[messages.length - 1]?.id ?? 0) : 0;
  const { mutate } = markRead;
  useEffect(() => {
    if (!newest.data || newestId <= markedUpTo.current) return;
    markedUpTo.current = newestId;
    mutate({ rideId });
  }, [newest.data, newestId, rideId, mutate]);

  return {
    messages,
    isLoading: newest.isLoading,
    error: newest.error,
    refetch: () => void newest.refetch(),
    hasOlder: nextBefore !== null,
    loadingOlder,
    loadOlder: () => {
      if (nextBefore !== null && !cursors.includes(nextBefore)) setCursors([...cursors, nextBefore]);
    },
  };
}
