/**
 * `<ChatTab ride viewerId />`: the ride's chat for its party (docs/messages.md#web). The thread
 * scrolls in its own box and keeps its place: new messages are followed only when the reader is at
 * the bottom (or just sent one), and loading older ones keeps the message in view where it was.
 * Below it the composer, or a note when the ride's chat only reads now.
 */
import { Alert, Box, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { canDeleteMessage, isChatReadOnly, type ChatMessage, CHAT_CLOSED_MESSAGE } from '@rideshare/domain';
import { useLayoutEffect, useRef, useState } from 'react';

import { useConfirm } from '../../components/confirm-action';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { useClock } from '../../lib/clock';
import { ChatComposer } from './chat-composer';
import { ChatMessageItem } from './chat-message-item';
import { ReportMessageModal } from './report-message-modal';
import { useDeleteMessage } from './use-chat-mutations';
import { useChatThread } from './use-chat-thread';

/** How close to the bottom (px) still counts as reading the newest messages. */
const BOTTOM_SLACK_PX = 48;

export interface ChatTabProps {
  ride: { id: number; creatorId: number; status: string; date: string; cancelledAt: string | null };
  viewerId: number;
}

/** Keeps the thread's scroll position across updates (see the file's comment). */
function useThreadScroll(messages: readonly ChatMessage[]) {
  const boxRef = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const previous = useRef<{ height: number; firstId: number | null }>({ height: 0, firstId: null });

  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const firstId = messages[0]?.id ?? null;
    const before = previous.current;
    if (before.firstId !== null && firstId !== null && firstId < before.firstId) {
      // Older messages came in above: keep what was on screen where it was.
      box.scrollTop += box.scrollHeight - before.height;
    } else if (atBottom.current) {
      box.scrollTop = box.scrollHeight;
    }
    previous.current = { height: box.scrollHeight, firstId };
  }, [messages]);

  const onScroll = () => {
    const box = boxRef.current;
    if (box) atBottom.current = box.scrollHeight - box.scrollTop - box.clientHeight < BOTTOM_SLACK_PX;
  };
  return { boxRef, onScroll, followNewest: () => (atBottom.current = true) };
}

export function ChatTab({ ride, viewerId }: ChatTabProps) {
  const thread = useChatThread(ride.id);
  const { boxRef, onScroll, followNewest } = useThreadScroll(thread.messages);
  const [reporting, setReporting] = useState<ChatMessage | null>(null);
  const remove = useDeleteMessage(ride.id);
  const now = useClock();
  const readOnly = isChatReadOnly(ride, now());
  const confirm = useConfirm();
  // Deleting cannot be taken back: it asks first (docs/product.md#confirmations).
  const askToDelete = (message: ChatMessage) =>
    confirm.ask({
      title: 'Delete this message?',
      message:
        message.author.id === viewerId
          ? 'Everyone in this chat will see “message deleted” in its place. This cannot be undone.'
          : `Everyone in this chat will see “message deleted” in place of ${message.author.name}’s message. ` +
            'This cannot be undone; a report on it stays with the administrator.',
      confirmLabel: 'Delete message',
      color: 'red',
      onConfirm: () => remove.mutate({ rideId: ride.id, messageId: message.id }),
    });

  if (thread.error) {
    return (
      <LoadErrorAlert
        title="Could not load the chat"
        error={thread.error}
        onRetry={thread.refetch}
        retryVariant="light"
      />
    );
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby="ride-chat-title">
      <Text id="ride-chat-title" fw={600}>
        Ride chat
      </Text>
      <Text size="sm" c="dimmed">
        For the organizer, the riders and the driver of this ride. Messages are deleted 30 days after the ride.
      </Text>
      <Box
        ref={boxRef}
        onScroll={onScroll}
        data-testid="chat-thread"
        tabIndex={0}
        role="log"
        aria-label="Messages"
        style={{
          height: 'min(60vh, 28rem)',
          overflowY: 'auto',
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-md)',
          padding: 'var(--mantine-spacing-xs)',
        }}
      >
        {thread.isLoading ? (
          <Center h="100%" role="status" aria-label="Loading messages">
            <Loader size="sm" />
          </Center>
        ) : (
          <Stack gap="xs">
            {thread.hasOlder ? (
              <Center>
                <Button size="xs" variant="subtle" loading={thread.loadingOlder} onClick={thread.loadOlder}>
                  Show older messages
                </Button>
              </Center>
            ) : null}
            {thread.messages.length === 0 ? (
              <Center py="xl">
                <Text c="dimmed" size="sm">
                  No messages yet. Say hello to your fellow travellers.
                </Text>
              </Center>
            ) : (
              <Stack component="ul" gap="xs" m={0} p={0}>
                {thread.messages.map((message) => (
                  <ChatMessageItem
                    key={message.id}
                    message={message}
                    own={message.author.id === viewerId}
                    canDelete={canDeleteMessage({
                      viewerId,
                      authorId: message.author.id,
                      organiserId: ride.creatorId,
                    })}
                    deleting={remove.isPending && remove.variables.messageId === message.id}
                    onDelete={() => askToDelete(message)}
                    onReport={() => setReporting(message)}
                  />
                ))}
              </Stack>
            )}
          </Stack>
        )}
      </Box>
      {readOnly ? (
        <Alert color="gray" variant="light">
          {CHAT_CLOSED_MESSAGE}
        </Alert>
      ) : (
        <ChatComposer rideId={ride.id} onSent={followNewest} />
      )}
      <ReportMessageModal message={reporting} onClose={() => setReporting(null)} />
      {confirm.modal}
    </Stack>
  );
}
