import type { Direction } from './constants';
import { DomainError } from './errors';

/** The least a passenger entry must tell to take part in the route order (drop-offs or pick-ups). */
export type SequencedEntry = { id: number; dropoffSequence: number | null };

function hasSequence(entry: SequencedEntry): entry is SequencedEntry & { dropoffSequence: number } {
  return typeof entry.dropoffSequence === 'number' && Number.isFinite(entry.dropoffSequence);
}

/**
 * The drop-off order: by stop number ascending, entries without a number last; ties (and the
 * unnumbered) keep a stable order by entry id. Returns a new array.
 *
 * @example sortBySequence([{ id: 1, dropoffSequence: null }, { id: 2, dropoffSequence: 1 }])
 *   // [{ id: 2, dropoffSequence: 1 }, { id: 1, dropoffSequence: null }]
 */
export function sortBySequence<T extends SequencedEntry>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => {
    const aHas = hasSequence(a);
    const bHas = hasSequence(b);
    if (aHas && bHas && a.dropoffSequence !== b.dropoffSequence) return a.dropoffSequence - b.dropoffSequence;
    if (aHas !== bHas) return aHas ? -1 : 1;
    return a.id - b.id;
  });
}

function renumber<T extends SequencedEntry>(list: readonly T[]): T[] {
  return list.map((entry, index) => ({ ...entry, dropoffSequence: index + 1 }));
}

/**
 * Puts the current drop-off order into numbers: sorted as {@link sortBySequence}, then stops 1..n.
 * This is what locking the sequence stores for entries that had no number yet.
 *
 * @example renumberSequence([{ id: 4, dropoffSequence: 7 }, { id: 3, dropoffSequence: null }])
 *   // [{ id: 4, dropoffSequence: 1 }, { id: 3, dropoffSequence: 2 }]
 */
export function renumberSequence<T extends SequencedEntry>(list: readonly T[]): T[] {
  return renumber(sortBySequence(list));
}

/**
 * After a drag in the drop-off list: the entry at `fromIndex` moves to `toIndex` (0-based, in the
 * list as shown) and every stop is renumbered from 1. A target outside the list clamps to its end;
 * an unknown source index leaves the order unchanged. Returns new objects.
 *
 * @example moveAndRenumber([a, b, c], 2, 0) // [c, a, b] with dropoffSequence 1, 2, 3
 */
export function moveAndRenumber<T extends SequencedEntry>(list: readonly T[], fromIndex: number, toIndex: number): T[] {
  const next = [...list];
  if (Number.isInteger(fromIndex) && fromIndex >= 0 && fromIndex < next.length) {
    const [moved] = next.splice(fromIndex, 1);
    const target = Math.min(Math.max(Math.trunc(toIndex) || 0, 0), next.length);
    if (moved !== undefined) next.splice(target, 0, moved);
  }
  return renumber(next);
}

/**
 * What the server does when the organiser sets a passenger's stop number: the entries in drop-off
 * order, that passenger moved to stop `sequence` (1-based), everyone renumbered 1..n.
 * An unknown passenger is NOT_FOUND; a stop outside 1..n is INVALID_SEQUENCE.
 *
 * @example moveToSequence([{ id: 1, dropoffSequence: 1 }, { id: 2, dropoffSequence: 2 }], 2, 1)
 *   // [{ id: 2, dropoffSequence: 1 }, { id: 1, dropoffSequence: 2 }]
 */
export function moveToSequence<T extends SequencedEntry>(
  list: readonly T[],
  passengerId: number,
  sequence: number,
): T[] {
  const sorted = sortBySequence(list);
  const fromIndex = sorted.findIndex((entry) => entry.id === passengerId);
  if (fromIndex === -1) throw new DomainError('NOT_FOUND', `Passenger ${passengerId} is not on this ride`);
  assertSequenceInRange(sequence, sorted.length);
  return moveAndRenumber(sorted, fromIndex, sequence - 1);
}

function assertSequenceInRange(sequence: number, count: number): void {
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > count) {
    throw new DomainError('INVALID_SEQUENCE', `Sequence must be between 1 and ${count}`);
  }
}

/**
 * What the route order orders on a ride of this direction (docs/product.md#route-order): the
 * drop-offs in Singapore on Forest City to Singapore rides, the pick-ups in Singapore on Singapore
 * to Forest City rides.
 *
 * @example orderWords('SG->FC') // { title: 'Pick-up order', stop: 'pick-up', stops: 'pick-ups' }
 */
export function orderWords(direction: Direction): { title: string; stop: string; stops: string } {
  return direction === 'SG->FC'
    ? { title: 'Pick-up order', stop: 'pick-up', stops: 'pick-ups' }
    : { title: 'Drop-off order', stop: 'drop-off', stops: 'drop-offs' };
}

export const ORDER_LOCKED_MESSAGE = 'The order is locked';

/**
 * Whether an entry still waits for the organiser to place it: it joined a locked order at a place
 * that is no stop yet, so it has no number (docs/product.md#late-joiners).
 */
export function isUnplaced(locked: boolean, entry: SequencedEntry): boolean {
  return locked && !hasSequence(entry);
}

/**
 * May the route order be changed (both directions, docs/product.md#route-order): only while
 * unlocked, except that a locked order takes the place of an entry not placed yet (`unplaced`), once;
 * and only to a whole stop number between 1 and `count`. Leave `sequence` out to check just the lock.
 *
 * @example assertCanEditSequence({ locked: true, sequence: 2, count: 3 })
 *   // throws SEQUENCE_LOCKED 'The order is locked'
 */
export function assertCanEditSequence(args: {
  locked: boolean;
  unplaced?: boolean;
  sequence?: number;
  count: number;
}): void {
  if (args.locked && !args.unplaced) throw new DomainError('SEQUENCE_LOCKED', ORDER_LOCKED_MESSAGE);
  if (args.sequence !== undefined) assertSequenceInRange(args.sequence, args.count);
}

/**
 * Places a late joiner in a locked order: the numbered entries keep their order, the newcomer goes
 * to stop `sequence` (1..numbered + 1), the numbered ones from there move one down. Other entries
 * not placed yet stay unnumbered. Returns new objects in the new order.
 *
 * @example placeInOrder([{ id: 1, dropoffSequence: 1 }, { id: 2, dropoffSequence: 2 }, { id: 3, dropoffSequence: null }], 3, 2)
 *   // [{ id: 1, dropoffSequence: 1 }, { id: 3, dropoffSequence: 2 }, { id: 2, dropoffSequence: 3 }]
 */
export function placeInOrder<T extends SequencedEntry>(list: readonly T[], passengerId: number, sequence: number): T[] {
  const target = list.find((entry) => entry.id === passengerId);
  if (!target) throw new DomainError('NOT_FOUND', `Passenger ${passengerId} is not on this ride`);
  const numbered = sortBySequence(list).filter((entry) => hasSequence(entry) && entry.id !== passengerId);
  const waiting = sortBySequence(list).filter((entry) => !hasSequence(entry) && entry.id !== passengerId);
  assertSequenceInRange(sequence, numbered.length + 1);
  const placed = [...numbered];
  placed.splice(sequence - 1, 0, target);
  return [...renumber(placed), ...waiting.map((entry) => ({ ...entry }))];
}
