/**
 * `<TripCard ride viewer passengers />`: the day of the trip on the ride page (docs/trip-day.md#web),
 * for the ride's party while the trip window is open:
 *
 * - the stage timeline with the time each stage was reached (Singapore time);
 * - for the organizer and the assigned vendor, one big button for the next stage, and Undo for the
 *   one who posted the newest stage within 10 minutes; after departure, a no-show switch per party;
 * - for riders, "I'm running late" with 5, 10, 15 and 30 minutes (until the car departs);
 * - for everyone in the party, "Share trip" (copies a link family can follow).
 *
 * It follows `trip.changed` live events (through `trip.get`), so other members' taps show without a
 * reload. Loading and error states included.
 */
import { Alert, Badge, Box, Button, Group, Stack, Switch, Text } from '@mantine/core';
import { LoadingBlock } from '../../components/loading-block';
import {
  formatRideTime,
  LATE_MINUTES,
  nextStage,
  passengerDisplayName,
  STAGE_UNDO_MINUTES,
  stageIndex,
  stageLabel,
  type Crossing,
  type Direction,
  type TripStage,
} from '@rideshare/domain';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';

import { SectionCard } from '../../components/section-card';
import { useClock } from '../../lib/clock';
import { trpc } from '../../lib/trpc';
import type { PassengerEntry, TripView } from '../../lib/api-types';
import { StageTimeline } from './stage-timeline';
import { TripLoadError } from './trip-load-error';
import { useTripActions } from './use-trip';

export interface TripCardProps {
  ride: { id: number; direction: Direction; crossing: Crossing; creatorId: number };
  /** The signed-in member, of the ride's party. */
  viewerId: number;
  /** The organizer or the approved assigned vendor: posts stages and no-shows. */
  crew: boolean;
  /** Has a seat on the ride (the organizer too): may say they are running late. */
  rider: boolean;
  passengers: readonly PassengerEntry[] | undefined;
}

const DEPARTED = stageIndex('departed');

type TripActions = ReturnType<typeof useTripActions>;

function LateButtons({ rideId, late }: { rideId: number; late: TripActions['late'] }) {
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

function NoShows({
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
  );
}

export function TripCard({ ride, viewerId, crew, rider, passengers }: TripCardProps) {
  const query = trpc.trip.get.useQuery({ rideId: ride.id });
  const actions = useTripActions(ride.id);
  const now = useClock()();
  const location = useLocation();
  const loaded = query.data !== undefined;
  // Opened from the manifest's link (#trip): bring the card into view once it is there.
  useEffect(() => {
    if (location.hash === '#trip' && loaded) document.getElementById('trip')?.scrollIntoView({ block: 'start' });
  }, [location.hash, loaded]);

  const labelOf = (stage: TripStage) => stageLabel(stage, ride.direction, ride.crossing);
  const trip = query.data;
  const current = trip?.current ?? null;
  const next = nextStage(current);
  const last = trip?.stages.at(-1);
  const canUndo =
    crew &&
    last !== undefined &&
    last.stage !== 'arrived' &&
    last.by.id === viewerId &&
    now.getTime() - new Date(last.at).getTime() <= STAGE_UNDO_MINUTES * 60_000;
  const departed = current !== null && stageIndex(current) >= DEPARTED;

  return (
    <Box id="trip" style={{ scrollMarginTop: 80 }}>
      <SectionCard
        titleId="trip-card-title"
        title="Trip"
        description="Where the car is, checkpoint by checkpoint. Times are Singapore time."
        aside={
          current ? (
            <Badge color={current === 'arrived' ? 'green' : 'teal'} variant="light" data-testid="trip-current">
              {labelOf(current)}
            </Badge>
          ) : (
            <Badge color="gray" variant="light" data-testid="trip-current">
              Not started
            </Badge>
          )
        }
      >
        {query.isLoading ? (
          <LoadingBlock height={180} radius="md" label="Loading the trip..." />
        ) : query.error || !trip ? (
          <TripLoadError query={query} />
        ) : (
          <Stack gap="md">
            <StageTimeline stages={trip.stages} current={trip.current} labelOf={labelOf} />
            {trip.late.length > 0 ? (
              <Alert color="orange" variant="light" title="Running late" data-testid="trip-late">
                <Stack gap={2}>
                  {trip.late.map((row) => (
                    <Text size="sm" key={row.userId}>
                      {row.name}: {row.minutes} minutes late (said at {formatRideTime(row.at)})
                    </Text>
                  ))}
                </Stack>
              </Alert>
            ) : null}
            {crew && next ? (
              <Button
                size="xl"
                fullWidth
                loading={actions.stage.isPending}
                onClick={() => actions.stage.mutate({ rideId: ride.id, stage: next })}
                aria-label={`Next stage: ${labelOf(next)}`}
                styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 } }}
                h="auto"
                py="sm"
              >
                {labelOf(next)}
              </Button>
            ) : null}
            {canUndo ? (
              <Button
                variant="subtle"
                size="xs"
                loading={actions.undo.isPending}
                onClick={() => actions.undo.mutate({ rideId: ride.id })}
              >
                Undo &quot;{last.label}&quot;
              </Button>
            ) : null}
            {rider && !departed ? <LateButtons rideId={ride.id} late={actions.late} /> : null}
            {crew && departed ? (
              <NoShows
                trip={trip}
                rideId={ride.id}
                creatorId={ride.creatorId}
                passengers={passengers}
                actions={actions}
              />
            ) : null}
            <Button
              variant="default"
              loading={actions.share.isPending}
              onClick={() => actions.share.mutate({ rideId: ride.id })}
            >
              Share trip
            </Button>
          </Stack>
        )}
      </SectionCard>
    </Box>
  );
}
