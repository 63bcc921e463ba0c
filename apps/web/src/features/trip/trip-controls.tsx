/**
 * The Trip card's controls (docs/trip-day.md#web): "I'm running late" for riders, and the no-show
 * switches for the organizer and the vendor, kept apart from the stage button in a section of their
 * own so a tap meant for one never lands on the other.
 */
import { Button, Divider, Group, Stack, Switch, Text } from '@mantine/core';
import { LATE_MINUTES, passengerDisplayName } from '@rideshare/domain';
import { useState } from 'react';

import type { PassengerEntry, TripView } from '../../lib/api-types';
import type { useTripActions } from './use-trip';

type TripActions = ReturnType<typeof useTripActions>;

export function LateButtons({ rideId, late }: { rideId: number; late: TripActions['late'] }) {
  const [open, setOpen] = useState(false);
  return (
    <Stack gap="xs">
      <Button
        variant="light"
        color="orange"
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls={`late-choices-${String(rideId)}`}
      >
        I&apos;m running late
      </Button>
      {open ? (
        <Group id={`late-choices-${String(rideId)}`} gap="xs" role="group" aria-label="How late are you running?">
          {LATE_MINUTES.map((minutes) => (
            <Button
              key={minutes}
              variant="default"
              disabled={late.isPending}
              onClick={() => late.mutate({ rideId, minutes }, { onSuccess: () => setOpen(false) })}
            >
              {minutes} minutes
            </Button>
          ))}
        </Group>
      ) : null}
    </Stack>
  );
}

export function NoShows({
  trip,
  rideId,
  creatorId,
  passengers,
  actions: { markNoShow, clearNoShow },
}: {
  trip: TripView;
  rideId: number;
  creatorId: number;
  passengers: readonly PassengerEntry[] | undefined;
  actions: TripActions;
}) {
  const parties = (passengers ?? []).filter((entry) => entry.userId !== creatorId);
  if (parties.length === 0) return null;
  const busy = markNoShow.isPending || clearNoShow.isPending;
  return (
    <Stack gap="xs">
      <Divider mt="md" />
      <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
        <Text component="legend" size="sm" fw={600}>
          Who did not show up?
        </Text>
        {parties.map((entry) => {
          const name = passengerDisplayName(entry.user);
          const marked = trip.noShows.includes(entry.id);
          return (
            <Switch
              key={entry.id}
              label={`${name} did not show up`}
              checked={marked}
              disabled={busy}
              color="red"
              onChange={(event) => {
                const input = { rideId, passengerId: entry.id };
                if (event.currentTarget.checked) markNoShow.mutate(input);
                else clearNoShow.mutate(input);
              }}
            />
          );
        })}
      </Stack>
    </Stack>
  );
}
