/**
 * `<JoinRideCard ride={ride} onRefreshRide={...} />`: the join form of the ride detail page (SPEC §2
 * "Ride detail", §5 "Join (detail page)"). 'Number of Passengers' (at least 1, at most the spots
 * left) and the passenger's pick-up (SG->FC) or drop-off (FC->SG) location, checked on blur with the
 * domain's `joinFormSchema(remaining)`. On submit the ride is read again, so a seat taken meanwhile
 * reads 'Only {n} spots remaining' instead of a failed call; the server checks the same rule.
 * The caller decides when the card shows (domain `joinEligibility`).
 */
import { Anchor, Card, NumberInput, Stack, Text, Textarea, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { joinFormSchema, spotsRemaining, type JoinFormValues } from '@rideshare/domain';
import { useRef } from 'react';
import { Link } from 'react-router-dom';

import { SubmitButton } from '../../components/submit-button';
import { fieldErrors, showApiError } from '../../lib/errors';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { useRefreshRide } from '../../lib/use-refresh-ride';
import type { RideDetail } from './types';

export interface JoinRideCardProps {
  ride: RideDetail;
  /** Reads the ride again from the server and resolves with the fresh copy (or null). */
  reloadRide: () => Promise<RideDetail | null>;
}

type FormValues = { passengerCount: JoinFormValues['passengerCount']; dropoffLocation: string };

export function locationLabelFor(direction: string): string {
  return direction === 'FC->SG' ? 'Drop-off Location' : 'Pick-up Location';
}

export function JoinRideCard({ ride, reloadRide }: JoinRideCardProps) {
  const remaining = spotsRemaining(ride);
  // The form validates with the seats left now, not when it was first drawn.
  const remainingRef = useRef(remaining);
  remainingRef.current = remaining;

  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: { passengerCount: 1, dropoffLocation: '' },
    validateInputOnBlur: true,
    validate: (values) => schemaResolver(joinFormSchema(remainingRef.current), { sync: true })(values),
  });
  const join = trpc.passenger.join.useMutation();
  const refreshRide = useRefreshRide();
  const locationLabel = locationLabelFor(ride.direction);

  const onSubmit = form.onSubmit(async (values) => {
    const parsed = joinFormSchema(remainingRef.current).safeParse(values);
    if (!parsed.success) return;
    const { passengerCount, dropoffLocation } = parsed.data;

    const latest = (await reloadRide()) ?? ride;
    const nowRemaining = spotsRemaining(latest);
    if (nowRemaining < passengerCount) {
      const message = `Only ${nowRemaining} spots remaining`;
      form.setFieldError('passengerCount', message);
      notifyError('Error', message);
      return;
    }

    try {
      await join.mutateAsync({ rideId: ride.id, dropoffLocation, passengerCount });
    } catch (error) {
      form.setErrors(fieldErrors(error));
      showApiError(error);
      return;
    }
    notifySuccess('Success', 'You have joined the ride');
    form.reset();
    await refreshRide();
  });

  const pending = join.isPending || form.submitting;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="join-ride-title">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2} size="h4" id="join-ride-title">
              Join This Ride
            </Title>
            <Text size="sm" c="dimmed">
              {remaining} {remaining === 1 ? 'spot' : 'spots'} remaining.
            </Text>
          </Stack>
          <NumberInput
            label="Number of Passengers"
            description="Everyone travelling in your group, you included"
            min={1}
            max={Math.max(remaining, 1)}
            step={1}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            required
            key={form.key('passengerCount')}
            {...form.getInputProps('passengerCount')}
          />
          <Textarea
            label={locationLabel}
            placeholder={ride.direction === 'FC->SG' ? 'e.g., Tampines Mall' : 'e.g., Pasir Ris MRT'}
            autosize
            minRows={2}
            maxRows={6}
            required
            key={form.key('dropoffLocation')}
            {...form.getInputProps('dropoffLocation')}
          />
          {ride.direction === 'FC->SG' ? (
            <Text size="xs" c="dimmed">
              The organizer sets the drop-off sequence.
            </Text>
          ) : null}
          {/* Pressing the button would first blur the focused field, whose on-blur message then
              pushes the button down before the mouse is released, and the click is lost. Keeping
              focus where it is makes one press submit (and show every message) at once. */}
          <div onMouseDown={(event) => event.preventDefault()}>
            <SubmitButton pending={pending} pendingLabel="Joining..." fullWidth>
              Join Ride
            </SubmitButton>
          </div>
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
