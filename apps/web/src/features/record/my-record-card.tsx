/**
 * `<MyRecordCard userId isVendor />`: the member's own record on their profile (docs/record.md), each
 * count with what counts and why, and the notes others left with their thumbs (never who left them).
 * A member with nothing on it reads "New member", as others see them. Anchored `#record` (a thumb's
 * notice leads here).
 */
import { Badge, Group, List, Stack, Text, Title } from '@mantine/core';
import { LoadingBlock } from '../../components/loading-block';
import {
  isNewMember,
  LATE_NOTICE_HOURS,
  NOTE_READERS_MIN_GIVERS,
  ON_TIME_MINUTES,
  RATING_WINDOW_DAYS,
} from '@rideshare/domain';
import type { ReactNode } from 'react';

import { LoadErrorAlert } from '../../components/load-error-alert';
import { SectionCard } from '../../components/section-card';
import { trpc } from '../../lib/trpc';
import { useHashScroll } from '../../lib/use-hash-scroll';
import { NEW_MEMBER } from './record-facts';
import { useRecord, type MemberRecordAnswer } from './use-record';

function Count({ label, value, why }: { label: string; value: number; why: ReactNode }) {
  return (
    <List.Item>
      <Text span fw={600}>
        {label}: {value}
      </Text>
      <Text size="sm" c="dimmed">
        {why}
      </Text>
    </List.Item>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        {title}
      </Title>
      <List spacing={6} listStyleType="none" p={0}>
        {children}
      </List>
    </Stack>
  );
}

function Counts({ record }: { record: MemberRecordAnswer }) {
  return (
    <Stack gap="md">
      {isNewMember(record) ? (
        <Group gap="xs">
          <Badge variant="light" color="gray">
            {NEW_MEMBER}
          </Badge>
          <Text size="sm">Nothing on your record yet: others see “New member” until your first trip.</Text>
        </Group>
      ) : null}
      <Part title="Trips">
        <Count
          label="Trips completed"
          value={record.tripsCompleted}
          why="Rides that were completed with you on them at departure, as organizer, rider or driver."
        />
      </Part>
      <Part title="As organizer">
        <Count label="Completed" value={record.asOrganizer.completed} why="Rides you organized that were completed." />
        <Count
          label="Late cancellations"
          value={record.asOrganizer.cancelledLate}
          why={`Rides you cancelled within ${String(LATE_NOTICE_HOURS)} hours of departure with other riders on them: they had little time to find another way.`}
        />
        <Count
          label="Late removals"
          value={record.asOrganizer.removedLate}
          why={`Rides from which you removed a rider within ${String(LATE_NOTICE_HOURS)} hours of departure: for them it is a late cancellation.`}
        />
      </Part>
      <Part title="As rider">
        <Count
          label="Completed"
          value={record.asRider.completed}
          why="Rides you joined that were completed with you on board."
        />
        <Count
          label="No-shows"
          value={record.asRider.noShows}
          why="Marked on trip day by the organizer or the driver when you did not come, and not taken back."
        />
        <Count
          label="Late leaves"
          value={record.asRider.leftLate}
          why={`Rides you left within ${String(LATE_NOTICE_HOURS)} hours of departure: the others pay more for the empty seat.`}
        />
      </Part>
      {record.asVendor ? (
        <Part title="As driver">
          <Count label="Completed" value={record.asVendor.completed} why="Rides you drove that were completed." />
          <Count
            label="On time"
            value={record.asVendor.onTime}
            why={`Trips whose “departed” stage you posted within ${String(ON_TIME_MINUTES)} minutes of departure.`}
          />
          <Count
            label="Late"
            value={record.asVendor.late}
            why={`Trips whose “departed” stage you posted more than ${String(ON_TIME_MINUTES)} minutes late.`}
          />
        </Part>
      ) : null}
      <Part title="Thumbs">
        <Count
          label="Thumbs up"
          value={record.thumbs.up}
          why={`From the people you rode with, within ${String(RATING_WINDOW_DAYS)} days of a completed ride.`}
        />
        <Count
          label="Thumbs down"
          value={record.thumbs.down}
          why="Members see the counts; only you and the administrators read the notes."
        />
      </Part>
    </Stack>
  );
}

function Notes({ userId }: { userId: number }) {
  const notes = trpc.record.received.useQuery({ userId });
  if (notes.isLoading) return <LoadingBlock height={32} radius="sm" label="Loading notes" />;
  if (!notes.data) {
    return (
      <LoadErrorAlert
        title="Notes could not be loaded"
        error={notes.error}
        onRetry={() => void notes.refetch()}
        retrying={notes.isFetching}
        retryVariant="light"
      />
    );
  }
  const withNotes = notes.data.filter((thumb) => thumb.note);
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        Notes left with your thumbs
      </Title>
      <Text size="xs" c="dimmed">
        Shown once {NOTE_READERS_MIN_GIVERS} or more members have given you a thumb, without the ride or the date, so
        none points to who wrote it.
      </Text>
      {withNotes.length === 0 ? (
        <Text size="sm" c="dimmed">
          No notes yet.
        </Text>
      ) : (
        <List spacing={6} listStyleType="none" p={0}>
          {withNotes.map((thumb) => (
            <List.Item key={thumb.id}>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {thumb.value === 'up' ? 'Up' : 'Down'}: {thumb.note}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

export function MyRecordCard({ userId }: { userId: number }) {
  const record = useRecord(userId);
  // A thumb's notice leads to /profile#record.
  useHashScroll('record', record.data !== undefined);
  let body;
  if (record.isLoading) body = <LoadingBlock height={96} radius="sm" label="Loading your record" />;
  else if (!record.data) {
    body = (
      <LoadErrorAlert
        title="Your record could not be loaded"
        error={record.error}
        onRetry={() => void record.refetch()}
        retrying={record.isFetching}
        retryVariant="light"
      />
    );
  } else {
    body = (
      <Stack gap="lg">
        <Counts record={record.data} />
        <Notes userId={userId} />
      </Stack>
    );
  }
  return (
    <div id="record">
      <SectionCard
        titleId="record-title"
        title="Your record"
        description="What other members see about you when they decide whether to ride with you, and why each count is there."
      >
        {body}
      </SectionCard>
    </div>
  );
}
