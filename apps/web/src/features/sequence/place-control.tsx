/**
 * `<PlaceControl>`: on a locked route order, the organiser's one way to place a late joiner who is
 * "not placed yet" (docs/product.md#late-joiners): a stop number from 1 to one past the placed
 * stops, and a Place button. Placing is once: after it the row is locked like the others.
 */
import { Button, Group, NativeSelect } from '@mantine/core';
import { useId, useState } from 'react';

export interface PlaceControlProps {
  name: string;
  /** How many stop numbers may be chosen (the placed entries plus one). */
  choices: number;
  disabled: boolean;
  onPlace: (sequence: number) => void;
}

export function PlaceControl({ name, choices, disabled, onPlace }: PlaceControlProps) {
  const [sequence, setSequence] = useState(String(choices));
  const id = useId();
  return (
    <Group gap="xs" align="flex-end" wrap="wrap" justify="flex-end">
      <NativeSelect
        id={id}
        size="xs"
        label={`Place ${name} at`}
        value={sequence}
        onChange={(event) => setSequence(event.currentTarget.value)}
        data={Array.from({ length: choices }, (_, index) => ({
          value: String(index + 1),
          label: `Stop #${String(index + 1)}`,
        }))}
        disabled={disabled}
      />
      <Button size="compact-sm" disabled={disabled} onClick={() => onPlace(Number(sequence))}>
        Place
      </Button>
    </Group>
  );
}
