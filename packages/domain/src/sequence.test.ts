import { describe, expect, it } from 'vitest';
import {
  assertCanEditSequence,
  isUnplaced,
  moveAndRenumber,
  moveToSequence,
  orderWords,
  placeInOrder,
  renumberSequence,
  sortBySequence,
} from './sequence';
import type { SequencedEntry } from './sequence';
import { expectDomainError } from './test-helpers';

type Entry = SequencedEntry & { name: string };
const entry = (id: number, dropoffSequence: number | null): Entry => ({ id, dropoffSequence, name: `p${id}` });
const ids = (list: readonly SequencedEntry[]) => list.map((e) => e.id);
const seqs = (list: readonly SequencedEntry[]) => list.map((e) => e.dropoffSequence);

describe('sortBySequence', () => {
  it.each([
    ['empty', [], []],
    ['by sequence ascending', [entry(1, 3), entry(2, 1), entry(3, 2)], [2, 3, 1]],
    ['unnumbered last, by id', [entry(5, null), entry(2, null), entry(9, 1)], [9, 2, 5]],
    ['equal numbers by id', [entry(7, 1), entry(3, 1), entry(4, 2)], [3, 7, 4]],
    ['gaps in numbering kept in order', [entry(1, 10), entry(2, 4)], [2, 1]],
  ])('%s', (_label, list, expected) => {
    expect(ids(sortBySequence(list))).toEqual(expected);
  });

  it('returns a new array and keeps the entries untouched', () => {
    const list = [entry(1, 2), entry(2, 1)];
    const sorted = sortBySequence(list);
    expect(sorted).not.toBe(list);
    expect(ids(list)).toEqual([1, 2]);
    expect(sorted[0]).toBe(list[1]);
  });
});

describe('renumberSequence', () => {
  it('numbers the current order 1..n, unnumbered entries after the numbered ones', () => {
    const result = renumberSequence([entry(4, 7), entry(3, null), entry(1, 2)]);
    expect(ids(result)).toEqual([1, 4, 3]);
    expect(seqs(result)).toEqual([1, 2, 3]);
    expect(result[0]?.name).toBe('p1');
  });
});

describe('moveAndRenumber', () => {
  const list = [entry(1, 1), entry(2, 2), entry(3, 3), entry(4, 4)];

  it.each([
    ['last to first', 3, 0, [4, 1, 2, 3]],
    ['first to last', 0, 3, [2, 3, 4, 1]],
    ['one step down', 1, 2, [1, 3, 2, 4]],
    ['onto itself', 2, 2, [1, 2, 3, 4]],
    ['target past the end clamps to the end', 0, 99, [2, 3, 4, 1]],
    ['negative target clamps to the start', 2, -5, [3, 1, 2, 4]],
    ['unknown source leaves the order', 9, 0, [1, 2, 3, 4]],
  ])('%s', (_label, from, to, expected) => {
    const result = moveAndRenumber(list, from, to);
    expect(ids(result)).toEqual(expected);
    expect(seqs(result)).toEqual([1, 2, 3, 4]);
  });

  it('renumbers entries that had no number and does not mutate the input', () => {
    const input = [entry(1, null), entry(2, null)];
    const result = moveAndRenumber(input, 1, 0);
    expect(ids(result)).toEqual([2, 1]);
    expect(seqs(result)).toEqual([1, 2]);
    expect(seqs(input)).toEqual([null, null]);
  });

  it('handles an empty list', () => {
    expect(moveAndRenumber([], 0, 0)).toEqual([]);
  });
});

describe('moveToSequence', () => {
  const list = [entry(10, 2), entry(11, null), entry(12, 1)];

  it.each([
    ['to the front', 10, 1, [10, 12, 11]],
    ['to the end', 12, 3, [10, 11, 12]],
    ['an unnumbered entry into the middle', 11, 2, [12, 11, 10]],
    ['to where it already is', 12, 1, [12, 10, 11]],
  ])('%s', (_label, passengerId, sequence, expected) => {
    const result = moveToSequence(list, passengerId, sequence);
    expect(ids(result)).toEqual(expected);
    expect(seqs(result)).toEqual([1, 2, 3]);
  });

  it.each([
    ['zero', 0],
    ['beyond the passenger count', 4],
    ['a fraction', 1.5],
    ['not a number', Number.NaN],
  ])('refuses a sequence that is %s', (_label, sequence) => {
    expectDomainError(() => moveToSequence(list, 10, sequence), 'INVALID_SEQUENCE', 'Sequence must be between 1 and 3');
  });

  it('refuses a passenger who is not on the ride', () => {
    expectDomainError(() => moveToSequence(list, 99, 1), 'NOT_FOUND', 'Passenger 99 is not on this ride');
  });
});

describe('assertCanEditSequence', () => {
  it.each([
    ['a locked order', { locked: true, sequence: 1, count: 2 }, 'SEQUENCE_LOCKED', 'The order is locked'],
    ['sequence zero', { locked: false, sequence: 0, count: 2 }, 'INVALID_SEQUENCE', 'Sequence must be between 1 and 2'],
    [
      'sequence above the count',
      { locked: false, sequence: 3, count: 2 },
      'INVALID_SEQUENCE',
      'Sequence must be between 1 and 2',
    ],
    [
      'a fractional sequence',
      { locked: false, sequence: 1.5, count: 2 },
      'INVALID_SEQUENCE',
      'Sequence must be between 1 and 2',
    ],
  ] as const)('refuses %s', (_label, args, code, message) => {
    expectDomainError(() => assertCanEditSequence(args), code, message);
  });

  it.each([
    ['the first stop', { locked: false, sequence: 1, count: 2 }],
    ['the last stop', { locked: false, sequence: 2, count: 2 }],
    ['a lock check without a sequence', { locked: false, count: 0 }],
    ['placing a late joiner in a locked order', { locked: true, unplaced: true, sequence: 2, count: 3 }],
  ] as const)('allows %s', (_label, args) => {
    expect(() => assertCanEditSequence(args)).not.toThrow();
  });
});

describe('orderWords', () => {
  it('orders pick-ups on SG->FC rides and drop-offs on FC->SG rides', () => {
    expect(orderWords('SG->FC').title).toBe('Pick-up order');
    expect(orderWords('FC->SG').title).toBe('Drop-off order');
  });
});

describe('isUnplaced', () => {
  it('is an entry without a number on a locked order only', () => {
    expect(isUnplaced(true, { id: 1, dropoffSequence: null })).toBe(true);
    expect(isUnplaced(false, { id: 1, dropoffSequence: null })).toBe(false);
    expect(isUnplaced(true, { id: 1, dropoffSequence: 2 })).toBe(false);
  });
});

describe('placeInOrder', () => {
  const locked = [
    { id: 1, dropoffSequence: 1 },
    { id: 2, dropoffSequence: 2 },
    { id: 3, dropoffSequence: 3 },
    { id: 4, dropoffSequence: null },
    { id: 5, dropoffSequence: null },
  ];

  it('puts the late joiner at the stop asked and moves the later ones down, others still unplaced', () => {
    expect(placeInOrder(locked, 4, 2)).toEqual([
      { id: 1, dropoffSequence: 1 },
      { id: 4, dropoffSequence: 2 },
      { id: 2, dropoffSequence: 3 },
      { id: 3, dropoffSequence: 4 },
      { id: 5, dropoffSequence: null },
    ]);
  });

  it('may put them last, one after the numbered ones', () => {
    expect(placeInOrder(locked, 5, 4).find((entry) => entry.id === 5)?.dropoffSequence).toBe(4);
  });

  it('refuses a stop beyond the numbered ones plus one', () => {
    expectDomainError(() => placeInOrder(locked, 4, 5), 'INVALID_SEQUENCE', 'Sequence must be between 1 and 4');
  });
});
