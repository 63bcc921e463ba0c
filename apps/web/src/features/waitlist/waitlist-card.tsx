/**
 * `<WaitlistCard ride={ride} />`: the waitlist of a full ride, for a signed-in member who may wait
 * (the caller decides when it shows). One of three states, read from `ride.waitlist.mine`:
 *
 * - not waiting: 'This Ride Is Full' with the 'Join the waitlist' form (the join form's fields);
 * - waiting: 'You are #N on the waitlist' with 'Leave waitlist';
 * - offered: 'A seat is held for you until <time>' (Singapore time) with 'Accept seat' and 'Decline'.
 *
 * A polite status line announces each new state (joined the line, offered, back in line), and when
 * an action's button went away with the old state (focus dropped to the page), focus moves to the new
 * state's heading, so a keyboard user carries on from the card instead of the top of the page.
 */
import { Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { formatRideDate } from '@rideshare/domain';
import { useEffect, useRef, type Ref } from 'react';

import { AccentCard } from '../../components/accent-card';
import { SubmitButton } from '../../components/submit-button';
import { JoinRideFields } from '../join/join-ride-fields';
import type { RideDetail } from '../../lib/api-types';
import { useJoinWaitlist, useWaitlistActions } from './use-waitlist';

export type WaitlistRide = Pick<RideDetail, 'id' | 'direction' | 'maxPassengers' | 'waitlist'>;
type Standing = NonNullable<RideDetail['waitlist']['mine']>;

function groupWords(count: number): string {
  return count === 1 ? '1 person' : `${String(count)} people`;
}

interface FrameProps {
  title: string;
  color: string;
  headingRef: Ref<HTMLHeadingElement>;
  children: React.ReactNode;
}

function WaitlistFrame({ title, color, headingRef, children }: FrameProps) {
  return (
    <AccentCard titleId="waitlist-title" title={title} color={color} headingRef={headingRef}>
      {children}
    </AccentCard>
  );
}

type CardProps = { ride: WaitlistRide; headingRef: Ref<HTMLHeadingElement> };

function JoinWaitlistForm({ ride, headingRef }: CardProps) {
  const join = useJoinWaitlist(ride);
  const waiting = ride.waitlist.count;
  return (
    <WaitlistFrame title={JOIN_TITLE} color="orange" headingRef={headingRef}>
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

function WaitingCard({ ride, mine, headingRef }: CardProps & { mine: Standing }) {
  const actions = useWaitlistActions(ride.id);
  return (
    <WaitlistFrame title={waitingTitle(mine)} color="blue" headingRef={headingRef}>
      <Text size="sm" c="dimmed">
        Waiting for {groupWords(mine.passengerCount)}. When seats free up for your group you will be offered them for 30
        minutes; this page and your notifications will say so.
      </Text>
      <SubmitButton
        type="button"
        variant="default"
        pending={actions.pending === 'leave'}
        pendingLabel="Leaving..."
        onClick={() => actions.leave()}
      >
        Leave waitlist
      </SubmitButton>
    </WaitlistFrame>
  );
}

function OfferCard({ ride, mine, expiresAt, headingRef }: CardProps & { mine: Standing; expiresAt: string }) {
  const actions = useWaitlistActions(ride.id);
  const busy = actions.pending !== null;
  return (
    <WaitlistFrame title={offerTitle(expiresAt)} color="teal" headingRef={headingRef}>
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
          onClick={() => actions.accept()}
        >
          Accept seat
        </SubmitButton>
        <SubmitButton
          type="button"
          variant="default"
          pending={actions.pending === 'decline'}
          pendingLabel="Declining..."
          disabled={busy}
          onClick={() => actions.leave(true)}
        >
          Decline
        </SubmitButton>
      </Group>
    </WaitlistFrame>
  );
}

const JOIN_TITLE = 'This Ride Is Full';
const waitingTitle = (mine: Standing) => `You are #${String(mine.position)} on the waitlist`;
const offerTitle = (expiresAt: string) => `A seat is held for you until ${formatRideDate(expiresAt)}`;

export function WaitlistCard({ ride }: { ride: WaitlistRide }) {
  const mine = ride.waitlist.mine;
  const headingRef = useRef<HTMLHeadingElement>(null);
  let content: React.ReactNode;
  let title: string;
  if (!mine) {
    title = JOIN_TITLE;
    content = <JoinWaitlistForm ride={ride} headingRef={headingRef} />;
  } else if (mine.offerExpiresAt) {
    title = offerTitle(mine.offerExpiresAt);
    content = <OfferCard ride={ride} mine={mine} expiresAt={mine.offerExpiresAt} headingRef={headingRef} />;
  } else {
    title = waitingTitle(mine);
    content = <WaitingCard ride={ride} mine={mine} headingRef={headingRef} />;
  }

  // A new state whose action button went with the old one: carry focus to the new heading (only
  // when focus was dropped; an offer arriving live never pulls focus from where the user is).
  const shown = useRef(title);
  useEffect(() => {
    if (shown.current === title) return;
    shown.current = title;
    const active = document.activeElement;
    if (active === null || active === document.body) headingRef.current?.focus();
  }, [title]);

  return (
    <div data-testid="waitlist">
      {content}
      <VisuallyHidden role="status" aria-live="polite">
        {title}
      </VisuallyHidden>
    </div>
  );
}
