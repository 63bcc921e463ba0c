/**
 * Unread chat messages per ride (`message.unread`, refreshed by `messages.changed`): the count on
 * the ride page's Chat tab and the "Chat · N new" link on My Rides cards (docs/messages.md#web).
 */
import { Badge, Button, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router-dom';

import { trpc } from '../../lib/trpc';

/** The signed-in member's unread messages on one ride (0 while unknown or when `enabled` is false). */
export function useUnreadMessages(rideId: number, enabled = true): number {
  const unread = trpc.message.unread.useQuery(undefined, { enabled });
  return unread.data?.find((entry) => entry.rideId === rideId)?.unread ?? 0;
}

/** The Chat tab's unread count, beside its label (nothing when there is none). */
export function UnreadBadge({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <>
      <Badge size="sm" circle={count < 10} color="red" aria-hidden>
        {count > 99 ? '99+' : count}
      </Badge>
      <VisuallyHidden>{`${String(count)} unread`}</VisuallyHidden>
    </>
  );
}

/** A link to a ride's chat, shown on a card when it has unread messages. */
export function UnreadChatLink({ rideId, rideName }: { rideId: number; rideName: string }) {
  const count = useUnreadMessages(rideId);
  if (count === 0) return null;
  return (
    <Button
      component={Link}
      to={`/rides/${String(rideId)}?tab=chat`}
      size="xs"
      variant="light"
      color="red"
      aria-label={`Chat: ${String(count)} new message${count === 1 ? '' : 's'}, ${rideName}`}
    >
      Chat · {count} new
    </Button>
  );
}
