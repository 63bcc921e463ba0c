/**
 * `<CoRiderNumbersNote ride viewerId hoursBefore now? />`: on the Passengers tab of a ride the viewer
 * rides on (not organises), before the riders' contacts window opens, says when the co-riders' phone
 * numbers will show and that the ride chat is where to talk until then (docs/vendors.md#contacts).
 * Renders nothing for the organiser, once the window is open, or on a past ride.
 */
import { Alert, Anchor, Text } from '@mantine/core';
import { contactsWindowOpensAt, formatRideDate } from '@rideshare/domain';
import { Link } from 'react-router-dom';

import { useClock } from '../../lib/clock';
import type { RideDetail } from '../../lib/api-types';

export interface CoRiderNumbersNoteProps {
  ride: Pick<RideDetail, 'id' | 'date' | 'creatorId'>;
  viewerId: number;
  /** RIDER_CONTACTS_HOURS_BEFORE, from `config.get`. */
  hoursBefore: number;
  now?: Date;
}

export function CoRiderNumbersNote({ ride, viewerId, hoursBefore, now: givenNow }: CoRiderNumbersNoteProps) {
  const clock = useClock();
  const now = givenNow ?? clock();
  if (viewerId === ride.creatorId) return null;
  const opensAt = contactsWindowOpensAt(ride.date, hoursBefore);
  if (now.getTime() >= opensAt.getTime()) return null;
  return (
    <Alert
      variant="light"
      color="blue"
      title="Phone numbers show closer to the trip"
      data-testid="co-rider-numbers-note"
    >
      <Text size="sm">
        Your co-riders&apos; phone numbers show from {formatRideDate(opensAt)} ({hoursBefore} hours before departure).
        Until then, talk to them in the{' '}
        <Anchor component={Link} to={`/rides/${String(ride.id)}?tab=chat`} size="sm">
          ride chat
        </Anchor>
        .
      </Text>
    </Alert>
  );
}
