/**
 * The "Manage Route Order" pieces of My Rides (docs/product.md#my-rides): one ride's card with
 * 'Share Summary' and its drag / keyboard reorder panel (`SequenceRide`), and a weekly series'
 * orders, its next date's panel with the other dates behind one button (`SeriesSequence`,
 * docs/series.md#list).
 */
import { Button, Card, Collapse, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { directionLabel, formatRideDate, isPast, nextSeriesRide, orderWords, seriesSummary } from '@rideshare/domain';
import { useId } from 'react';
import { Link } from 'react-router-dom';

import type { RideListItem } from '../../lib/api-types';
import { useClock } from '../../lib/clock';
import { SequencePanel } from '../sequence/sequence-panel';
import { ShareButton } from '../share/share-button';

export function SequenceRide({ ride }: { ride: RideListItem }) {
  const now = useClock()();
  const date = formatRideDate(ride.date);
  const headingId = `sequence-ride-${ride.id}`;
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-labelledby={headingId}
      data-ride-id={ride.id}
      style={isPast(ride, now) ? { opacity: 0.75 } : undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={2} style={{ minWidth: 0, flex: '1 1 12rem' }}>
            <Text
              component={Link}
              to={`/rides/${ride.id}`}
              fw={700}
              id={headingId}
              c="var(--mantine-color-text)"
              td="none"
            >
              {directionLabel(ride.direction)}
            </Text>
            <Text size="sm" fw={600}>
              {orderWords(ride.direction).title}
            </Text>
            <Text size="sm" c="dimmed">
              <time dateTime={ride.date}>{date}</time> ·{' '}
              <span style={{ whiteSpace: 'nowrap' }}>
                Passengers {ride.currentPassengers}/{ride.maxPassengers}
              </span>
            </Text>
          </Stack>
          <ShareButton
            ride={ride}
            label="Share Summary"
            summary
            size="xs"
            aria-label={`Share Summary: ${directionLabel(ride.direction)}, ${date}`}
          />
        </Group>
        <SequencePanel ride={ride} />
      </Stack>
    </Card>
  );
}

/**
 * A weekly series' drop-off orders: only its next date's panel, the other dates' behind one button,
 * so seven dates are not seven panels (docs/series.md#list).
 */
export function SeriesSequence({ rides }: { rides: readonly RideListItem[] }) {
  const now = useClock()();
  const [opened, { toggle }] = useDisclosure(false);
  const othersId = useId();
  const next = nextSeriesRide(rides, now);
  if (!next) return null;
  const others = rides.filter((ride) => ride.id !== next.id);
  return (
    <Stack gap="xs" data-testid="series-sequence">
      <SequenceRide ride={next} />
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {seriesSummary(rides, now)}
        </Text>
        <Button variant="subtle" size="compact-sm" onClick={toggle} aria-expanded={opened} aria-controls={othersId}>
          {opened
            ? 'Hide the other dates'
            : `Order the other ${String(others.length)} ${others.length === 1 ? 'date' : 'dates'}`}
        </Button>
      </Group>
      <Collapse expanded={opened} keepMounted={false} id={othersId}>
        <Stack gap="md">
          {others.map((ride) => (
            <SequenceRide key={ride.id} ride={ride} />
          ))}
        </Stack>
      </Collapse>
    </Stack>
  );
}
