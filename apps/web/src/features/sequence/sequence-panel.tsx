/**
 * `<SequencePanel ride={ride} />`: the organiser's route order (docs/product.md#route-order): the
 * drop-offs of a Forest City to Singapore ride, the pick-ups of a Singapore to Forest City ride.
 *
 * - Lists the passengers in route order (numbered stops first, the unnumbered last), one
 *   `SequenceRow` each; the state and the moves are `useSequence`'s.
 * - Reorder by dragging a row's handle, or from the keyboard: focus the handle, Space/Enter to pick
 *   up, arrow keys to move, Space/Enter to drop, Escape to cancel; screen readers hear each step.
 *   Or with each row's 'Move up' / 'Move down' buttons, announced in a polite live region
 *   ('Ann moved to stop 2 of 4').
 * - 'Lock Sequence' fixes the order; a locked ride can no longer be reordered and the button is gone.
 * - In a locked order, a late joiner shows 'Not placed yet' with a Place control, used once
 *   (docs/product.md#late-joiners).
 * - 'Merge stops' makes two stops one place, after a confirmation (docs/product.md#same-stop).
 */
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Modifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Button, Group, Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
import { isUnplaced, orderWords, stopNumbers } from '@rideshare/domain';
import { useMemo } from 'react';

import { useConfirm } from '../../components/confirm-action';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { LockIcon } from '../../components/icons';
import { MergeStops } from './merge-stops';
import { SequenceRow } from './sequence-row';
import { useSequence, type SequencePanelRide } from './use-sequence';

export type { SequencePanelRide } from './use-sequence';

export interface SequencePanelProps {
  ride: SequencePanelRide;
}

const SEQUENCE_INSTRUCTIONS =
  'To move a passenger, focus its handle and press Space or Enter to pick it up. Use the Up and Down arrow keys to move it, Space or Enter to drop it, or Escape to cancel.';

/** Rows only move up and down. */
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

export function SequencePanel({ ride }: SequencePanelProps) {
  const sequence = useSequence(ride);
  const confirm = useConfirm();
  const { passengers, entries, locked, moving, focusRequest } = sequence;
  // The numbers every screen shows: one place, one stop (docs/product.md#same-stop).
  const stops = useMemo(() => stopNumbers(entries), [entries]);
  const words = orderWords(ride.direction);
  const placedCount = entries.filter((entry) => !isUnplaced(locked, entry)).length;

  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so a tap on the handle stays a tap.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  if (passengers.isLoading) {
    return (
      <Group gap="xs" role="status" aria-live="polite" py="sm">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          Loading passengers...
        </Text>
      </Group>
    );
  }

  if (passengers.isError) {
    return (
      <LoadErrorAlert
        title="Could not load passengers"
        error={passengers.error}
        onRetry={() => void passengers.refetch()}
        retryVariant="light"
      />
    );
  }

  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed" py="sm">
        No passengers have joined this ride yet.
      </Text>
    );
  }

  return (
    <Stack gap="sm">
      {confirm.modal}
      <Text size="sm" c="dimmed">
        {locked
          ? `The ${words.title.toLowerCase()} is locked.`
          : `Drag the handles, use the keyboard, or press Move up / Move down to set the order the car ${
              ride.direction === 'SG->FC' ? 'picks passengers up' : 'drops passengers off'
            }.`}
      </Text>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        modifiers={[verticalOnly]}
        onDragEnd={sequence.onDragEnd}
        accessibility={{
          announcements: sequence.announcements,
          screenReaderInstructions: { draggable: SEQUENCE_INSTRUCTIONS },
        }}
      >
        <SortableContext
          items={entries.map((entry) => entry.id)}
          strategy={verticalListSortingStrategy}
          disabled={locked || moving}
        >
          <Stack
            component="ol"
            gap="xs"
            p={0}
            m={0}
            aria-label={ride.direction === 'SG->FC' ? 'Pick-up sequence' : 'Drop-off sequence'}
            aria-busy={moving}
          >
            {entries.map((entry, index) => (
              <SequenceRow
                key={entry.id}
                entry={entry}
                stop={stops.get(entry.id) ?? null}
                position={index + 1}
                total={entries.length}
                locked={locked}
                disabled={moving}
                onMove={(direction) => sequence.onMoveButton(index, direction)}
                focusButton={focusRequest?.id === entry.id ? focusRequest.button : null}
                onFocused={sequence.clearFocusRequest}
                unplaced={isUnplaced(locked, entry)}
                placeChoices={placedCount + 1}
                onPlace={(stop) => sequence.onPlace(entry.id, stop)}
              />
            ))}
          </Stack>
        </SortableContext>
      </DndContext>
      <MergeStops entries={entries} disabled={moving || sequence.merging} onMerge={sequence.onMerge} />
      <VisuallyHidden role="status" aria-live="polite" data-testid="sequence-move-status">
        {sequence.moveMessage}
      </VisuallyHidden>
      {locked ? (
        <Group gap={6}>
          <LockIcon size={16} />
          <Text size="sm" fw={600}>
            Sequence locked
          </Text>
        </Group>
      ) : (
        <Group gap="sm" wrap="wrap">
          <Button
            variant="light"
            leftSection={<LockIcon size={16} />}
            loading={sequence.locking}
            disabled={moving}
            onClick={() =>
              confirm.ask({
                title: `Lock the ${words.title.toLowerCase()}?`,
                message: `The driver will ${
                  ride.direction === 'SG->FC' ? 'pick passengers up' : 'drop passengers off'
                } in this order. Once locked, nobody can reorder it, and it cannot be unlocked. Anyone who joins later at a new place waits for you to place them.`,
                confirmLabel: 'Lock Sequence',
                onConfirm: sequence.onLock,
              })
            }
          >
            Lock Sequence
          </Button>
          <Text size="xs" c="dimmed">
            Locking fixes this order for the driver; it cannot be changed afterwards.
          </Text>
        </Group>
      )}
    </Stack>
  );
}
