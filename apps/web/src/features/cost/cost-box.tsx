/**
 * The cost figures of a ride, all from the domain's cost rules (packages/domain cost.ts) and its one
 * price story (price-story.ts, docs/payments.md#price-story), so the card, the detail page and the
 * join screen say the same thing: before the lock "about SGD x each now, SGD y if full", after it the
 * viewer's own share or what joining would cost them ("SGD z if you join"), and nothing at all for
 * a cancelled ride:
 *
 * - `CostBox`: the cost breakdown (docs/product.md#join-screen, docs/product.md#costs-and-constants): Base Cost,
 *   Additional Stops (their count × the ride's stop price, and the amount; only when there are
 *   any), Total Cost, then "Per person now" (total / passengers on board, at least one) and
 *   "Per person if full" (total / seats) side by side.
 * - `JoinShareBox`: on the join screen and the ride page's join card, the ride as it will be once the
 *   viewer's group is on board (one more stop when their location is new, their group added to the
 *   passengers) and their share: before the lock the per-person figure × their group size, now and
 *   if full; after it, the amount the join will charge (docs/payments.md#join-price).
 */
import { Divider, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { costBreakdown, formatSgd, joinCost, type JoinCostRide, type RideCostFigures } from '@rideshare/domain';
import type { ReactNode } from 'react';

import { useClock } from '../../lib/clock';
import { PriceStoryLine, storyOf, type PricedRide } from './price-story-line';
import { useJoinPrice, type JoinGroup } from './use-join-price';

export interface CostBoxProps {
  ride: RideCostFigures & PricedRide;
  /** The viewer's own locked share in SGD (null or left out: none). */
  myShare?: number | null;
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

export function CostBox({ ride, myShare = null, title = 'Cost', ifFullLabel = 'Per Person (if full)' }: CostBoxProps) {
  const clock = useClock();
  const story = storyOf(ride, myShare, clock());
  // A cancelled ride shows no price anywhere.
  if (story.kind === 'none') return null;
  const cost = costBreakdown(ride);
  const onBoard = Math.max(ride.currentPassengers, 1);
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      bg="var(--mantine-color-default-hover)"
      aria-label="Cost breakdown"
      component="section"
    >
      <Stack gap="xs">
        {title === null ? null : (
          <Title order={3} size="h5">
            {title}
          </Title>
        )}
        <BreakdownLines cost={cost} />
        <Divider />
        {story.kind === 'estimate' ? (
          <FigurePair
            figures={[
              { label: 'Per Person (now)', value: formatSgd(story.now, 2), note: `split by ${people(onBoard)}` },
              {
                label: ifFullLabel,
                value: formatSgd(story.ifFull, 2),
                note: `split by ${seats(ride.maxPassengers)}`,
              },
            ]}
          />
        ) : null}
        <PriceStoryLine story={story} />
        <Text size="xs" c="dimmed">
          All amounts in SGD.
        </Text>
      </Stack>
    </Paper>
  );
}

export interface JoinShareBoxProps {
  ride: JoinCostRide & PricedRide & { id: number };
  /**
   * The join form's group: the location typed (a new place adds a stop), the group size (anything
   * below one counts as one) and a picked place's coordinates.
   */
  group: JoinGroup;
}

/** After the lock: what the join will charge the group, from the server's own split. */
function LockedJoinShare({
  ride,
  group,
  people: count,
}: {
  ride: JoinShareBoxProps['ride'];
  group: JoinGroup;
  people: string;
}) {
  const price = useJoinPrice(ride, group);
  const amount = price.data?.amount;
  return (
    <Stack gap={4} aria-live="polite" data-testid="join-price">
      {amount === undefined ? (
        <Text size="sm" c="dimmed">
          {price.isError ? 'Your share could not be worked out just now.' : 'Working out your share…'}
        </Text>
      ) : amount === null ? (
        <Text size="sm" c="dimmed">
          Not enough seats left for {count}.
        </Text>
      ) : (
        <CostLine label={`Your share if you join, for ${count}`} value={formatSgd(amount, 2)} strong />
      )}
      <Text size="xs" c="dimmed" data-testid="join-locked-note">
        Joining splits the total again over everyone on board at once: you owe this straight away, and nobody&apos;s
        share goes up.
      </Text>
    </Stack>
  );
}

/**
 * The join page's one cost box: the ride's price story as every screen tells it, then the ride as it
 * will be with the joiner's group. Before the lock, the per-person figures and their share now and
 * if full; after it, what joining does: the total is split again at once and nobody pays more
 * (docs/payments.md#after-the-lock).
 */
export function JoinShareBox({ ride, group: typed }: JoinShareBoxProps) {
  const story = storyOf(ride);
  const pinned = typed.latitude != null && typed.longitude != null;
  const place = pinned
    ? {
        location: typed.location,
        coordinates: { latitude: Number(typed.latitude), longitude: Number(typed.longitude) },
      }
    : typed.location;
  const { after, addsStop, sameStop, group, onBoard, yourShareNow, yourShareIfFull } = joinCost(
    ride,
    place,
    typed.groupSize,
  );
  if (story.kind === 'none') return null;
  return (
    <Paper withBorder p="md" radius="md" bg="var(--mantine-color-default-hover)" aria-label="Cost" component="section">
      <Stack gap="xs">
        <Title order={3} size="h5">
          Cost
        </Title>
        {/* One seat's join price would only blur the group's own figure below. */}
        {story.kind === 'join' ? null : <PriceStoryLine story={story} />}
        <Text size="xs" c="dimmed" data-testid="join-stop-note">
          {addsStop
            ? `Your location is a new stop: it adds ${formatSgd(after.stopPrice)} to the total.`
            : sameStop
              ? `Same stop as ${sameStop}: your location adds no stop.`
              : 'Your location adds no stop.'}
        </Text>
        <BreakdownLines cost={after} />
        <Divider />
        {story.kind === 'estimate' ? (
          <>
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
                { label: 'Your Cost (estimated)', value: formatSgd(yourShareNow, 2), note: `for ${people(group)}` },
                { label: `Your share if full`, value: formatSgd(yourShareIfFull, 2), note: `for ${people(group)}` },
              ]}
            />
          </>
        ) : (
          <LockedJoinShare ride={ride} group={typed} people={people(group)} />
        )}
      </Stack>
    </Paper>
  );
}
