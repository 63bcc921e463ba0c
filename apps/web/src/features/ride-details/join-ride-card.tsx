/**
 * `<JoinRideCard ride={ride} />`: the join form of the ride detail page (docs/product.md#ride-detail,
 * docs/product.md#join-validation), on `useJoinRide`. The caller decides when the card shows (domain
 * `joinEligibility`). A group larger than the seats left is offered the waitlist (`WaitlistInstead`).
 */
import { orderWords } from '@rideshare/domain';
import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

import { JoinRideButton, JoinRideFields } from '../join/join-ride-fields';
import { useStopChoices } from '../join/stop-choices';
import { notifyJoined, useJoinRide } from '../join/use-join-ride';
import { WaitlistInstead } from '../waitlist/waitlist-instead';
import type { RideDetail } from '../../lib/api-types';

export function JoinRideCard({ ride }: { ride: RideDetail }) {
  const join = useJoinRide(ride, { onJoined: notifyJoined });
  const stops = useStopChoices(ride.id);
  const { remaining } = join;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="join-ride-title">
      <form onSubmit={join.submit} noValidate>
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2} size="h4" id="join-ride-title">
              Join This Ride
            </Title>
            <Text size="sm" c="dimmed">
              {remaining} {remaining === 1 ? 'spot' : 'spots'} remaining.
            </Text>
          </Stack>
          <JoinRideFields join={join} stops={stops} />
          <WaitlistInstead ride={ride} join={join} />
          <Text size="xs" c="dimmed">
            The organizer sets the {orderWords(ride.direction).title.toLowerCase()}.
          </Text>
          <JoinRideButton pending={join.pending} />
          <Text size="xs" c="dimmed" ta="center">
            Prefer to pick the place on a map?{' '}
            <Anchor component={Link} to={`/rides/${ride.id}/join`} size="xs">
              Open the join screen
            </Anchor>
          </Text>
        </Stack>
      </form>
    </Card>
  );
}
