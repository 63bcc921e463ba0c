/**
 * `useSequence(ride)`: the state behind the route order panel (docs/product.md#route-order): the
 * passengers in route order (drop-offs or pick-ups), the lock, the moves, placing a late joiner in a
 * locked order (docs/product.md#late-joiners) and merging two stops (docs/product.md#same-stop). A move (drop or button) renumbers
 * everyone at once (domain `moveAndRenumber`) and sends the moved passenger's new stop; the
 * server's answer replaces the list, a refusal puts the old one back. A button move is announced
 * in the panel's live region and asks for the focus to stay on the moved row.
 */
import type { Announcements, DragEndEvent, UniqueIdentifier } from '@dnd-kit/core';
import {
  type Direction,
  isUnplaced,
  moveAndRenumber,
  passengerDisplayName,
  placeInOrder,
  sortBySequence,
} from '@rideshare/domain';
import { useMemo, useState } from 'react';

import type { PassengerEntry } from '../../lib/api-types';
import { useSettle } from '../../lib/settle';
import { useMarkStale } from '../../lib/stale-queries';
import { trpc } from '../../lib/trpc';

export type MoveDirection = 'up' | 'down';

/** What the panel needs of a ride; any ride summary from the API fits. */
export interface SequencePanelRide {
  id: number;
  direction: Direction;
  sequenceLocked?: boolean | null;
}

/** Which row's move button should take the focus once it can (after a button move). */
export interface FocusRequest {
  id: number;
  button: MoveDirection;
}

function buildAnnouncements(entries: readonly PassengerEntry[]): Announcements {
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

export function useSequence(ride: SequencePanelRide) {
  const rideId = ride.id;
  const utils = trpc.useUtils();
  const settle = useSettle();
  const markStale = useMarkStale();
  const passengers = trpc.passenger.list.useQuery({ rideId });
  const [lockedHere, setLockedHere] = useState(false);
  const locked = ride.sequenceLocked === true || lockedHere;

  const everyRide = { type: 'ride.written', rideId: null } as const;
  const keep = (saved: PassengerEntry[]) => utils.passenger.list.setData({ rideId }, saved);
  const moved = settle({
    success: { title: 'Success', message: 'Passenger sequence updated' },
    error: 'Error',
    staleOnSuccess: locked ? everyRide : undefined,
    onSuccess: keep,
  });
  const setSequence = trpc.sequence.set.useMutation({
    // The move shows at once; the server's answer replaces the list, a refusal puts the old one back.
    onMutate: ({ passengerId, sequence }) => {
      const previous = utils.passenger.list.getData({ rideId });
      const sorted = sortBySequence(previous ?? []);
      const fromIndex = sorted.findIndex((entry) => entry.id === passengerId);
      utils.passenger.list.setData(
        { rideId },
        locked ? placeInOrder(sorted, passengerId, sequence) : moveAndRenumber(sorted, fromIndex, sequence - 1),
      );
      return { previous };
    },
    onSuccess: moved.onSuccess,
    onError: async (error, input, context) => {
      utils.passenger.list.setData({ rideId }, context?.previous);
      await moved.onError(error, input);
      void markStale(everyRide);
    },
    onSettled: moved.onSettled,
  });
  const lockSequence = trpc.sequence.lock.useMutation(
    settle({
      success: { title: 'Success', message: 'Sequence locked successfully' },
      error: 'Error',
      // Ride lists and the detail page read the lock from the ride itself.
      staleOnSuccess: everyRide,
      onSuccess: keep,
    }),
  );

  const mergeStops = trpc.sequence.mergeStops.useMutation(
    settle({
      success: { title: 'Success', message: 'Stops merged' },
      error: 'Error',
      // The ride's stops, total and shares changed.
      staleOnSuccess: everyRide,
      onSuccess: keep,
    }),
  );

  const entries = useMemo(() => sortBySequence(passengers.data ?? []), [passengers.data]);
  const announcements = useMemo(() => buildAnnouncements(entries), [entries]);
  /** What the live region last said about a button move. */
  const [moveMessage, setMoveMessage] = useState('');
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null);
  const clearFocusRequest = useMemo(() => () => setFocusRequest(null), []);

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
    setSequence.mutate({ rideId, passengerId: moved.id, sequence: toIndex + 1 }, { onError: () => onRefused?.() });
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

  /** Places a late joiner of a locked order at stop `sequence` (their only move). */
  const onPlace = (passengerId: number, sequence: number) => {
    if (setSequence.isPending) return;
    const entry = entries.find((candidate) => candidate.id === passengerId);
    if (!entry || !isUnplaced(locked, entry)) return;
    setSequence.mutate({ rideId, passengerId, sequence });
    setMoveMessage(`${passengerDisplayName(entry.user)} placed at stop ${sequence}`);
  };

  const onMerge = (passengerId: number, intoPassengerId: number) => {
    mergeStops.mutate({ rideId, passengerId, intoPassengerId });
  };

  const onLock = () => {
    lockSequence.mutate({ rideId }, { onSuccess: () => setLockedHere(true) });
  };

  return {
    passengers,
    entries,
    locked,
    /** A move is being saved: rows cannot be picked up meanwhile. */
    moving: setSequence.isPending,
    locking: lockSequence.isPending,
    announcements,
    moveMessage,
    focusRequest,
    clearFocusRequest,
    onDragEnd,
    onMoveButton,
    onPlace,
    merging: mergeStops.isPending,
    onMerge,
    onLock,
  };
}
