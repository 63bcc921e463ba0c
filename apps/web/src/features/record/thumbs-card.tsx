/**
 * `<ThumbsCard rideId />`: on a completed ride, for its party (docs/record.md#thumbs): one row per
 * member the viewer may thumb (the organiser and the driver; the organiser also each rider), with up
 * or down, an optional note of at most 280 characters, and Save. Changing it is the same form until
 * thumbs close 14 days after completion; then the card shows what was given.
 */
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { LoadingBlock } from '../../components/loading-block';
import { formatRideDate, MAX_RATING_NOTE_LENGTH, type ThumbValue } from '@rideshare/domain';
import { useState } from 'react';

import { LoadErrorAlert } from '../../components/load-error-alert';
import { SectionCard } from '../../components/section-card';
import { SubmitButton } from '../../components/submit-button';
import { useClock } from '../../lib/clock';
import { trpc } from '../../lib/trpc';
import { useGiveThumb, type RideThumbsAnswer } from './use-record';
import { VerifiedMark } from '../../components/verified-mark';

type Subject = RideThumbsAnswer['subjects'][number];
type Given = RideThumbsAnswer['given'][number];

const ROLE_WORD: Record<Subject['role'], string> = { organizer: 'Organizer', vendor: 'Driver', rider: 'Rider' };

function SubjectRow({
  rideId,
  subject,
  given,
  open,
}: {
  rideId: number;
  subject: Subject;
  given?: Given;
  open: boolean;
}) {
  const [value, setValue] = useState<ThumbValue | null>(given?.value ?? null);
  const [note, setNote] = useState(given?.note ?? '');
  const give = useGiveThumb(rideId);
  const unchanged = given !== undefined && given.value === value && (given.note ?? '') === note.trim();
  const noteId = `thumb-note-${String(subject.id)}`;
  return (
    <Stack gap="xs" component="li" style={{ listStyle: 'none' }} data-testid="thumb-subject">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Group gap={6} wrap="wrap">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {subject.name}
            </Text>
            <VerifiedMark verified={subject.discordVerified} />
          </Group>
          <Text size="xs" c="dimmed">
            {ROLE_WORD[subject.role]}
          </Text>
        </Stack>
        <Group gap={6}>
          {(['up', 'down'] as const).map((option) => (
            <Button
              key={option}
              size="xs"
              variant={value === option ? 'filled' : 'default'}
              color={option === 'up' ? 'green' : 'red'}
              aria-pressed={value === option}
              aria-label={`Thumb ${option} for ${subject.name}`}
              disabled={!open}
              onClick={() => setValue(option)}
            >
              {option === 'up' ? 'Thumb up' : 'Thumb down'}
            </Button>
          ))}
        </Group>
      </Group>
      {open ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (value) give.mutate({ rideId, subjectId: subject.id, value, note: note.trim() || null });
          }}
        >
          <Stack gap="xs">
            <Textarea
              id={noteId}
              label={`Note for ${subject.name} (optional)`}
              description="Only they and the administrators read it."
              value={note}
              maxLength={MAX_RATING_NOTE_LENGTH}
              autosize
              minRows={1}
              onChange={(event) => setNote(event.currentTarget.value)}
            />
            <Group justify="flex-end">
              {/* Short on screen (a long name never cuts it at 320 px); the name is in its accessible name. */}
              <SubmitButton
                pending={give.isPending}
                pendingLabel="Saving..."
                disabled={value === null || unchanged}
                aria-label={`${given ? 'Change' : 'Save'} thumb for ${subject.name}`}
              >
                {given ? 'Change thumb' : 'Save thumb'}
              </SubmitButton>
            </Group>
          </Stack>
        </form>
      ) : given?.note ? (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          Your note: {given.note}
        </Text>
      ) : null}
    </Stack>
  );
}

export function ThumbsCard({ rideId }: { rideId: number }) {
  const card = trpc.record.ride.useQuery({ rideId });
  const now = useClock()();
  let body;
  let description = 'Tell others how the trip went: a thumb up or down for the people you rode with.';
  if (card.isLoading) {
    body = <LoadingBlock height={64} radius="sm" label="Loading thumbs" />;
  } else if (!card.data) {
    body = (
      <LoadErrorAlert
        title="Thumbs could not be loaded"
        error={card.error}
        onRetry={() => void card.refetch()}
        retrying={card.isFetching}
        retryVariant="light"
      />
    );
  } else {
    const { closesAt, subjects, given } = card.data;
    const open = closesAt !== null && now.getTime() <= new Date(closesAt).getTime();
    if (closesAt) {
      description = open
        ? `You can give or change a thumb until ${formatRideDate(closesAt)}.`
        : `Thumbs closed on ${formatRideDate(closesAt)}.`;
    }
    body =
      subjects.length === 0 ? (
        <Text size="sm" c="dimmed">
          There is nobody on this ride for you to thumb.
        </Text>
      ) : (
        <Stack gap="lg" component="ul" p={0} m={0}>
          {subjects.map((subject) => (
            <SubjectRow
              key={subject.id}
              rideId={rideId}
              subject={subject}
              given={given.find((thumb) => thumb.subjectId === subject.id)}
              open={open}
            />
          ))}
        </Stack>
      );
  }
  return (
    <SectionCard titleId="thumbs-title" title="Thumbs" description={description}>
      {body}
    </SectionCard>
  );
}
