/**
 * `<ShareLinks rideId organizer actions />`: the live links family follows (docs/trip-day.md#share)
 * that the viewer may revoke: the organizer sees every link on their ride, with who made it; anyone
 * else their own. Each has a Revoke button; a revoked link stops opening the trip at once.
 */
import { Button, Group, List, Stack, Text } from '@mantine/core';
import { formatRideDate } from '@rideshare/domain';

import { trpc } from '../../lib/trpc';
import type { useTripActions } from './use-trip';

export function ShareLinks({
  rideId,
  organizer,
  revoke,
}: {
  rideId: number;
  organizer: boolean;
  revoke: ReturnType<typeof useTripActions>['revokeLink'];
}) {
  const links = trpc.trip.shares.useQuery({ rideId });
  const rows = links.data ?? [];
  if (rows.length === 0) return null;
  const title = organizer ? 'Links shared for this trip' : 'Your shared links';
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600} id={`trip-links-${String(rideId)}`}>
        {title}
      </Text>
      <List spacing={4} listStyleType="none" p={0} aria-labelledby={`trip-links-${String(rideId)}`}>
        {rows.map((link) => {
          const maker = link.mine ? 'You' : link.madeBy.name;
          return (
            <List.Item key={link.id}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {maker}, {formatRideDate(link.createdAt)}
                </Text>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  disabled={revoke.isPending}
                  aria-label={`Revoke the link ${link.mine ? 'you' : link.madeBy.name} shared at ${formatRideDate(link.createdAt)}`}
                  onClick={() => revoke.mutate({ rideId, linkId: link.id })}
                >
                  Revoke
                </Button>
              </Group>
            </List.Item>
          );
        })}
      </List>
    </Stack>
  );
}
