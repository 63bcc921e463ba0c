/**
 * The ride form's optional minimum (docs/payments.md#minimum): the ride shows "needs N more to go"
 * until this many are on board, and the organiser is told when it is reached. Blank: no minimum.
 */
import { NumberInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { MAX_PASSENGERS, MIN_PASSENGERS } from '@rideshare/domain';

import type { RideFormState } from './ride-form-texts';

export function MinPassengersField({ form }: { form: UseFormReturnType<RideFormState> }) {
  const max = Number(form.values.maxPassengers) || MAX_PASSENGERS;
  return (
    <NumberInput
      {...form.getInputProps('minPassengers')}
      name="minPassengers"
      label="Minimum Passengers to Go (optional)"
      description="The ride shows how many more it needs until this many are on board"
      min={MIN_PASSENGERS}
      max={max}
      allowDecimal={false}
      allowNegative={false}
    />
  );
}
