/**
 * `<WaitlistCard ride={ride} />`: the waitlist of a full ride, for a signed-in member who may wait
 * (the caller decides when it shows). One of three states, read from `ride.waitlist.mine`:
 *
 * - not waiting: 'This Ride Is Full' with the 'Join the waitlist' form (the join form's fields);
 * - waiting: 'You are #N on the waitlist' with 'Leave waitlist';
 * - offered: 'A seat is held for you until <time>' (Singapore time) with 'Accept seat' and 'Decline'.
 *
 * The state sits in a polite live region, so a screen reader hears the change after each action.
 */
import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatRideDate } from '@rideshare/domain';

import { SubmitButton } from '../../components/submit-button';
import { JoinRideFields } from '../join/join-ride-fields';
import type { RideDetail } from '../ride-details/types';
import { useJoinWaitlist, useWaitlistActions } from './use-waitlist';

export type WaitlistRide = Pick<RideDetail, 'id' | 'direction' | 'maxPassengers' | 'waitlist'>;
type Standing = NonNullable<RideDetail['waitlist']['mine']>;

function groupWords(count: number): string {
  return count === 1 ? '1 person' : `${String(count)} people`;
}

function WaitlistFrame({ title, color, children }: { title: string; color: string; children: React.ReactNode }) {
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby="waitlist-title"
      style={{ borderLeft: `4px solid var(--mantine-color-${color}-6)` }}
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="waitlist-title">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

function JoinWaitlistForm({ ride }: { ride: WaitlistRide }) {
  const join = useJoinWaitlist(ride);
  const waiting = ride.waitlist.count;
  return (
    <WaitlistFrame title="This Ride Is Full" color="orange">
      <Text size="sm" c="dimmed">
        There is no room for your group right now.{' '}
        {waiting === 0
          ? 'Nobody is waiting yet.'
          : waiting === 1
            ? '1 group is waiting.'
            : `${String(waiting)} groups are waiting.`}{' '}
        Join the waitlist: when seats free up, the first group in line that fits is offered them for 30 minutes.
      </Text>
      <form onSubmit={join.submit} noValidate aria-label="Join the waitlist">
        <Stack gap="md">
          <JoinRideFields join={join} />
          <SubmitButton pending={join.pending} pendingLabel="Joining waitlist..." fullWidth variant="light">
            Join the waitlist
          </SubmitButton>
        </Stack>
      </form>
    </WaitlistFrame>
  );
}

function WaitingCard({ ride, mine }: { ride: WaitlistRide; mine: Standing }) {
  const actions = useWaitlistActions(ride.id);
  return (
    <WaitlistFrame title={`You are #${String(mine.position)} on the waitlist`} color="blue">
      <Text size="sm" c="dimmed">
        Waiting for {groupWords(mine.passengerCount)}. When seats free up for your group you will be offered them for 30
        minutes; this page and your notifications will say so.
      </Text>
      <SubmitButton
        type="button"
        variant="default"
        pending={actions.pending === 'leave'}
        pendingLabel="Leaving..."
        onClick={() => void actions.leave()}
      >
        Leave waitlist
      </SubmitButton>
    </WaitlistFrame>
  );
}

function OfferCard({ ride, mine, expiresAt }: { ride: WaitlistRide; mine: Standing; expiresAt: string }) {
  const actions = useWaitlistActions(ride.id);
  const busy = actions.pending !== null;
  return (
    <WaitlistFrame title={`A seat is held for you until ${formatRideDate(expiresAt)}`} color="teal">
      <Text size="sm" c="dimmed">
        Seats freed up for your group of {groupWords(mine.passengerCount)}. Accept before then to join the ride, or
        decline so the next person in line gets them.
      </Text>
      <Group gap="sm" grow>
        <SubmitButton
          type="button"
          pending={actions.pending === 'accept'}
          pendingLabel="Accepting..."
          disabled={busy}
          onClick={() => void actions.accept()}
        >
          Accept seat
        </SubmitButton>
        <SubmitButton
          type="button"
          variant="default"
          pending={actions.pending === 'decline'}
          pendingLabel="Declining..."
          disabled={busy}
          onClick={() => void actions.leave(true)}
        >
          Decline
        </SubmitButton>
      </Group>
    </WaitlistFrame>
  );
}

export function WaitlistCard({ ride }: { ride: WaitlistRide }) {
  const mine = ride.waitlist.mine;
  let content: React.ReactNode;
  if (!mine) content = <JoinWaitlistForm ride={ride} />;
  else if (mine.offerExpiresAt) content = <OfferCard ride={ride} mine={mine} expiresAt={mine.offerExpiresAt} />;
  else content = <WaitingCard ride={ride} mine={mine} />;
  return (
    <div aria-live="polite" data-testid="waitlist">
      {content}
    </div>
  );
}
