/**
 * `<SeriesGroupCard rides ... />`: the rides of one weekly series on a page of the rides list, as one
 * card (docs/series.md#list): the series' next ride as a ride card, then 'Weekly · 8 rides · next
 * Sun 6 Dec' and a 'Show all dates' toggle that opens the list of its dates (earliest first), each a
 * link to that ride with its seats taken. "Next" is judged against the app's clock.
 */
import { Anchor, Box, Button, Collapse, Group, Paper, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  formatRideDay,
  formatRideTime,
  isCancelled,
  nextSeriesRide,
  seriesSummary,
  type ViewerStanding,
} from '@rideshare/domain';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { useClock } from '../../lib/clock';
import type { RideCardRide } from '../../lib/api-types';
import { RideCard } from './ride-card';

export interface SeriesGroupCardProps {
  /** The series' rides on this page, in list order (two or more). */
  rides: readonly RideCardRide[];
  viewerId: number | null;
  isVendor?: boolean;
  /** The ids of the rides the viewer has a seat on. */
  joinedIds: ReadonlySet<number>;
  /** The moment "next" and "past" are judged against; tests pin it. */
  now?: Date;
  /** The next ride card's own actions (My Rides: chat, share, edit). */
  actions?: (ride: RideCardRide) => ReactNode;
  /** The viewer's standing on the next ride, as My Rides' cards show it. */
  standing?: (ride: RideCardRide) => ViewerStanding | undefined;
}

function DateLine({ ride }: { ride: RideCardRide }) {
  const seats = `${String(ride.currentPassengers)}/${String(ride.maxPassengers)} seats`;
  return (
    <Box component="li">
      <Anchor component={Link} to={`/rides/${String(ride.id)}`} size="sm">
        {formatRideDay(ride.date)}, {formatRideTime(ride.date)}
      </Anchor>{' '}
      <Text span size="sm" c="dimmed">
        · {isCancelled(ride) ? 'Cancelled' : seats}
      </Text>
    </Box>
  );
}

export function SeriesGroupCard({
  rides,
  viewerId,
  isVendor = false,
  joinedIds,
  now: givenNow,
  actions,
  standing,
}: SeriesGroupCardProps) {
  const clock = useClock();
  const now = givenNow ?? clock();
  const [opened, { toggle }] = useDisclosure(false);
  const datesId = useId();
  const next = nextSeriesRide(rides, now);
  if (!next) return null;
  const summary = seriesSummary(rides, now);
  const byDate = [...rides].sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
  return (
    <Stack gap={0} h="100%" data-testid="series-group" data-series-size={rides.length}>
      <div style={{ flex: 1 }}>
        <RideCard
          ride={next}
          viewerId={viewerId}
          isVendor={isVendor}
          isPassenger={joinedIds.has(next.id)}
          now={now}
          actions={actions?.(next)}
          standing={standing?.(next)}
        />
      </div>
      <Paper withBorder radius="md" p="sm" mt={-4} bg="var(--mantine-color-grape-light)">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm" fw={600} data-testid="series-summary">
            {summary}
          </Text>
          <Button variant="subtle" size="compact-sm" onClick={toggle} aria-expanded={opened} aria-controls={datesId}>
            {opened ? 'Hide dates' : `Show all ${String(rides.length)} dates`}
          </Button>
        </Group>
        <Collapse expanded={opened} keepMounted={false} id={datesId}>
          <Stack
            component="ul"
            gap={4}
            mt="xs"
            pl="md"
            mb={0}
            aria-label={`Dates of this weekly series (${String(rides.length)})`}
          >
            {byDate.map((ride) => (
              <DateLine key={ride.id} ride={ride} />
            ))}
          </Stack>
        </Collapse>
      </Paper>
    </Stack>
  );
}
