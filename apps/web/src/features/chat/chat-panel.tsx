/**
 * What the ride page's Chat tab shows: the chat for the party, a login prompt for visitors, and for
 * any other member the reason they cannot see it (docs/messages.md#party).
 */
import { Alert, Skeleton } from '@mantine/core';
import { CHAT_FORBIDDEN_MESSAGE } from '@rideshare/domain';

import { LoginRequiredCard } from '../ride-details/ride-status-cards';
import type { RideDetail } from '../../lib/api-types';
import type { SessionUser } from '../session';
import { ChatTab } from './chat-tab';

export interface ChatPanelProps {
  ride: RideDetail;
  user: SessionUser | null;
  inParty: boolean;
  /** False while the passenger list that tells whether the viewer rides is still loading. */
  partyKnown: boolean;
}

export function ChatPanel({ ride, user, inParty, partyKnown }: ChatPanelProps) {
  if (!user) return <LoginRequiredCard>Log in to talk with the people on this ride.</LoginRequiredCard>;
  if (!inParty && !partyKnown) return <Skeleton height={220} radius="md" />;
  if (!inParty) {
    return (
      <Alert color="gray" variant="light" title="Chat not available">
        {CHAT_FORBIDDEN_MESSAGE}
      </Alert>
    );
  }
  return <ChatTab ride={ride} viewerId={user.id} />;
}
