/**
 * `CostBox`: the cost breakdown of a ride (SPEC §2 "Join screen", §9): Base Cost, Additional Stops
 * (their count and amount, only when there are any), Total Cost, and Your Cost (estimated), the
 * total split over every seat of a full ride. All amounts in SGD, computed by the domain's
 * `costBreakdown`, so the join page and the ride detail page show the same numbers.
 */
import { Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { ADDITIONAL_STOP_FEE, costBreakdown, formatSgd, type RideCostInput } from '@rideshare/domain';
import type { ReactNode } from 'react';

export interface CostBoxProps {
  ride: RideCostInput & { maxPassengers: number };
  /** Heading above the lines; `null` for none (when the surrounding card already has one). */
  title?: ReactNode;
  /** Label of the per-person line. */
  perPersonLabel?: ReactNode;
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

export function CostBox({ ride, title = 'Cost', perPersonLabel = 'Your Cost (estimated)' }: CostBoxProps) {
  const cost = costBreakdown(ride);
  const stopsLabel = `Additional Stops (${cost.additionalStops} × ${formatSgd(ADDITIONAL_STOP_FEE)})`;
  return (
    <Paper withBorder p="md" radius="md" bg="gray.0" aria-label="Cost breakdown" component="section">
      <Stack gap="xs">
        {title === null ? null : (
          <Title order={3} size="h5">
            {title}
          </Title>
        )}
        <CostLine label="Base Cost" value={formatSgd(cost.baseCost)} />
        {cost.additionalStops > 0 ? <CostLine label={stopsLabel} value={formatSgd(cost.additionalStopsCost)} /> : null}
        <CostLine label="Total Cost" value={formatSgd(cost.total)} strong />
        <Divider />
        <CostLine label={perPersonLabel} value={formatSgd(cost.perPersonEstimate, 2)} strong />
        <Text size="xs" c="dimmed">
          Split evenly across {ride.maxPassengers} {ride.maxPassengers === 1 ? 'seat' : 'seats'} when the ride is full.
          All amounts in SGD.
        </Text>
      </Stack>
    </Paper>
  );
}
