/**
 * One stop per place on the join form (docs/product.md#same-stop):
 *
 * - `useStopChoices(rideId)`: the ride's stops, one per place, each with its first rider's name
 *   (domain `stopChoices`), from the passenger list; none while it loads or when it cannot be read.
 * - `<StopChoices choices form />`: before the free-text field, one button per stop ('Same stop as
 *   Ben: Clementi MRT Exit B') that puts that stop's place in the field.
 * - `<LookalikeWarning choices form />`: under the field, a warning when the typed place looks like
 *   an existing stop without being typed as it (domain `lookalikeStop`), with a button to use it.
 */
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  lookalikeStop,
  passengerDisplayName,
  sortBySequence,
  stopChoiceLabel,
  stopChoices,
  type StopChoice,
} from '@rideshare/domain';
import { useMemo } from 'react';

import { trpc } from '../../lib/trpc';
import type { JoinFormState } from './use-join-ride';

export function useStopChoices(rideId: number): StopChoice[] {
  const passengers = trpc.passenger.list.useQuery({ rideId }, { retry: false });
  return useMemo(
    () =>
      stopChoices(
        sortBySequence(passengers.data ?? []).map((entry) => ({
          location: entry.dropoffLocation,
          name: passengerDisplayName(entry.user),
        })),
      ),
    [passengers.data],
  );
}

type JoinFormLike = UseFormReturnType<JoinFormState>;

function useStop(form: JoinFormLike, choice: StopChoice) {
  return () => {
    form.setFieldValue('dropoffLocation', choice.location);
    form.setFieldValue('picked', null);
  };
}

function ChoiceButton({ form, choice }: { form: JoinFormLike; choice: StopChoice }) {
  const use = useStop(form, choice);
  const chosen = form.values.dropoffLocation.trim() === choice.location;
  return (
    <Button
      size="compact-sm"
      variant={chosen ? 'filled' : 'light'}
      aria-pressed={chosen}
      onClick={use}
      styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
      h="auto"
      py={4}
    >
      {stopChoiceLabel(choice)}
    </Button>
  );
}

export function StopChoices({ choices, form }: { choices: readonly StopChoice[]; form: JoinFormLike }) {
  if (choices.length === 0) return null;
  return (
    <Stack gap={4} component="section" aria-label="Existing stops">
      <Text size="sm" fw={500}>
        Existing stops on this ride
      </Text>
      <Group gap="xs" wrap="wrap">
        {choices.map((choice) => (
          <ChoiceButton key={choice.location} form={form} choice={choice} />
        ))}
      </Group>
      <Text size="xs" c="dimmed">
        Or type another place below.
      </Text>
    </Stack>
  );
}

export function LookalikeWarning({ choices, form }: { choices: readonly StopChoice[]; form: JoinFormLike }) {
  const match = lookalikeStop(form.values.dropoffLocation, choices);
  if (!match) return null;
  return <Warning form={form} match={match} />;
}

function Warning({ form, match }: { form: JoinFormLike; match: StopChoice }) {
  const use = useStop(form, match);
  return (
    <Alert color="yellow" variant="light" title="This looks like an existing stop">
      <Stack gap="xs">
        <Text size="sm">
          {match.name}&apos;s stop is {match.location}. Typed differently, yours counts as another stop and adds to the
          price.
        </Text>
        <Button size="compact-sm" variant="default" onClick={use} style={{ alignSelf: 'flex-start' }}>
          Use {match.name}&apos;s stop
        </Button>
      </Stack>
    </Alert>
  );
}
