/**
 * `<TripCard ride viewer passengers />`: the day of the trip on the ride page (docs/trip-day.md#web),
 * for the ride's party while the trip window is open:
 *
 * - the stage timeline with the time each stage was reached (Singapore time);
 * - for the organizer and the assigned vendor, one big button for the next stage ("Mark: At Tuas
 *   Checkpoint"; "Arrived" asks first, as it completes the ride), and Undo for the one who posted
 *   the newest stage within 10 minutes; after departure, a no-show switch per party, in a section
 *   of its own below the rest;
 * - for riders, "I'm running late" with 5, 10, 15 and 30 minutes (until the car departs), and a
 *   rider marked as not showing up is told so on the card;
 * - for everyone in the party, "Share trip" (copies a link family can follow) and the live links
 *   they may revoke (the organizer: every link on the ride).
 *
 * It follows `trip.changed` live events (through `trip.get`), so other members' taps show without a
 * reload. Loading and error states included.
 */
import { Alert, Badge, Box, Button, Stack, Text } from '@mantine/core';
import { LoadingBlock } from '../../components/loading-block';
import {
  DEFAULT_TRIP_DEPART_EARLY_MINUTES,
  formatRideTime,
  nextStage,
  STAGE_UNDO_MINUTES,
  stageIndex,
  stageLabel,
  stageOpensAt,
  type Crossing,
  type Direction,
  type TripStage,
} from '@rideshare/domain';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

import { useConfirm } from '../../components/confirm-action';
import { SectionCard } from '../../components/section-card';
import { useClock } from '../../lib/clock';
import { trpc } from '../../lib/trpc';
import type { PassengerEntry } from '../../lib/api-types';
import { ShareLinks } from './share-links';
import { StageTimeline } from './stage-timeline';
import { LateButtons, NoShows } from './trip-controls';
import { TripLoadError } from './trip-load-error';
import { useTripActions } from './use-trip';

export interface TripCardProps {
  ride: { id: number; direction: Direction; crossing: Crossing; creatorId: number; date: string };
  /** TRIP_DEPART_EARLY_MINUTES (config.get): from when `departed` may be marked (docs/trip-day.md#clock). */
  departEarlyMinutes?: number;
  /** The signed-in member, of the ride's party. */
  viewerId: number;
  /** The organizer or the approved assigned vendor: posts stages and no-shows. */
  crew: boolean;
  /** Has a seat on the ride (the organizer too): may say they are running late. */
  rider: boolean;
  passengers: readonly PassengerEntry[] | undefined;
}

const DEPARTED = stageIndex('departed');

export function TripCard({
  ride,
  viewerId,
  crew,
  rider,
  passengers,
  departEarlyMinutes = DEFAULT_TRIP_DEPART_EARLY_MINUTES,
}: TripCardProps) {
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
    last.by.id === viewerId &&
    now.getTime() - new Date(last.at).getTime() <= STAGE_UNDO_MINUTES * 60_000;
  const departed = current !== null && stageIndex(current) >= DEPARTED;
  // The next stage may wait for the clock (docs/trip-day.md#clock): say from when, in Singapore time.
  const opensAt = next ? stageOpensAt(next, ride.date, departEarlyMinutes) : null;
  const tooEarly = opensAt !== null && now.getTime() < opensAt.getTime();
  const confirm = useConfirm();
  const ownEntry = passengers?.find((entry) => entry.userId === viewerId);
  const markedNoShow = ownEntry !== undefined && (trip?.noShows.includes(ownEntry.id) ?? false);
  const post = (stage: TripStage) => {
    const run = () => actions.stage.mutate({ rideId: ride.id, stage });
    if (stage !== 'arrived') {
      run();
      return;
    }
    // Arriving completes the ride and opens thumbs: asked once (docs/trip-day.md#arrived).
    confirm.ask({
      title: 'Mark the trip as arrived?',
      message: `This completes the ride and tells everyone on it. You can take it back within ${String(STAGE_UNDO_MINUTES)} minutes.`,
      confirmLabel: `Mark: ${labelOf(stage)}`,
      onConfirm: run,
    });
  };

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
            {markedNoShow ? (
              <Alert color="red" variant="light" title="You were marked as not showing up" data-testid="trip-no-show">
                The organizer or the driver marked your party as not showing up for this ride. If that is wrong, say so
                in the ride chat: they can take it back.
              </Alert>
            ) : null}
            {crew && next ? (
              <Button
                size="xl"
                fullWidth
                loading={actions.stage.isPending}
                onClick={() => post(next)}
                styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 } }}
                h="auto"
                py="sm"
              >
                Mark: {labelOf(next)}
              </Button>
            ) : null}
            {crew && next && tooEarly ? (
              <Text size="sm" c="dimmed" ta="center" data-testid="trip-stage-opens">
                “{labelOf(next)}” can be marked from {formatRideTime(opensAt.toISOString())}
                {next === 'arrived'
                  ? ', the departure time.'
                  : `, ${String(departEarlyMinutes)} minutes before departure.`}
              </Text>
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
            <Button
              variant="default"
              loading={actions.share.isPending}
              onClick={() => actions.share.mutate({ rideId: ride.id })}
            >
              Share trip
            </Button>
            <ShareLinks rideId={ride.id} organizer={viewerId === ride.creatorId} revoke={actions.revokeLink} />
            {crew && departed ? (
              <NoShows
                trip={trip}
                rideId={ride.id}
                creatorId={ride.creatorId}
                passengers={passengers}
                actions={actions}
              />
            ) : null}
          </Stack>
        )}
      </SectionCard>
      {confirm.modal}
    </Box>
  );
}
