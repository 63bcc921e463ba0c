/**
 * One message of a ride's chat: the author's name and role badge, the time in Singapore time, the
 * text as written (line breaks kept), or "message deleted"; and the actions the reader may take on
 * it: delete (their own, or any as the organiser) and report (someone else's).
 */
import { Badge, Box, Button, Group, Text } from '@mantine/core';
import { formatRideDate, type ChatMessage, type MessageAuthorRole } from '@rideshare/domain';
import { VerifiedMark } from '../../components/verified-mark';

const ROLE_LABELS: Record<MessageAuthorRole, string> = {
  organizer: 'Organizer',
  passenger: 'Rider',
  vendor: 'Driver',
};

const ROLE_COLORS: Record<MessageAuthorRole, string> = {
  organizer: 'blue',
  passenger: 'gray',
  vendor: 'teal',
};

/** The author's role as a badge: Organizer, Rider or Driver. */
export function RoleBadge({ role }: { role: MessageAuthorRole }) {
  return (
    <Badge size="xs" variant="light" color={ROLE_COLORS[role]}>
      {ROLE_LABELS[role]}
    </Badge>
  );
}

export interface ChatMessageItemProps {
  message: ChatMessage;
  own: boolean;
  canDelete: boolean;
  deleting: boolean;
  onDelete: () => void;
  onReport: () => void;
}

export function ChatMessageItem({ message, own, canDelete, deleting, onDelete, onReport }: ChatMessageItemProps) {
  const time = formatRideDate(message.createdAt);
  return (
    <Box
      component="li"
      data-testid="chat-message"
      data-message-id={message.id}
      p="xs"
      style={{
        listStyle: 'none',
        borderRadius: 'var(--mantine-radius-md)',
        background: own ? 'var(--mantine-color-blue-light)' : 'var(--mantine-color-default-hover)',
        alignSelf: own ? 'flex-end' : 'flex-start',
        maxWidth: 'min(100%, 36rem)',
      }}
    >
      <Group gap={6} wrap="wrap" mb={2}>
        <Text size="sm" fw={600}>
          {own ? 'You' : message.author.name}
        </Text>
        {own ? null : <VerifiedMark verified={message.author.discordVerified} />}
        <RoleBadge role={message.author.role} />
        <Text size="xs" c="dimmed" component="time" dateTime={message.createdAt}>
          {time}
        </Text>
      </Group>
      {message.deleted ? (
        <Text size="sm" fs="italic" c="dimmed">
          message deleted
        </Text>
      ) : (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.body}
        </Text>
      )}
      {message.deleted || (!canDelete && own) ? null : (
        <Group gap={4} mt={4} justify={own ? 'flex-end' : 'flex-start'}>
          {canDelete ? (
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              loading={deleting}
              onClick={onDelete}
              aria-label={`Delete message from ${own ? 'you' : message.author.name}, ${time}`}
            >
              Delete
            </Button>
          ) : null}
          {own ? null : (
            <Button
              size="compact-xs"
              variant="subtle"
              color="gray"
              onClick={onReport}
              aria-label={`Report message from ${message.author.name}, ${time}`}
            >
              Report
            </Button>
          )}
        </Group>
      )}
    </Box>
  );
}
