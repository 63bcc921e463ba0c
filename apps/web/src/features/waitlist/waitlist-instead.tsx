/**
 * `<WaitlistInstead ride={ride} join={join} />`: under the join form's fields (ride page card and
 * join screen), the waitlist for a group larger than the seats left when the ride still has some
 * (`useWaitlistInstead`): 'Your group does not fit' with 'Join the waitlist instead', which joins
 * the line with the form's own location and group size. Nothing shows while the group fits. The
 * slot is a polite live region, so a screen reader hears the offer appear as the number is typed.
 */
import { Alert, Stack, Text } from '@mantine/core';

import { SubmitButton } from '../../components/submit-button';
import type { JoinRideForm } from '../join/use-join-ride';
import { useWaitlistInstead } from './use-waitlist';

function seatWords(count: number): string {
  return count === 1 ? '1 seat is' : `${String(count)} seats are`;
}

export function WaitlistInstead({
  ride,
  join,
}: {
  ride: { id: number; maxPassengers: number };
  join: Pick<JoinRideForm, 'form' | 'remaining'>;
}) {
  const instead = useWaitlistInstead(ride, join);
  return (
    <div aria-live="polite" data-testid="waitlist-instead">
      {instead.offered ? (
        <Alert color="orange" variant="light" title="Your group does not fit">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              Only {seatWords(instead.remaining)} left, too few for your group of {instead.groupSize}. Join the waitlist
              instead: when enough seats free up, the first group in line that fits is offered them for 30 minutes.
            </Text>
            <SubmitButton
              type="button"
              variant="white"
              color="orange"
              pending={instead.pending}
              pendingLabel="Joining waitlist..."
              onClick={() => void instead.submit()}
            >
              Join the waitlist instead
            </SubmitButton>
          </Stack>
        </Alert>
      ) : null}
    </div>
  );
}
