/**
 * The cost figures of a ride, all from the domain's cost rules (packages/domain cost.ts), so the
 * card, the detail page and the join screen show the same numbers:
 *
 * - `CostBox`: the cost breakdown (docs/product.md#join-screen, docs/product.md#costs-and-constants): Base Cost,
 *   Additional Stops (their count × the ride's stop price, and the amount; only when there are
 *   any), Total Cost, then "Per person now" (total / passengers on board, at least one) and
 *   "Per person if full" (total / seats) side by side.
 * - `JoinShareBox`: on the join screen, the ride as it will be once the viewer's group is on board
 *   (one more stop when their location is new, their group added to the passengers) and their
 *   share: the per-person figure × their group size, now and if full.
 */
import { Divider, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { costBreakdown, formatSgd, joinCost, type JoinCostRide, type RideCostFigures } from '@rideshare/domain';
import type { ReactNode } from 'react';

export interface CostBoxProps {
  ride: RideCostFigures;
  /** Heading above the lines; `null` for none (when the surrounding card already has one). */
  title?: ReactNode;
  /** Label of the if-full figure: the join screen reads it as the spec's 'Your Cost (estimated)'. */
  ifFullLabel?: string;
}

function CostLine({ label, value, strong = false }: { label: ReactNode; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" data-cost-line>
      <Text size="sm" fw={strong ? 700 : 400} c={strong ? undefined : 'dimmed'}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
}

/** Two figures next to each other (they stay side by side on a phone too: they are short). */
function FigurePair({ figures }: { figures: readonly { label: string; value: string; note: string }[] }) {
  return (
    <SimpleGrid cols={2} spacing="sm">
      {figures.map((figure) => (
        <Stack key={figure.label} gap={0} data-cost-figure>
          <Text size="xs" c="dimmed">
            {figure.label}
          </Text>
          <Text size="md" fw={700} style={{ whiteSpace: 'nowrap' }}>
            {figure.value}
          </Text>
          <Text size="xs" c="dimmed">
            {figure.note}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

const people = (count: number) => `${count} ${count === 1 ? 'person' : 'people'}`;
const seats = (count: number) => `${count} ${count === 1 ? 'seat' : 'seats'}`;

function BreakdownLines({ cost }: { cost: ReturnType<typeof costBreakdown> }) {
  const stopsLabel = `Additional Stops (${cost.additionalStops} × ${formatSgd(cost.stopPrice)})`;
  return (
    <>
      <CostLine label="Base Cost" value={formatSgd(cost.baseCost)} />
      {cost.additionalStops > 0 ? <CostLine label={stopsLabel} value={formatSgd(cost.additionalStopsCost)} /> : null}
      <CostLine label="Total Cost" value={formatSgd(cost.total)} strong />
    </>
  );
}

export function CostBox({ ride, title = 'Cost', ifFullLabel = 'Per Person (if full)' }: CostBoxProps) {
  const cost = costBreakdown(ride);
  const onBoard = Math.max(ride.currentPassengers, 1);
  return (
    <Paper withBorder p="md" radius="md" bg="gray.0" aria-label="Cost breakdown" component="section">
      <Stack gap="xs">
        {title === null ? null : (
          <Title order={3} size="h5">
            {title}
          </Title>
        )}
        <BreakdownLines cost={cost} />
        <Divider />
        <FigurePair
          figures={[
            { label: 'Per Person (now)', value: formatSgd(cost.perPersonNow, 2), note: `split by ${people(onBoard)}` },
            {
              label: ifFullLabel,
              value: formatSgd(cost.perPersonIfFull, 2),
              note: `split by ${seats(ride.maxPassengers)}`,
            },
          ]}
        />
        <Text size="xs" c="dimmed">
          All amounts in SGD.
        </Text>
      </Stack>
    </Paper>
  );
}

export interface JoinShareBoxProps {
  ride: JoinCostRide;
  /** The location typed in the join form (a new place adds a stop). */
  location: string;
  /** The group size typed in the join form; anything below one counts as one. */
  groupSize: number;
}

export function JoinShareBox({ ride, location, groupSize }: JoinShareBoxProps) {
  const { after, addsStop, sameStop, group, onBoard, yourShareNow, yourShareIfFull } = joinCost(
    ride,
    location,
    groupSize,
  );
  return (
    <Paper withBorder p="md" radius="md" bg="gray.0" aria-label="Your share" component="section">
      <Stack gap="xs">
        <Title order={3} size="h5">
          Your share
        </Title>
        <Text size="xs" c="dimmed" data-testid="join-stop-note">
          {addsStop
            ? `Your location is a new stop: it adds ${formatSgd(after.stopPrice)} to the total.`
            : sameStop
              ? `Same stop as ${sameStop}: your location adds no stop.`
              : 'Your location adds no stop.'}
        </Text>
        <BreakdownLines cost={after} />
        <Divider />
        <FigurePair
          figures={[
            {
              label: 'Per Person (now)',
              value: formatSgd(after.perPersonNow, 2),
              note: `with you, ${people(onBoard)}`,
            },
            {
              label: 'Per Person (if full)',
              value: formatSgd(after.perPersonIfFull, 2),
              note: `split by ${seats(ride.maxPassengers)}`,
            },
          ]}
        />
        <FigurePair
          figures={[
            { label: `Your share now`, value: formatSgd(yourShareNow, 2), note: `for ${people(group)}` },
            { label: `Your share if full`, value: formatSgd(yourShareIfFull, 2), note: `for ${people(group)}` },
          ]}
        />
      </Stack>
    </Paper>
  );
}
