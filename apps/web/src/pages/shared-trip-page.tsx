/**
 * /t/:token: a shared trip, for family following without an account (docs/trip-day.md#share). No
 * app navigation: the route sits outside the app's layout. It refreshes itself every 30 seconds
 * and shows only what the public answer carries: the route, the date, the stages and the car, never
 * a name, number or address. A lapsed, revoked or unknown link says so.
 */
import { Alert, Badge, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { LoadingBlock } from '../components/loading-block';
import { CROSSING_LABELS, directionLabel, formatRideDate, stageLabel } from '@rideshare/domain';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';

import { StageTimeline } from '../features/trip/stage-timeline';
import { TripLoadError } from '../features/trip/trip-load-error';
import { errorCode } from '../lib/errors';
import { trpc } from '../lib/trpc';

/** How often the page asks again, in milliseconds. */
export const SHARED_TRIP_REFRESH_MS = 30_000;

export function SharedTripPage() {
  const token = useParams().token ?? '';
  const query = trpc.trip.public.useQuery(
    { token },
    { refetchInterval: SHARED_TRIP_REFRESH_MS, refetchIntervalInBackground: false, retry: false },
  );
  useEffect(() => {
    document.title = 'Trip · SG ↔ Forest City rides';
  }, []);
  const trip = query.data;
  const gone = errorCode(query.error) === 'NOT_FOUND' || errorCode(query.error) === 'BAD_REQUEST';

  return (
    <Container size={560} px="md" py="lg">
      <Stack gap="md" component="main">
        <Title order={1} size="h2">
          Following a trip
        </Title>
        {query.isLoading ? (
          <LoadingBlock height={280} radius="md" label="Loading the trip..." />
        ) : gone ? (
          <Alert color="gray" variant="light" title="This link has ended">
            The trip is over, or whoever shared it took the link back.
          </Alert>
        ) : query.error || !trip ? (
          <TripLoadError query={query} />
        ) : (
          <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="shared-trip-title">
            <Stack gap="md">
              <Stack gap={4}>
                <Group justify="space-between" gap="xs">
                  <Title order={2} size="h3" id="shared-trip-title">
                    {directionLabel(trip.direction)}
                  </Title>
                  <Badge
                    color={trip.current === 'arrived' ? 'green' : 'teal'}
                    variant="light"
                    data-testid="shared-current"
                  >
                    {trip.current ? stageLabel(trip.current, trip.direction, trip.crossing) : 'Not started'}
                  </Badge>
                </Group>
                <Text size="sm">Departure {formatRideDate(trip.date)} (Singapore time)</Text>
                <Text size="sm" c="dimmed">
                  Via the {CROSSING_LABELS[trip.crossing]}
                </Text>
                {trip.vehicle ? (
                  <Text size="sm" data-testid="shared-vehicle">
                    Car: {[trip.vehicle.company, trip.vehicle.carNumber].filter(Boolean).join(' · ')}
                  </Text>
                ) : null}
              </Stack>
              <StageTimeline
                stages={trip.stages}
                current={trip.current}
                labelOf={(stage) => stageLabel(stage, trip.direction, trip.crossing)}
              />
              <Text size="xs" c="dimmed">
                This page updates by itself every 30 seconds.
              </Text>
            </Stack>
          </Card>
        )}
      </Stack>
    </Container>
  );
}
