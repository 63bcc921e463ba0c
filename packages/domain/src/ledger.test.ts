import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  confirmRow,
  joinShareCents,
  ledgerProblems,
  LedgerRefusal,
  markRow,
  refundSettledRow,
  splitLedger,
  unconfirmRow,
  withShare,
  type LedgerParty,
  type LedgerRow,
} from './ledger';
import { splitCents } from './payments';

const NOW = new Date('2026-12-01T02:00:00Z');
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

const party = (seats: number[]): LedgerParty[] =>
  seats.map((count, index) => ({ passengerId: index + 1, userId: index + 10, seats: count, isOrganiser: index === 0 }));

const lock = (total: number, seats: number[]) =>
  splitLedger({ totalCents: total, party: party(seats), rows: [], change: { kind: 'settle' }, now: NOW });

const row = (rows: LedgerRow[], passengerId: number): LedgerRow => {
  const found = rows.find((candidate) => candidate.passengerId === passengerId);
  if (!found) throw new Error(`no row ${String(passengerId)}`);
  return found;
};

const replace = (rows: LedgerRow[], next: LedgerRow | null) =>
  next ? rows.map((candidate) => (candidate.passengerId === next.passengerId ? next : candidate)) : rows;

describe('splitLedger', () => {
  it('locks with the largest-remainder split, the organiser confirmed', () => {
    const rows = lock(10000, [1, 1, 1]);
    expect(rows.map((r) => r.amountDueCents)).toEqual([3334, 3333, 3333]);
    expect(rows[0]).toMatchObject({ status: 'confirmed', paidCents: 3334, isOrganiser: true });
    expect(rows[1]).toMatchObject({ status: 'due', paidCents: 0 });
  });

  it('keeps a confirmed payment through a late join, a waiver and a recalculation (the reported walk)', () => {
    // Ana organises, Ben, Cat and Dan ride: SGD 120 in all, SGD 30 each.
    let rows = lock(12000, [1, 1, 1, 1]);
    rows = replace(rows, confirmRow(row(rows, 2), NOW));
    // Eve joins: everyone SGD 24; Ben paid 30, so SGD 6 comes back to him.
    rows = splitLedger({
      totalCents: 12000,
      party: party([1, 1, 1, 1, 1]),
      rows,
      change: { kind: 'settle' },
      now: NOW,
    });
    expect(row(rows, 2)).toMatchObject({
      status: 'confirmed',
      amountDueCents: 2400,
      paidCents: 3000,
      refundDueCents: 600,
    });
    // Dan (entry 4) leaves and is waived: Ana absorbs his SGD 24.
    const stayed = party([1, 1, 1, 1, 1]).filter((entry) => entry.passengerId !== 4);
    rows = splitLedger({ totalCents: 12000, party: stayed, rows, change: { kind: 'settle' }, now: NOW });
    rows = rows.filter((candidate) => candidate.passengerId !== 4);
    rows = splitLedger({ totalCents: 12000, party: stayed, rows, change: { kind: 'settle' }, now: NOW });
    // Fair is SGD 30 each over four now; Ben, Cat and Eve stay at 24, so Ana carries 48 (18 beyond fair).
    expect(row(rows, 1)).toMatchObject({ amountDueCents: 4800, absorbedCents: 1800 });
    // Recalculate: nothing rises, Ben's payment and refund stay.
    rows = splitLedger({ totalCents: 12000, party: stayed, rows, change: { kind: 'settle' }, now: NOW });
    expect(row(rows, 2)).toMatchObject({ status: 'confirmed', amountDueCents: 2400, refundDueCents: 600 });
    expect(ledgerProblems(12000, rows)).toEqual([]);
  });

  it('a higher price after the lock raises each share by its part of the rise: a paid row owes a top-up', () => {
    // SGD 105 over 3 (35 each); Ben paid. A SGD 140 quote (plus SGD 5 of stops): SGD 145.
    let rows = lock(10500, [1, 1, 1]);
    rows = replace(rows, markRow(row(rows, 2), 'paynow', NOW));
    rows = splitLedger({
      totalCents: 14500,
      party: party([1, 1, 1]),
      rows,
      change: { kind: 'price', previousTotalCents: 10500 },
      now: NOW,
    });
    expect(sum(rows.map((r) => r.amountDueCents))).toBe(14500);
    expect(row(rows, 2)).toMatchObject({ status: 'marked-paid', paidCents: 3500, topUpDueCents: 1333 });
    expect(ledgerProblems(14500, rows)).toEqual([]);
    const topped = markRow(row(rows, 2), 'paynow', NOW);
    expect(topped).toMatchObject({ paidCents: 4833, topUpDueCents: 0, status: 'marked-paid' });
  });

  it('a leaver keeps owing; their waiver is absorbed by the organiser, not spread on riders', () => {
    let rows = lock(9000, [1, 1, 1]);
    const stayed = party([1, 1, 1]).slice(0, 2);
    rows = splitLedger({ totalCents: 9000, party: stayed, rows, change: { kind: 'settle' }, now: NOW });
    expect(rows.map((r) => r.amountDueCents)).toEqual([3000, 3000, 3000]);
    rows = rows.filter((r) => r.passengerId !== 3);
    rows = splitLedger({ totalCents: 9000, party: stayed, rows, change: { kind: 'settle' }, now: NOW });
    expect(rows.map((r) => r.amountDueCents)).toEqual([6000, 3000]);
    // An even split would be 45 each: the organiser carries 15 beyond it.
    expect(rows[0]?.absorbedCents).toBe(1500);
  });
});

describe('joinShareCents', () => {
  it('is what the join then charges: the newcomer row of the same split', () => {
    // SGD 120 over four single seats, SGD 30 each; a fifth person joining owes SGD 24.
    const rows = lock(12000, [1, 1, 1, 1]);
    expect(joinShareCents({ totalCents: 12000, party: party([1, 1, 1, 1]), rows, seats: 1, now: NOW })).toBe(2400);
    const joined = splitLedger({
      totalCents: 12000,
      party: party([1, 1, 1, 1, 1]),
      rows,
      change: { kind: 'settle' },
      now: NOW,
    });
    expect(row(joined, 5).amountDueCents).toBe(2400);
  });

  it("counts the group's seats, and a leaver's kept row comes off the total first", () => {
    // Organiser alone on SGD 90: a pair joining owes two thirds.
    const alone = lock(9000, [1]);
    expect(joinShareCents({ totalCents: 9000, party: party([1]), rows: alone, seats: 2, now: NOW })).toBe(6000);
    // Three on SGD 90, the third leaves still owing SGD 30: SGD 60 is split over the two left and a newcomer.
    const rows = lock(9000, [1, 1, 1]).map((r) => (r.passengerId === 3 ? { ...r, left: true } : r));
    expect(joinShareCents({ totalCents: 9000, party: party([1, 1]), rows, seats: 1, now: NOW })).toBe(2000);
  });

  it('takes the rounding cent the organiser would otherwise gain', () => {
    // SGD 100 over two: 50 each; a third joins: 33.34 / 33.33 / 33.33, the organiser keeps 33.34 at most.
    const rows = lock(10000, [1, 1]);
    const share = joinShareCents({ totalCents: 10000, party: party([1, 1]), rows, seats: 1, now: NOW });
    const joined = splitLedger({
      totalCents: 10000,
      party: party([1, 1, 1]),
      rows,
      change: { kind: 'settle' },
      now: NOW,
    });
    expect(share).toBe(row(joined, 3).amountDueCents);
    expect(sum(joined.map((r) => r.amountDueCents))).toBe(10000);
  });
});

describe('row actions', () => {
  const base = lock(9000, [1, 1, 1]);
  const ben = row(base, 2);

  it('marks, confirms, unconfirms and settles a refund keeping what was paid', () => {
    const marked = markRow(ben, 'cash', NOW);
    expect(marked).toMatchObject({ status: 'marked-paid', paidCents: 3000 });
    expect(markRow(marked ?? ben, 'cash', NOW)).toBeNull();
    const confirmed = confirmRow(marked ?? ben, NOW);
    expect(confirmed).toMatchObject({ status: 'confirmed', paidCents: 3000 });
    expect(() => markRow(confirmed ?? ben, 'cash', NOW)).toThrow(LedgerRefusal);
    expect(unconfirmRow(confirmed ?? ben)).toMatchObject({ status: 'marked-paid', paidCents: 3000 });
    const fell = withShare(confirmed ?? ben, 2000);
    expect(fell).toMatchObject({ refundDueCents: 1000 });
    expect(refundSettledRow(fell, 'Ben')).toMatchObject({ paidCents: 2000, refundDueCents: 0 });
    expect(() => refundSettledRow(ben, 'Ben')).toThrow('Nothing to refund to Ben');
  });

  it('an organiser confirmation alone, taken back, leaves the row due', () => {
    const confirmed = confirmRow(ben, NOW);
    expect(unconfirmRow(confirmed ?? ben)).toMatchObject({ status: 'due', paidCents: 0 });
  });
});

describe('properties', () => {
  const seatsArb = fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 6 });

  it('splitCents sums to the total, none negative, each within a cent of its exact share', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), seatsArb, (total, seats) => {
        const amounts = splitCents(total, seats);
        const all = sum(seats);
        expect(sum(amounts)).toBe(total);
        amounts.forEach((amount, index) => {
          const exact = (total * (seats[index] ?? 0)) / all;
          expect(amount).toBeGreaterThanOrEqual(0);
          expect(Math.abs(amount - exact)).toBeLessThan(1);
        });
      }),
    );
  });

  it('a share change on a paid row shows as exactly one refund or top-up equal to the difference', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 6 }),
        (start, shares) => {
          let paid = markRow({ ...row(lock(start * 2, [1, 1]), 2) }, 'paynow', NOW);
          if (!paid) throw new Error('not marked');
          const paidCents = paid.paidCents;
          for (const share of shares) {
            paid = withShare(paid, share);
            expect(paid.paidCents).toBe(paidCents);
            expect(paid.topUpDueCents - paid.refundDueCents).toBe(share - paidCents);
            expect(Math.min(paid.topUpDueCents, paid.refundDueCents)).toBe(0);
          }
        },
      ),
    );
  });

  it('joins, leaves, waivers and recalculations sum to the total and never raise a rider', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200_000 }),
        seatsArb,
        fc.array(fc.tuple(fc.constantFrom('join', 'leave', 'waive', 'pay', 'recalc'), fc.nat()), { maxLength: 12 }),
        (total, seats, steps) => {
          let entries = party(seats);
          let nextId = entries.length + 1;
          let rows = splitLedger({ totalCents: total, party: entries, rows: [], change: { kind: 'settle' }, now: NOW });
          for (const [step, pick] of steps) {
            const riders = entries.filter((entry) => !entry.isOrganiser);
            const before = new Map(rows.map((r) => [r.passengerId, r]));
            if (step === 'join') {
              entries = [
                ...entries,
                { passengerId: nextId, userId: nextId + 100, seats: 1 + (pick % 3), isOrganiser: false },
              ];
              nextId += 1;
            } else if (step === 'leave' && riders.length > 0) {
              const leaver = riders[pick % riders.length];
              entries = entries.filter((entry) => entry !== leaver);
            } else if (step === 'waive') {
              const waivable = rows.filter(
                (r) => !entries.some((e) => e.passengerId === r.passengerId) && r.status === 'due',
              );
              const gone = waivable[pick % Math.max(waivable.length, 1)];
              if (gone) rows = rows.filter((r) => r !== gone);
            } else if (step === 'pay') {
              const dueRows = rows.filter((r) => !r.isOrganiser);
              const target = dueRows[pick % Math.max(dueRows.length, 1)];
              if (target && (target.status === 'due' || target.topUpDueCents > 0)) {
                rows = replace(rows, confirmRow(target, NOW));
              }
            }
            const paidBefore = new Map(rows.map((r) => [r.passengerId, r.paidCents]));
            rows = splitLedger({ totalCents: total, party: entries, rows, change: { kind: 'settle' }, now: NOW });
            expect(ledgerProblems(total, rows)).toEqual([]);
            for (const next of rows) {
              const old = before.get(next.passengerId);
              if (old && !next.isOrganiser) expect(next.amountDueCents).toBeLessThanOrEqual(old.amountDueCents);
              if (old && old.status !== 'due') expect(next.status).not.toBe('due');
              if (old && !next.isOrganiser && paidBefore.has(next.passengerId))
                expect(next.paidCents).toBe(paidBefore.get(next.passengerId));
            }
          }
        },
      ),
    );
  });

  it('a price change raises a rider by at most their fair part of the rise, and sums to the new total', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200_000 }),
        fc.integer({ min: 0, max: 200_000 }),
        seatsArb,
        (before, after, seats) => {
          const entries = party(seats);
          const rows = splitLedger({
            totalCents: before,
            party: entries,
            rows: [],
            change: { kind: 'settle' },
            now: NOW,
          });
          const next = splitLedger({
            totalCents: after,
            party: entries,
            rows,
            change: { kind: 'price', previousTotalCents: before },
            now: NOW,
          });
          expect(ledgerProblems(after, next)).toEqual([]);
          const rise = splitCents(Math.max(after - before, 0), seats);
          next.forEach((r, index) => {
            if (r.isOrganiser) return;
            expect(r.amountDueCents - (rows[index]?.amountDueCents ?? 0)).toBeLessThanOrEqual((rise[index] ?? 0) + 1);
          });
        },
      ),
    );
  });
});
