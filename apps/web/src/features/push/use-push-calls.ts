/**
 * `usePushCalls()`: this browser's push subscription stored or dropped on the server
 * (`push.subscribe`, `push.unsubscribe`). Nothing cached follows them, and
 * the card says a refusal in its own words (the browser's side can fail too), so they settle with
 * no toast.
 */
import { useSettle } from '../../lib/settle';
import { trpc } from '../../lib/trpc';

export function usePushCalls() {
  const settle = useSettle();
  return {
    subscribe: trpc.push.subscribe.useMutation(settle({})),
    unsubscribe: trpc.push.unsubscribe.useMutation(settle({})),
  };
}
