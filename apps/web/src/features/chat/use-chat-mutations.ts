/**
 * The chat's writes (docs/messages.md), each settled through `useSettle()`:
 *
 * - `useSendMessage()`: `message.send`; the thread it went to is marked stale. The composer says a
 *   refusal under itself.
 * - `useDeleteMessage(rideId)`: `message.delete` from the thread; a refusal toasts 'Message not deleted'.
 * - `useReportMessage(onRefused)`: `message.report`, with a toast saying whether it was new; a
 *   refusal's words go to `onRefused` (the modal shows them).
 */
import { errorMessage } from '../../lib/errors';
import { useSettle } from '../../lib/settle';
import { trpc } from '../../lib/trpc';

export function useSendMessage() {
  const settle = useSettle();
  return trpc.message.send.useMutation(
    settle({ staleOnSuccess: (_message, { rideId }) => ({ type: 'messages.changed', rideId }) }),
  );
}

export function useDeleteMessage(rideId: number) {
  const settle = useSettle();
  return trpc.message.delete.useMutation(
    settle({ error: 'Message not deleted', staleOnSuccess: { type: 'messages.changed', rideId } }),
  );
}

export function useReportMessage(onRefused: (message: string) => void) {
  const settle = useSettle();
  return trpc.message.report.useMutation(
    settle({
      success: (result) =>
        result.alreadyReported
          ? { title: 'Already reported', message: 'You reported this message before; the administrator has it.' }
          : { title: 'Report sent', message: 'The administrator will look at this message.' },
      onError: (err) => onRefused(errorMessage(err)),
    }),
  );
}
