/**
 * Cancelling a ride (docs/features.md#cancelling-a-ride):
 *
 * - `<CancelRideButton ride />`: the organiser's 'Cancel Ride' button on the detail page. It opens a
 *   modal asking for the reason (1..300 characters, checked with the domain's
 *   `cancelRideFormSchema`, so the messages are the server's); 'Cancel Ride' confirms and reads
 *   'Cancelling...' meanwhile. Done: toast 'Ride cancelled', the modal closes and every view of
 *   the ride refreshes (the page then shows the banner). A refusal shows the server's message.
 * - `<CancelledRideBanner ride />`: 'Cancelled by the organizer' with the organiser's reason, shown
 *   wherever the ride is shown on its own (detail and join pages).
 */
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { cancelRideFormSchema, MAX_CANCEL_REASON_LENGTH, type CancelRideFormValues } from '@rideshare/domain';
import { useState } from 'react';

import { SubmitButton } from '../../components/submit-button';
import { focusFirstInvalid, zodResolver } from '../../lib/form';
import { useSeriesCancel } from '../series/series-scope';
import { useCancelRide } from './use-cancel-ride';

const FORM_NAME = 'cancel-ride';

export function CancelledRideBanner({ ride }: { ride: { cancelReason: string | null } }) {
  return (
    <Alert color="red" variant="light" title="Cancelled by the organizer" data-testid="cancelled-banner">
      <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {ride.cancelReason ? `Reason: ${ride.cancelReason}` : 'The organizer cancelled this ride.'}
      </Text>
    </Alert>
  );
}

export function CancelRideButton({ ride }: { ride: { id: number; seriesId?: number | null } }) {
  const [opened, setOpened] = useState(false);
  const form = useForm<CancelRideFormValues>({
    name: FORM_NAME,
    mode: 'controlled',
    initialValues: { reason: '' },
    validateInputOnBlur: true,
    validate: zodResolver(cancelRideFormSchema),
  });
  // After a refusal too, the ride is read again: it may have changed meanwhile (cancelled elsewhere, departed).
  const { cancel, cancelSeries } = useCancelRide(form, FORM_NAME);
  // docs/series.md#this-and-following: a series ride asks "This ride" or "This and following rides".
  const series = useSeriesCancel(ride, cancelSeries);
  const pending = cancel.isPending || series.isPending;

  const close = () => {
    if (pending) return;
    setOpened(false);
    form.reset();
    series.reset();
  };

  const submit = form.onSubmit(
    (values) => {
      const following = series.following;
      const run = following ? series.run(values.reason) : cancel.mutateAsync({ id: ride.id, reason: values.reason });
      run.then(
        () => {
          setOpened(false);
          form.reset();
          series.reset();
        },
        // The refusal is told by the mutation's own options; the modal stays open.
        () => undefined,
      );
    },
    (errors) => focusFirstInvalid(errors, FORM_NAME),
  );

  return (
    <>
      <Button color="red" variant="light" onClick={() => setOpened(true)}>
        Cancel Ride
      </Button>
      <Modal opened={opened} onClose={close} title="Cancel this ride?" centered>
        <form onSubmit={submit} noValidate aria-label="Cancel ride">
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              Everyone who joined keeps their place in the ride&apos;s history and sees that it was cancelled, with your
              reason; everyone on the ride is told at once. A cancelled ride cannot be joined, edited or assigned, and
              this cannot be undone.
            </Text>
            {series.choice}
            <Textarea
              label="Reason"
              description={`Up to ${MAX_CANCEL_REASON_LENGTH} characters`}
              placeholder="e.g., The car is no longer available"
              autosize
              minRows={3}
              maxRows={6}
              required
              data-autofocus
              {...form.getInputProps('reason')}
            />
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={close} disabled={pending}>
                Keep Ride
              </Button>
              <SubmitButton color="red" pending={pending} pendingLabel="Cancelling...">
                Cancel Ride
              </SubmitButton>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
