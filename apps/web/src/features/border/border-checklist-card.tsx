/**
 * `BorderChecklistCard` (ride page): for the organiser and the passengers, their own border
 * checklist for this ride (docs/border.md): each item with its status, the day a window opens, why
 * something is a problem, the authority's page, and a tick box for what the rider declares
 * themselves. The organiser and the assigned vendor also see how many riders are ready (counts
 * only). Live updates refresh both when a rider ticks something.
 */
import { Anchor, Badge, Card, Checkbox, Group, List, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { LoadingBlock } from '../../components/loading-block';
import { formatChecklistDay, type ChecklistStatus } from '@rideshare/domain';
import { Link } from 'react-router-dom';

import { LoadErrorAlert } from '../../components/load-error-alert';
import { trpc } from '../../lib/trpc';
import type { RideDetail } from '../../lib/api-types';
import { useTickChecklist } from './use-travel';

const STATUS: Record<ChecklistStatus, { label: string; color: string }> = {
  done: { label: 'Done', color: 'green' },
  todo: { label: 'To do', color: 'yellow' },
  'not-yet-open': { label: 'Not yet open', color: 'gray' },
  problem: { label: 'Problem', color: 'red' },
};

/** "4 of 5 riders ready". */
export function readinessText(readiness: { ready: number; total: number }): string {
  return `${String(readiness.ready)} of ${String(readiness.total)} rider${readiness.total === 1 ? '' : 's'} ready`;
}

function ChecklistItems({ rideId }: { rideId: number }) {
  const checklist = trpc.travel.checklist.useQuery({ rideId });
  const tick = useTickChecklist(rideId);

  if (checklist.isLoading) return <LoadingBlock height={120} radius="md" label="Loading your checklist..." />;
  if (checklist.error || !checklist.data) {
    return (
      <LoadErrorAlert
        title="Could not load your checklist"
        error={checklist.error}
        onRetry={() => void checklist.refetch()}
        retrying={checklist.isFetching}
        retryVariant="light"
      />
    );
  }
  if (!checklist.data.profileSet) {
    return (
      <Text size="sm">
        Add your travel documents on your{' '}
        <Anchor component={Link} to="/profile">
          profile
        </Anchor>{' '}
        to see what you need for this crossing.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600} data-testid="border-checklist-summary">
        {checklist.data.ready ? 'You are ready for the crossing' : 'Something is still to do'}
      </Text>
      <List listStyleType="none" spacing="sm" aria-label="Your border checklist" data-testid="border-checklist">
        {checklist.data.items.map((item) => {
          // An optional item left undone is not something still to do.
          const status =
            !item.required && item.status === 'todo' ? { label: 'Optional', color: 'gray' } : STATUS[item.status];
          const detailId = `checklist-${item.id}-detail`;
          const pendingHere = tick.isPending && tick.variables.item === item.id;
          return (
            <List.Item key={item.id} data-testid={`checklist-item-${item.id}`} data-status={item.status}>
              <Stack gap={4}>
                <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                  {item.selfDeclared ? (
                    <Checkbox
                      style={{ flex: 1 }}
                      label={item.title}
                      checked={item.status === 'done'}
                      disabled={pendingHere || item.status === 'not-yet-open'}
                      aria-describedby={detailId}
                      onChange={(event) => tick.mutate({ rideId, item: item.id, done: event.currentTarget.checked })}
                    />
                  ) : (
                    <Text size="sm" style={{ flex: 1 }}>
                      {item.title}
                    </Text>
                  )}
                  <Badge color={status.color} variant="light" style={{ flexShrink: 0 }}>
                    {status.label}
                  </Badge>
                </Group>
                <Stack gap={2} id={detailId} pl={item.selfDeclared ? 30 : 0}>
                  {item.opensOn && item.status === 'not-yet-open' ? (
                    <Text size="xs">You can submit it from {formatChecklistDay(item.opensOn)}.</Text>
                  ) : null}
                  {item.reason ? (
                    <Text size="xs" c={item.status === 'problem' ? 'red.8' : undefined}>
                      {item.reason}
                    </Text>
                  ) : null}
                  <Anchor href={item.link} target="_blank" rel="noopener noreferrer" size="xs">
                    Official page<VisuallyHidden> for {item.title} (opens in a new tab)</VisuallyHidden>
                  </Anchor>
                </Stack>
              </Stack>
            </List.Item>
          );
        })}
      </List>
    </Stack>
  );
}

export function BorderChecklistCard({ ride, inParty }: { ride: RideDetail; inParty: boolean }) {
  if (!inParty && ride.readiness === null) return null;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="border-checklist-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="border-checklist-title">
          Border checklist
        </Title>
        {ride.readiness ? (
          <Text fw={600} data-testid="border-readiness" role="status" aria-live="polite">
            {readinessText(ride.readiness)}
          </Text>
        ) : null}
        {inParty ? <ChecklistItems rideId={ride.id} /> : null}
        <Text size="xs" c="dimmed">
          Reminders, not legal advice: the authorities&apos; pages decide. See the{' '}
          <Anchor component={Link} to="/guide#border-rules" size="xs">
            travel guide
          </Anchor>
          .
        </Text>
      </Stack>
    </Card>
  );
}
