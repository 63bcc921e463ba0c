/**
 * `<JoinRideCard ride={ride} />`: the join form of the ride detail page (docs/product.md#ride-detail,
 * docs/product.md#join-validation), on `useJoinRide`, with the same cost box as the join screen, so
 * both name the amount the join charges (docs/payments.md#join-price). The caller decides when the card shows (domain
 * `joinEligibility`). A group larger than the seats left is offered the waitlist (`WaitlistInstead`).
 */
import { orderWords } from '@rideshare/domain';
import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

import { JoinShareBox } from '../cost/cost-box';
import { JoinRideButton, JoinRideFields } from '../join/join-ride-fields';
import { useStopChoices } from '../join/stop-choices';
import { joinGroupOf, notifyJoined, useJoinRide } from '../join/use-join-ride';
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
          <JoinShareBox ride={ride} group={joinGroupOf(join.form.values)} />
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
