import type { Direction } from './constants';
import { DomainError } from './errors';

/** The least a passenger entry must tell to take part in drop-off ordering. */
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
 * May the drop-off order be changed: only on Forest City to Singapore rides, only while unlocked,
 * and only to a whole stop number between 1 and the number of passengers. Leave `sequence` out to
 * check just the first two (for the lock call).
 *
 * @example assertCanEditSequence({ direction: 'FC->SG', locked: false, sequence: 4, count: 3 })
 *   // throws INVALID_SEQUENCE 'Sequence must be between 1 and 3'
 */
export function assertCanEditSequence(args: {
  direction: Direction;
  locked: boolean;
  sequence?: number;
  count: number;
}): void {
  if (args.direction !== 'FC->SG') {
    throw new DomainError('SEQUENCE_NOT_SUPPORTED', 'Drop-off sequence applies only to Forest City to Singapore rides');
  }
  if (args.locked) throw new DomainError('SEQUENCE_LOCKED', 'The drop-off sequence is locked');
  if (args.sequence !== undefined) assertSequenceInRange(args.sequence, args.count);
}
