/**
 * `<ThumbsAdminCard />`: on the admin page, the newest thumbs with who gave them to whom and their
 * notes (docs/record.md#moderation); Remove takes a thumb and its note away for good.
 */
import { Badge, Button, Group, List, Stack, Text } from '@mantine/core';
import { LoadingBlock } from '../../components/loading-block';
import { directionLabel, formatRideDateOnly } from '@rideshare/domain';

import { LoadErrorAlert } from '../../components/load-error-alert';
import { SectionCard } from '../../components/section-card';
import { trpc } from '../../lib/trpc';
import { useRemoveThumb } from './use-record';

export function ThumbsAdminCard() {
  const thumbs = trpc.record.adminList.useQuery();
  const remove = useRemoveThumb();
  let body;
  if (thumbs.isLoading) body = <LoadingBlock height={64} radius="sm" label="Loading thumbs" />;
  else if (!thumbs.data) {
    body = (
      <LoadErrorAlert
        title="Thumbs could not be loaded"
        error={thumbs.error}
        onRetry={() => void thumbs.refetch()}
        retrying={thumbs.isFetching}
        retryVariant="light"
      />
    );
  } else if (thumbs.data.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        No thumbs yet.
      </Text>
    );
  } else {
    body = (
      <List spacing="sm" listStyleType="none" p={0}>
        {thumbs.data.map((thumb) => (
          <List.Item key={thumb.id} data-testid="admin-thumb">
            <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Group gap={6}>
                  <Badge color={thumb.value === 'up' ? 'green' : 'red'} variant="light">
                    {thumb.value === 'up' ? 'Up' : 'Down'}
                  </Badge>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {thumb.rater.name} → {thumb.subject.name}
                  </Text>
                </Group>
                {thumb.note ? (
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {thumb.note}
                  </Text>
                ) : null}
                <Text size="xs" c="dimmed">
                  Ride {directionLabel(thumb.rideDirection)}, {formatRideDateOnly(thumb.rideDate)}
                </Text>
              </Stack>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                style={{ flexShrink: 0 }}
                loading={remove.isPending && remove.variables.ratingId === thumb.id}
                aria-label={`Remove the thumb ${thumb.rater.name} gave ${thumb.subject.name}`}
                onClick={() => remove.mutate({ ratingId: thumb.id })}
              >
                Remove
              </Button>
            </Group>
          </List.Item>
        ))}
      </List>
    );
  }
  return (
    <SectionCard
      titleId="thumbs-admin-title"
      title="Thumbs"
      description="The newest thumbs members gave each other. Remove one (and its note) that breaks the community's rules."
    >
      {body}
    </SectionCard>
  );
}
