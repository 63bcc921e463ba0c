/**
 * `<MergeStops>`: the organiser says two stops are one place (docs/product.md#same-stop): "Merge
 * the stop of" one rider "into the stop of" another, confirmed in a dialog, since the ride then
 * counts one stop fewer and the money is split again. Offered once the ride has two stops or more,
 * behind a 'Merge two stops' button;
 * two stops that look alike (domain `looksLikeSameStop`) are chosen to begin with.
 */
import { Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { groupStops, looksLikeSameStop, passengerDisplayName } from '@rideshare/domain';
import { useMemo, useState } from 'react';

import { useConfirm } from '../../components/confirm-action';
import type { PassengerEntry } from '../../lib/api-types';

interface StopOption {
  /** The first entry at the stop (the one the server is sent). */
  id: number;
  name: string;
  location: string;
}

function stopOptions(entries: readonly PassengerEntry[]): StopOption[] {
  const { stopOf } = groupStops(
    entries.map((entry) => ({ location: entry.dropoffLocation, coordinates: entry.coordinates })),
  );
  const seen = new Set<number>();
  const options: StopOption[] = [];
  entries.forEach((entry, index) => {
    const stop = stopOf[index] ?? -1;
    if (stop === -1 || seen.has(stop)) return;
    seen.add(stop);
    options.push({ id: entry.id, name: passengerDisplayName(entry.user), location: entry.dropoffLocation.trim() });
  });
  return options;
}

/** The first two stops that look like one place, else the last two. */
function initialPair(options: readonly StopOption[]): [number, number] {
  for (const [i, a] of options.entries()) {
    const b = options.slice(i + 1).find((other) => looksLikeSameStop(a.location, other.location));
    if (b) return [b.id, a.id];
  }
  return [options.at(-1)?.id ?? 0, options.at(-2)?.id ?? 0];
}

const label = (option: StopOption) => `${option.name}: ${option.location}`;

export interface MergeStopsProps {
  entries: readonly PassengerEntry[];
  disabled: boolean;
  onMerge: (passengerId: number, intoPassengerId: number) => void;
}

export function MergeStops({ entries, disabled, onMerge }: MergeStopsProps) {
  const options = useMemo(() => stopOptions(entries), [entries]);
  const confirm = useConfirm();
  const [chosen, setChosen] = useState<[number, number] | null>(null);
  const [open, setOpen] = useState(false);
  if (options.length < 2) return null;
  if (!open) {
    return (
      <Button
        size="compact-sm"
        variant="subtle"
        aria-expanded={false}
        onClick={() => setOpen(true)}
        style={{ alignSelf: 'flex-start' }}
      >
        Merge two stops
      </Button>
    );
  }
  const [fromId, intoId] = chosen ?? initialPair(options);
  const from = options.find((option) => option.id === fromId);
  const into = options.find((option) => option.id === intoId);
  const data = options.map((option) => ({ value: String(option.id), label: label(option) }));
  return (
    <Stack gap="xs" component="section" aria-label="Merge two stops">
      {confirm.modal}
      <Text size="sm" fw={600}>
        Two names for one place?
      </Text>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <NativeSelect
          size="xs"
          label="Merge the stop of"
          value={String(fromId)}
          data={data}
          disabled={disabled}
          onChange={(event) => setChosen([Number(event.currentTarget.value), intoId])}
          style={{ flex: '1 1 12rem', minWidth: 0 }}
        />
        <NativeSelect
          size="xs"
          label="into the stop of"
          value={String(intoId)}
          data={data}
          disabled={disabled}
          onChange={(event) => setChosen([fromId, Number(event.currentTarget.value)])}
          style={{ flex: '1 1 12rem', minWidth: 0 }}
        />
        <Button
          size="compact-sm"
          variant="light"
          disabled={disabled || !from || !into || fromId === intoId}
          onClick={() =>
            from && into
              ? confirm.ask({
                  title: 'Merge these stops?',
                  message: `${from.name}'s stop (${from.location}) becomes ${into.name}'s stop (${into.location}). The ride counts one stop fewer and the price is split again.`,
                  confirmLabel: 'Merge stops',
                  onConfirm: () => {
                    onMerge(from.id, into.id);
                    setChosen(null);
                    setOpen(false);
                  },
                })
              : undefined
          }
        >
          Merge stops
        </Button>
        <Button size="compact-sm" variant="default" onClick={() => setOpen(false)}>
          Close
        </Button>
      </Group>
    </Stack>
  );
}
