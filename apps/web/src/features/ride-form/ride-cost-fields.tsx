/**
 * `RideCostFields`: the ride form's Cost card (docs/decisions.md#decisions): the base cost of the ride
 * (SGD 1..1000, 80 pre-filled) and the price of one additional stop (SGD 0..100, 5 pre-filled),
 * with the travel guide's recommended drivers' prices as a hint. Checked by the domain's
 * `rideFormSchema` like every other field; the total the ride shows is
 * cost + additional stops × stop price (domain `totalCost`).
 */
import { Card, NumberInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  formatSgd,
  MAX_RIDE_COST,
  MAX_STOP_PRICE,
  MIN_RIDE_COST,
  MIN_STOP_PRICE,
  RECOMMENDED_DRIVER_PRICES,
} from '@rideshare/domain';
import type { ReactNode } from 'react';

import type { RideFormState } from './ride-form-texts';

/** 'Recommended drivers: SGD 75 a trip + SGD 5 a stop, or SGD 80 a trip + SGD 10 a stop.' */
export const RECOMMENDED_PRICES_HINT = `Recommended drivers (see the Travel Guide): ${RECOMMENDED_DRIVER_PRICES.map(
  (driver) => `${formatSgd(driver.trip)} a trip + ${formatSgd(driver.perStop)} a stop`,
).join(', or ')}.`;

/** `children`: more fields for the card's end (the ride form's minimum passengers). */
export function RideCostFields({ form, children }: { form: UseFormReturnType<RideFormState>; children?: ReactNode }) {
  return (
    <Card withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="ride-cost-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="ride-cost-title">
          Cost
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NumberInput
            {...form.getInputProps('cost')}
            name="cost"
            label="Base Cost (SGD)"
            description={`The whole car, from ${MIN_RIDE_COST} to ${MAX_RIDE_COST}`}
            min={MIN_RIDE_COST}
            max={MAX_RIDE_COST}
            allowDecimal={false}
            allowNegative={false}
            required
          />
          <NumberInput
            {...form.getInputProps('stopPrice')}
            name="stopPrice"
            label="Price per Additional Stop (SGD)"
            description={`Each stop after the first, from ${MIN_STOP_PRICE} to ${MAX_STOP_PRICE}`}
            min={MIN_STOP_PRICE}
            max={MAX_STOP_PRICE}
            allowDecimal={false}
            allowNegative={false}
            required
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed" data-testid="recommended-prices">
          {RECOMMENDED_PRICES_HINT} The total is split between everyone on board.
        </Text>
        {children}
      </Stack>
    </Card>
  );
}
