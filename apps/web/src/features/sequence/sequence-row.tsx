/**
 * `<SequenceRow>`: one passenger of the route order (drop-offs or pick-ups): a drag handle (hidden once locked), the
 * 'Stop #n' badge, the group size, the name and the stop, and the 'Move up' / 'Move down' buttons
 * (the single-pointer way to reorder, no dragging needed: WCAG 2.2 SC 2.5.7). A locked order shows
 * no move controls at all (docs/product.md#route-order), except the Place control of a late joiner
 * not placed yet (docs/product.md#late-joiners).
 */
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { passengerDisplayName } from '@rideshare/domain';
import { useEffect, useRef } from 'react';

import { GripIcon } from '../../components/icons';
import type { PassengerEntry } from '../../lib/api-types';
import { PlaceControl } from './place-control';
import type { MoveDirection } from './use-sequence';

const people = (count: number): string => `${count} ${count === 1 ? 'passenger' : 'passengers'}`;

const stopLabel = (stop: number | null, unplaced: boolean): string =>
  unplaced ? 'Not placed yet' : stop === null ? 'No stop yet' : `Stop #${String(stop)}`;

export interface SequenceRowProps {
  entry: PassengerEntry;
  /** The entry's stop number as every screen shows it (domain `stopNumbers`), or null. */
  stop: number | null;
  position: number;
  total: number;
  locked: boolean;
  disabled: boolean;
  onMove: (direction: MoveDirection) => void;
  /** The move button that should take the focus once it can (after a move of this row). */
  focusButton: MoveDirection | null;
  onFocused: () => void;
  /** A late joiner of a locked order, waiting to be placed (docs/product.md#late-joiners). */
  unplaced?: boolean;
  /** For an unplaced entry: the stop numbers it may take (1..placed + 1). */
  placeChoices?: number;
  onPlace?: (sequence: number) => void;
}

function MoveButtons({
  name,
  position,
  total,
  locked,
  disabled,
  onMove,
  focusButton,
  onFocused,
}: Omit<SequenceRowProps, 'entry' | 'stop' | 'unplaced' | 'placeChoices' | 'onPlace'> & { name: string }) {
  const up = useRef<HTMLButtonElement>(null);
  const down = useRef<HTMLButtonElement>(null);
  const upDisabled = locked || position <= 1;
  const downDisabled = locked || position >= total;
  useEffect(() => {
    if (focusButton === null || disabled) return;
    const target = focusButton === 'up' ? up.current : down.current;
    if (target && !target.disabled) {
      target.focus();
      onFocused();
    }
  }, [focusButton, disabled, onFocused, position]);
  const buttons = [
    { direction: 'up', ref: up, off: upDisabled, text: 'Move up' },
    { direction: 'down', ref: down, off: downDisabled, text: 'Move down' },
  ] as const;
  return (
    <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
      {buttons.map((button) => (
        <Button
          key={button.direction}
          ref={button.ref}
          size="compact-sm"
          variant="default"
          disabled={button.off}
          // The visible words come first, so a speech-input user can say what they see (WCAG 2.5.3).
          aria-label={`${button.text}: ${name}`}
          onClick={() => onMove(button.direction)}
          data-move={button.direction}
        >
          {button.text}
        </Button>
      ))}
    </Group>
  );
}

export function SequenceRow({ entry, stop, unplaced = false, placeChoices = 1, onPlace, ...row }: SequenceRowProps) {
  const { position, total, locked, disabled } = row;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: entry.id,
    disabled: locked || disabled,
  });
  const name = passengerDisplayName(entry.user);
  return (
    <Paper
      component="li"
      ref={setNodeRef}
      withBorder
      p="sm"
      radius="md"
      shadow={isDragging ? 'md' : undefined}
      data-testid="sequence-row"
      data-passenger-id={entry.id}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
        listStyle: 'none',
      }}
    >
      <Group gap="sm" wrap="nowrap" align="center">
        {!locked && (
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={`Move ${name}, currently stop ${position} of ${total}`}
            style={{ touchAction: 'none', cursor: disabled ? 'progress' : 'grab' }}
            {...attributes}
            {...listeners}
          >
            <GripIcon />
          </ActionIcon>
        )}
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Badge variant={stop === null ? 'outline' : 'filled'} color={unplaced ? 'orange' : undefined}>
              {stopLabel(stop, unplaced)}
            </Badge>
            <Text size="xs" c="dimmed">
              {people(entry.passengerCount)}
            </Text>
          </Group>
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }} data-sequence-name>
            {name}
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {entry.dropoffLocation}
          </Text>
        </Stack>
      </Group>
      {locked ? null : (
        <Group justify="flex-end" mt="xs">
          <MoveButtons name={name} {...row} />
        </Group>
      )}
      {unplaced && onPlace ? (
        <Group justify="flex-end" mt="xs">
          <PlaceControl name={name} choices={placeChoices} disabled={disabled} onPlace={onPlace} />
        </Group>
      ) : null}
    </Paper>
  );
}
