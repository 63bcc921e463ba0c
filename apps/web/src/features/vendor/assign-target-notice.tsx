/**
 * `AssignTargetNotice`: shown on Available Rides when a /vendor?rideId= link names a ride that is
 * not on offer. It looks the ride up and says why it cannot be assigned (already yours, taken by
 * another vendor, departed, completed, or 'Ride not found'), with a link to the ride and, for a
 * ride already assigned to this vendor, a button to My Rides.
 */
import { Alert, Anchor, Button, Group, Loader, Text } from '@mantine/core';
import { Link } from 'react-router-dom';

import { useClock } from '../../lib/clock';
import { errorCode, errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { assignBlocker } from './assign-target';

export interface AssignTargetNoticeProps {
  /** The id from the link; null when the link's value is not an id at all. */
  rideId: number | null;
  vendorId: number;
  onShowMyRides: () => void;
  onRetry: () => void;
}

const TITLE = 'This ride is not available';

export function AssignTargetNotice({ rideId, vendorId, onShowMyRides, onRetry }: AssignTargetNoticeProps) {
  const ride = trpc.ride.byId.useQuery({ id: rideId ?? 0 }, { enabled: rideId !== null });
  const now = useClock()();

  if (rideId !== null && ride.isLoading) {
    return (
      <Group gap="xs" role="status" aria-live="polite">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          Checking the ride you asked for...
        </Text>
      </Group>
    );
  }

  const notFound = rideId === null || errorCode(ride.error) === 'NOT_FOUND';
  const details =
    rideId === null ? null : (
      <Anchor component={Link} to={`/rides/${String(rideId)}`} size="sm">
        View ride details
      </Anchor>
    );

  let body;
  if (notFound) {
    body = <Text size="sm">Ride not found. It may have been deleted, or the link is wrong.</Text>;
  } else if (!ride.data) {
    body = <Text size="sm">{errorMessage(ride.error)}</Text>;
  } else {
    const blocker = assignBlocker(ride.data, vendorId, now);
    body = (
      <Group gap="sm" align="center">
        <Text size="sm">
          {blocker
            ? blocker.message
            : 'This ride is not in the list of available rides yet. Refresh the list to see it.'}
        </Text>
        {blocker?.mine ? (
          <Button size="xs" variant="white" color="yellow" onClick={onShowMyRides}>
            Show My Rides
          </Button>
        ) : null}
        {blocker ? null : (
          <Button size="xs" variant="white" color="yellow" onClick={onRetry}>
            Refresh
          </Button>
        )}
        {details}
      </Group>
    );
  }

  return (
    <Alert color="yellow" variant="light" title={TITLE} role="alert" data-testid="assign-target-notice">
      {body}
    </Alert>
  );
}
