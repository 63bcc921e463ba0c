/**
 * `<SequencePanel ride={ride} />`: the organiser's drop-off order for a Forest City to Singapore
 * ride (docs/product.md#drop-off-sequence).
 *
 * - Loads the ride's passengers and lists them in drop-off order (domain `sortBySequence`: numbered
 *   stops first, the unnumbered last), each with its 'Stop #n' badge.
 * - Reorder by dragging a row's handle, or from the keyboard: focus the handle, Space/Enter to pick
 *   up, arrow keys to move, Space/Enter to drop, Escape to cancel; screen readers hear each step.
 * - Or, with a single pointer and no dragging (WCAG 2.2 SC 2.5.7), with each row's 'Move up' /
 *   'Move down' buttons: disabled at the ends and when the order is locked. Each move is announced
 *   in a polite live region ('Ann moved to stop 2 of 4'); the moved row keeps the focus (on the
 *   other button when it reached an end).
 * - A drop or a button move renumbers everyone from 1 at once (domain `moveAndRenumber`), then sends
 *   the moved passenger's new stop (the same `sequence.set` call either way); the server's answer
 *   replaces the list, a refusal puts the old one back.
 * - 'Lock Sequence' fixes the order; a locked ride (its `sequenceLocked` flag, or a lock made here)
 *   can no longer be reordered and the button is gone.
 */
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type Modifier,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Badge, Button, Group, Loader, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { RouterOutputs } from '@rideshare/api';
import { moveAndRenumber, passengerDisplayName, sortBySequence } from '@rideshare/domain';
import { useEffect, useMemo, useRef, useState } from 'react';

import { LoadErrorAlert } from '../../components/load-error-alert';
import { showApiError } from '../../lib/errors';
import { notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { useRefreshRide } from '../../lib/use-refresh-ride';
import { GripIcon, LockIcon } from '../../components/icons';

type MoveDirection = 'up' | 'down';

export type SequenceEntry = RouterOutputs['passenger']['list'][number];

/** What the panel needs of a ride; any ride summary from the API fits. */
export interface SequencePanelRide {
  id: number;
  sequenceLocked?: boolean | null;
}

export interface SequencePanelProps {
  ride: SequencePanelRide;
}

const SEQUENCE_INSTRUCTIONS =
  'To move a passenger, focus its handle and press Space or Enter to pick it up. Use the Up and Down arrow keys to move it, Space or Enter to drop it, or Escape to cancel.';

/** Rows only move up and down. */
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

const people = (count: number): string => `${count} ${count === 1 ? 'passenger' : 'passengers'}`;

function stopLabel(entry: SequenceEntry): string {
  return typeof entry.dropoffSequence === 'number' ? `Stop #${entry.dropoffSequence}` : 'No stop yet';
}

interface RowProps {
  entry: SequenceEntry;
  position: number;
  total: number;
  locked: boolean;
  disabled: boolean;
  onMove: (direction: MoveDirection) => void;
  /** The move button that should take the focus once it can (after a move of this row). */
  focusButton: MoveDirection | null;
  onFocused: () => void;
}

/** 'Move up' and 'Move down': the single-pointer way to reorder, no dragging needed. */
function MoveButtons({
  name,
  position,
  total,
  locked,
  disabled,
  onMove,
  focusButton,
  onFocused,
}: Omit<RowProps, 'entry'> & { name: string }) {
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

function SequenceRow({ entry, position, total, locked, disabled, onMove, focusButton, onFocused }: RowProps) {
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
            <Badge variant={typeof entry.dropoffSequence === 'number' ? 'filled' : 'outline'}>{stopLabel(entry)}</Badge>
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
      <Group justify="flex-end" mt="xs">
        <MoveButtons
          name={name}
          position={position}
          total={total}
          locked={locked}
          disabled={disabled}
          onMove={onMove}
          focusButton={focusButton}
          onFocused={onFocused}
        />
      </Group>
    </Paper>
  );
}

function buildAnnouncements(entries: readonly SequenceEntry[]): Announcements {
  const total = entries.length;
  const nameOf = (id: UniqueIdentifier): string => passengerDisplayName(entries.find((entry) => entry.id === id)?.user);
  const stopOf = (id: UniqueIdentifier): number => entries.findIndex((entry) => entry.id === id) + 1;
  return {
    onDragStart: ({ active }) =>
      `Picked up ${nameOf(active.id)}, stop ${stopOf(active.id)} of ${total}. Use the Up and Down arrow keys to move, Space or Enter to drop, Escape to cancel.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} is over stop ${stopOf(over.id)} of ${total}.`
        : `${nameOf(active.id)} is no longer over a stop.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} dropped at stop ${stopOf(over.id)} of ${total}.`
        : `${nameOf(active.id)} dropped; the order is unchanged.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled. It stays at stop ${stopOf(active.id)}.`,
  };
}

export function SequencePanel({ ride }: SequencePanelProps) {
  const rideId = ride.id;
  const utils = trpc.useUtils();
  const refreshRide = useRefreshRide();
  const passengers = trpc.passenger.list.useQuery({ rideId });
  const [lockedHere, setLockedHere] = useState(false);
  const locked = ride.sequenceLocked === true || lockedHere;

  const setSequence = trpc.sequence.set.useMutation();
  const lockSequence = trpc.sequence.lock.useMutation();

  const entries = useMemo(() => sortBySequence(passengers.data ?? []), [passengers.data]);
  const announcements = useMemo(() => buildAnnouncements(entries), [entries]);
  /** What the live region last said about a button move. */
  const [moveMessage, setMoveMessage] = useState('');
  const [focusRequest, setFocusRequest] = useState<{ id: number; button: MoveDirection } | null>(null);
  const clearFocusRequest = useMemo(() => () => setFocusRequest(null), []);

  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so a tap on the handle stays a tap.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  /** Moves one passenger to another place in the list: shown at once, then sent as its new stop. */
  const move = (fromIndex: number, toIndex: number, onRefused?: () => void): boolean => {
    const moved = entries[fromIndex];
    if (
      locked ||
      setSequence.isPending ||
      fromIndex === toIndex ||
      !moved ||
      toIndex < 0 ||
      toIndex >= entries.length
    ) {
      return false;
    }
    const previous = passengers.data;
    utils.passenger.list.setData({ rideId }, moveAndRenumber(entries, fromIndex, toIndex));
    setSequence.mutate(
      { rideId, passengerId: moved.id, sequence: toIndex + 1 },
      {
        onSuccess: (saved) => {
          utils.passenger.list.setData({ rideId }, saved);
          notifySuccess('Success', 'Passenger sequence updated');
        },
        onError: (error) => {
          utils.passenger.list.setData({ rideId }, previous);
          showApiError(error);
          onRefused?.();
          void refreshRide();
        },
      },
    );
    return true;
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(
      entries.findIndex((entry) => entry.id === active.id),
      entries.findIndex((entry) => entry.id === over.id),
    );
  };

  const onMoveButton = (index: number, direction: MoveDirection) => {
    const entry = entries[index];
    const toIndex = direction === 'up' ? index - 1 : index + 1;
    if (!entry) return;
    const name = passengerDisplayName(entry.user);
    const moved = move(index, toIndex, () =>
      setMoveMessage(`${name} could not be moved; the order is back as it was.`),
    );
    if (!moved) return;
    setMoveMessage(`${name} moved to stop ${toIndex + 1} of ${entries.length}`);
    // Keep the focus on the moved row; at an end the pressed button is disabled, so use the other.
    const atEnd = direction === 'up' ? toIndex === 0 : toIndex === entries.length - 1;
    setFocusRequest({ id: entry.id, button: atEnd ? (direction === 'up' ? 'down' : 'up') : direction });
  };

  const onLock = () => {
    lockSequence.mutate(
      { rideId },
      {
        onSuccess: (saved) => {
          setLockedHere(true);
          utils.passenger.list.setData({ rideId }, saved);
          notifySuccess('Success', 'Sequence locked successfully');
          // Ride lists and the detail page read the lock from the ride itself.
          void refreshRide();
        },
        onError: (error) => {
          showApiError(error);
        },
      },
    );
  };

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
      <Text size="sm" c="dimmed">
        {locked
          ? 'The drop-off sequence is locked.'
          : 'Drag the handles, use the keyboard, or press Move up / Move down to set the order the car drops passengers off.'}
      </Text>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        modifiers={[verticalOnly]}
        onDragEnd={onDragEnd}
        accessibility={{ announcements, screenReaderInstructions: { draggable: SEQUENCE_INSTRUCTIONS } }}
      >
        <SortableContext
          items={entries.map((entry) => entry.id)}
          strategy={verticalListSortingStrategy}
          disabled={locked || setSequence.isPending}
        >
          <Stack component="ol" gap="xs" p={0} m={0} aria-label="Drop-off sequence" aria-busy={setSequence.isPending}>
            {entries.map((entry, index) => (
              <SequenceRow
                key={entry.id}
                entry={entry}
                position={index + 1}
                total={entries.length}
                locked={locked}
                disabled={setSequence.isPending}
                onMove={(direction) => onMoveButton(index, direction)}
                focusButton={focusRequest?.id === entry.id ? focusRequest.button : null}
                onFocused={clearFocusRequest}
              />
            ))}
          </Stack>
        </SortableContext>
      </DndContext>
      <VisuallyHidden role="status" aria-live="polite" data-testid="sequence-move-status">
        {moveMessage}
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
            loading={lockSequence.isPending}
            disabled={setSequence.isPending}
            onClick={onLock}
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
