/**
 * `AlertsCard` (profile; docs/alerts.md#web): the member's ride alerts, each with Delete. With none,
 * it points to the rides list, where "Notify me of rides like this" makes one. Loading, failed
 * (with Try again) and empty states; a deletion is announced through a polite live region.
 */
import { Anchor, Badge, Button, Group, Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
import { describeAlertWindow, directionLabel, isAlertLive, parseClockTime } from '@rideshare/domain';
import { useState } from 'react';
import { Link } from 'react-router-dom';

import { LoadErrorAlert } from '../../components/load-error-alert';
import { SectionCard } from '../../components/section-card';
import { trpc } from '../../lib/trpc';
import { useClock } from '../../lib/clock';
import type { RideAlert } from '../../lib/api-types';
import { useDeleteAlert } from './use-alerts';

/** One of the member's alerts, as `alert.list` answers it. */

function windowText(alert: RideAlert): string {
  return describeAlertWindow({
    fromDate: alert.fromDate,
    toDate: alert.toDate,
    weekdays: alert.weekdays,
    earliestMinute: alert.earliestTime === null ? null : parseClockTime(alert.earliestTime),
    latestMinute: alert.latestTime === null ? null : parseClockTime(alert.latestTime),
  });
}

export function AlertsCard() {
  const alerts = trpc.alert.list.useQuery();
  const remove = useDeleteAlert();
  const [announcement, setAnnouncement] = useState('');
  const now = useClock()();

  const deleteAlert = (alert: RideAlert) => {
    remove.mutate(
      { id: alert.id },
      { onSuccess: () => setAnnouncement(`Alert for ${directionLabel(alert.direction)} rides deleted.`) },
    );
  };

  let body;
  if (alerts.isLoading) {
    body = (
      <Group gap="xs" role="status" aria-label="Loading ride alerts...">
        <Loader size="sm" />
        <Text size="sm">Loading ride alerts...</Text>
      </Group>
    );
  } else if (alerts.error || !alerts.data) {
    body = (
      <LoadErrorAlert
        title="Could not load your ride alerts"
        error={alerts.error}
        onRetry={() => void alerts.refetch()}
        retrying={alerts.isFetching}
        retryVariant="light"
      />
    );
  } else if (alerts.data.length === 0) {
    body = (
      <Text size="sm">
        You have no ride alerts. On the{' '}
        <Anchor component={Link} to="/home">
          rides list
        </Anchor>
        , choose &ldquo;Notify me of rides like this&rdquo; to hear when a ride you want appears.
      </Text>
    );
  } else {
    body = (
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Your ride alerts">
        {alerts.data.map((alert) => (
          <Group key={alert.id} component="li" justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
            <Stack gap={2}>
              <Group gap="xs">
                <Text fw={600} size="sm">
                  {directionLabel(alert.direction)}
                </Text>
                {isAlertLive(alert, now) ? null : (
                  <Badge color="gray" variant="light" size="sm">
                    Ended
                  </Badge>
                )}
              </Group>
              <Text size="sm" c="dimmed">
                {windowText(alert)}
              </Text>
            </Stack>
            <Button
              size="xs"
              variant="light"
              color="red"
              onClick={() => deleteAlert(alert)}
              loading={remove.isPending && remove.variables.id === alert.id}
              aria-label={`Delete alert: ${directionLabel(alert.direction)}, ${windowText(alert)}`}
            >
              Delete
            </Button>
          </Group>
        ))}
      </Stack>
    );
  }

  return (
    <SectionCard
      titleId="ride-alerts-title"
      title="Ride alerts"
      description="You get a notification when a ride matching one of these is created."
    >
      {body}
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
    </SectionCard>
  );
}
