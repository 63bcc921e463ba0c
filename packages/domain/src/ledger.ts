/**
 * The ledger of a locked ride (docs/payments.md#ledger): one set of rules for every money path.
 * Given the ride's total and its rows, each function answers the rows as they must be next. Pure:
 * amounts are whole cents, and any time is the caller's `now`. Four invariants hold after every
 * step (`ledgerProblems` names a broken one):
 *   1. the amounts due sum exactly to the ride's total;
 *   2. a paid row (marked or confirmed) keeps what was paid; a later change of its share shows as
 *      `refundDueCents` (share fell) or `topUpDueCents` (share rose), never as the row due again;
 *   3. only a price change by the organiser raises a rider's share; otherwise the organiser's row
 *      absorbs what nobody else may be asked for (`absorbedCents`);
 *   4. a price change raises a rider's share by at most their fair part of the rise.
 */
import { splitCents, type PaymentMethod, type PaymentStatus } from './payments';

/** One payment row as the ledger reads and writes it. */
export interface LedgerRow {
  passengerId: number;
  userId: number;
  seats: number;
  isOrganiser: boolean;
  amountDueCents: number;
  status: PaymentStatus;
  method: PaymentMethod | null;
  markedAt: Date | null;
  confirmedAt: Date | null;
  /** What the party has paid, net of refunds given back; 0 while due. */
  paidCents: number;
  /** Owed back by the organiser: the share fell below what was paid. */
  refundDueCents: number;
  /** Still owed on top of what was paid: the share rose after the payment. */
  topUpDueCents: number;
  /** The organiser's row only: what it carries beyond its fair share (waived or capped shares). */
  absorbedCents: number;
  /** The party left after the lock and still owes the row until waived. */
  left: boolean;
}

/** A passenger entry on the ride now, in split order (the organiser's first, then by joining). */
export interface LedgerParty {
  passengerId: number;
  userId: number;
  seats: number;
  isOrganiser: boolean;
}

/**
 * Why the shares are split again. `settle` (a join, a leave, a waiver, the lock, a recalculation):
 * no rider's share rises; the organiser's row takes the rest. `price` (the organiser changed the
 * price: a quote accepted, the cost or the stops edited): each share may rise by its fair part of
 * the rise, measured against `previousTotalCents`.
 */
export type LedgerChange = { kind: 'settle' } | { kind: 'price'; previousTotalCents: number };

/** A row whose party is new to the ledger: nothing paid, nothing owed back. */
function newRow(entry: LedgerParty, amount: number, now: Date): LedgerRow {
  return {
    passengerId: entry.passengerId,
    userId: entry.userId,
    seats: entry.seats,
    isOrganiser: entry.isOrganiser,
    amountDueCents: amount,
    // The organiser's own share is theirs already (docs/payments.md#status).
    status: entry.isOrganiser ? 'confirmed' : 'due',
    method: null,
    markedAt: null,
    confirmedAt: entry.isOrganiser ? now : null,
    paidCents: entry.isOrganiser ? amount : 0,
    refundDueCents: 0,
    topUpDueCents: 0,
    absorbedCents: 0,
    left: false,
  };
}

/** Whether the row records a payment (the rider said so, or the organiser received it). */
export function isPaidRow(row: Pick<LedgerRow, 'status'>): boolean {
  return row.status !== 'due';
}

/**
 * The row with a new share: a due row simply owes it; a paid row keeps what was paid and shows the
 * difference as a refund or a top-up; the organiser's own row stays confirmed and settled.
 */
export function withShare(row: LedgerRow, amount: number): LedgerRow {
  if (row.isOrganiser) {
    return { ...row, amountDueCents: amount, paidCents: amount, refundDueCents: 0, topUpDueCents: 0 };
  }
  if (!isPaidRow(row)) return { ...row, amountDueCents: amount };
  const balance = amount - row.paidCents;
  return {
    ...row,
    amountDueCents: amount,
    topUpDueCents: Math.max(balance, 0),
    refundDueCents: Math.max(-balance, 0),
  };
}

/** Cuts leavers' amounts (the last first) so they never owe more than the whole ride now costs. */
function fitLeavers(leavers: LedgerRow[], totalCents: number): LedgerRow[] {
  let over = leavers.reduce((sum, row) => sum + row.amountDueCents, 0) - totalCents;
  const fitted = [...leavers];
  for (let index = fitted.length - 1; index >= 0 && over > 0; index -= 1) {
    const row = fitted[index];
    if (!row) continue;
    const cut = Math.min(row.amountDueCents, over);
    fitted[index] = withShare(row, row.amountDueCents - cut);
    over -= cut;
  }
  return fitted;
}

/**
 * Splits the total again over the party as it now is (docs/payments.md#ledger). Rows of parties who
 * left keep their amount (they still owe it) and come off the total first; a party without a row
 * gets one at its fair share; a rider with a row never pays more than their fair share, nor more
 * than now unless the organiser changed the price (then at most their part of the rise). The
 * organiser's row takes what is left, shown as `absorbedCents` beyond its fair share; a join never
 * raises it (the rounding cent goes to the newcomer). Answers every row, leavers first kept in place.
 */
export function splitLedger(args: {
  totalCents: number;
  party: readonly LedgerParty[];
  rows: readonly LedgerRow[];
  change: LedgerChange;
  now: Date;
}): LedgerRow[] {
  const { totalCents, party, change, now } = args;
  const inParty = new Set(party.map((entry) => entry.passengerId));
  const byEntry = new Map(args.rows.map((row) => [row.passengerId, row]));
  const leavers = fitLeavers(
    args.rows.filter((row) => !inParty.has(row.passengerId)),
    totalCents,
  );
  const pool = totalCents - leavers.reduce((sum, row) => sum + row.amountDueCents, 0);
  if (party.length === 0) return leavers;
  const seats = party.map((entry) => entry.seats);
  const fair = splitCents(pool, seats);
  const before =
    change.kind === 'price' ? splitCents(Math.max(change.previousTotalCents - (totalCents - pool), 0), seats) : fair;
  const amounts = party.map((entry, index) => {
    const share = fair[index] ?? 0;
    const row = byEntry.get(entry.passengerId);
    if (!row || entry.isOrganiser) return share;
    const rise = change.kind === 'price' ? Math.max(share - (before[index] ?? 0), 0) : 0;
    return Math.min(share, row.amountDueCents + rise);
  });
  const organiserIndex = party.findIndex((entry) => entry.isOrganiser);
  const riders = amounts.reduce((sum, amount, index) => (index === organiserIndex ? sum : sum + amount), 0);
  const newcomers = party.flatMap((entry, index) => (byEntry.has(entry.passengerId) ? [] : [index]));
  const rest = pool - riders;
  if (organiserIndex >= 0) {
    amounts[organiserIndex] = rest;
    const organiserRow = byEntry.get(party[organiserIndex]?.passengerId ?? -1);
    const firstNew = newcomers.find((index) => index !== organiserIndex);
    // A join never lifts the organiser: a rounding cent goes to the first newcomer.
    if (change.kind === 'settle' && organiserRow && firstNew !== undefined && rest > organiserRow.amountDueCents) {
      amounts[organiserIndex] = organiserRow.amountDueCents;
      amounts[firstNew] = (amounts[firstNew] ?? 0) + rest - organiserRow.amountDueCents;
    }
  } else {
    // A ride from before the organiser held a seat: the first party carries what is left.
    const carrier = newcomers[0] ?? 0;
    amounts[carrier] = (amounts[carrier] ?? 0) + rest;
  }
  const next = party.map((entry, index) => {
    const amount = amounts[index] ?? 0;
    const row = byEntry.get(entry.passengerId);
    const shaped = row ? withShare({ ...row, seats: entry.seats, left: false }, amount) : newRow(entry, amount, now);
    return entry.isOrganiser ? { ...shaped, absorbedCents: Math.max(amount - (fair[index] ?? 0), 0) } : shaped;
  });
  return [...next, ...leavers];
}

/** Refusals of a row action, each a sentence for the person (the service turns it into a 409). */
export class LedgerRefusal extends Error {
  constructor(
    readonly code: 'PAYMENT_CONFIRMED' | 'NOTHING_TO_REFUND' | 'NOTHING_TO_WAIVE',
    message: string,
  ) {
    super(message);
  }
}

/**
 * The rider says they paid (docs/payments.md#status): a due row records its share as paid; a row
 * with a top-up due records the top-up paid (and waits for the organiser's confirmation again).
 * The same mark again answers null (nothing changes); a confirmed row with nothing more to pay is
 * refused.
 */
export function markRow(row: LedgerRow, method: PaymentMethod, now: Date): LedgerRow | null {
  if (row.status === 'confirmed' && row.topUpDueCents === 0) {
    throw new LedgerRefusal('PAYMENT_CONFIRMED', 'Your payment is already confirmed');
  }
  if (row.status === 'marked-paid' && row.method === method && row.topUpDueCents === 0) return null;
  const paidCents = row.status === 'due' ? row.amountDueCents : row.paidCents + row.topUpDueCents;
  return {
    ...row,
    status: 'marked-paid',
    method,
    markedAt: now,
    paidCents,
    topUpDueCents: 0,
    refundDueCents: row.status === 'due' ? 0 : row.refundDueCents,
  };
}

/**
 * The organiser received the payment: the row is confirmed with its whole share paid (a top-up
 * due with it). Null when nothing changes; the organiser's own row is confirmed already.
 */
export function confirmRow(row: LedgerRow, now: Date): LedgerRow | null {
  if (row.isOrganiser || (row.status === 'confirmed' && row.topUpDueCents === 0)) return null;
  const paidCents = row.status === 'due' ? row.amountDueCents : row.paidCents + row.topUpDueCents;
  return {
    ...row,
    status: 'confirmed',
    confirmedAt: now,
    paidCents,
    topUpDueCents: 0,
    refundDueCents: row.status === 'due' ? 0 : row.refundDueCents,
  };
}

/**
 * The organiser takes a confirmation back: a row the rider had marked stays marked (what they said
 * they paid stays recorded); one the organiser had confirmed alone is due again, owing its share.
 * Null when the row was not confirmed.
 */
export function unconfirmRow(row: LedgerRow): LedgerRow | null {
  if (row.isOrganiser || row.status !== 'confirmed') return null;
  if (row.markedAt !== null) return { ...row, status: 'marked-paid', confirmedAt: null };
  return {
    ...row,
    status: 'due',
    method: null,
    confirmedAt: null,
    paidCents: 0,
    refundDueCents: 0,
    topUpDueCents: 0,
  };
}

/** The organiser gave the refund back: what was paid is now net of it. Refused with none owed. */
export function refundSettledRow(row: LedgerRow, name: string): LedgerRow {
  if (row.refundDueCents <= 0) {
    throw new LedgerRefusal('NOTHING_TO_REFUND', `Nothing to refund to ${name}: no refund is owed on their row`);
  }
  return { ...row, paidCents: row.paidCents - row.refundDueCents, refundDueCents: 0 };
}

/**
 * Whether a row may be waived (docs/payments.md#leavers): only a leaver's, and only while nothing
 * was paid on it (a recorded payment is never erased). The caller then removes the row and splits
 * with `settle`, so the organiser's row absorbs it.
 */
export function assertWaivable(row: LedgerRow, name: string): void {
  if (!row.left) {
    throw new LedgerRefusal('NOTHING_TO_WAIVE', `${name} has not left the ride: there is nothing to waive`);
  }
  if (isPaidRow(row)) {
    throw new LedgerRefusal('NOTHING_TO_WAIVE', `${name} already paid their share: there is nothing to waive`);
  }
}

/**
 * What is wrong with a ledger, in words (empty when the invariants of one state hold): the amounts
 * sum to the total, none is negative, and each row's paid, refund and top-up agree with its share.
 */
export function ledgerProblems(totalCents: number, rows: readonly LedgerRow[]): string[] {
  const problems: string[] = [];
  const sum = rows.reduce((acc, row) => acc + row.amountDueCents, 0);
  if (sum !== totalCents) problems.push(`amounts sum to ${String(sum)}, not the total ${String(totalCents)}`);
  for (const row of rows) {
    const id = `row ${String(row.passengerId)}`;
    if (row.amountDueCents < 0) problems.push(`${id} owes a negative amount`);
    if (row.refundDueCents < 0 || row.topUpDueCents < 0) problems.push(`${id} has a negative refund or top-up`);
    if (row.refundDueCents > 0 && row.topUpDueCents > 0) problems.push(`${id} owes both a refund and a top-up`);
    if (isPaidRow(row)) {
      const balance = row.topUpDueCents - row.refundDueCents;
      if (balance !== row.amountDueCents - row.paidCents) {
        problems.push(
          `${id}: paid ${String(row.paidCents)} and share ${String(row.amountDueCents)} disagree with its refund or top-up`,
        );
      }
    } else if (row.paidCents !== 0 || row.refundDueCents !== 0 || row.topUpDueCents !== 0) {
      problems.push(`${id} is due but records a payment`);
    }
    if (!row.isOrganiser && row.absorbedCents !== 0) problems.push(`${id} absorbs but is not the organizer's`);
  }
  return problems;
}

/**
 * What a newcomer of `seats` seats would owe on joining the locked ride now (docs/payments.md#join-price):
 * the same split a join makes (`splitLedger` with a `settle` change), over the party with the
 * newcomer added last, of `totalCents` (the ride's total with the newcomer on board: one stop more
 * when their place is new). Whole cents.
 *
 * @example joinShareCents({ totalCents: 9000, party: [organiser], rows: [organiserRow 9000], seats: 2 }) // 6000
 */
export function joinShareCents(args: {
  totalCents: number;
  party: readonly LedgerParty[];
  rows: readonly LedgerRow[];
  seats: number;
  now: Date;
}): number {
  const taken = new Set(args.party.map((entry) => entry.passengerId));
  // An id no entry has: the newcomer's row is the one the split adds for it.
  let newcomerId = -1;
  while (taken.has(newcomerId)) newcomerId -= 1;
  const newcomer: LedgerParty = { passengerId: newcomerId, userId: newcomerId, seats: args.seats, isOrganiser: false };
  const next = splitLedger({
    totalCents: args.totalCents,
    party: [...args.party, newcomer],
    rows: args.rows,
    change: { kind: 'settle' },
    now: args.now,
  });
  return next.find((row) => row.passengerId === newcomerId)?.amountDueCents ?? 0;
}
