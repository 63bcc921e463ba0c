/** Every statement about ride payments (docs/payments.md); services decide, this only queries. */
import type { Db, RidePaymentTable } from '@rideshare/db';
import {
  displayName,
  type Direction,
  type PaymentMethod,
  type PaymentStatus,
  type RideStatus,
} from '@rideshare/domain';
import { sql, type Insertable } from 'kysely';

/** What the payment rules read from a ride (locked for a write by src/services/ride-party.ts). */
export interface PaymentRide {
  id: number;
  creatorId: number;
  direction: Direction;
  date: Date;
  status: RideStatus;
  cost: number;
  additionalStops: number;
  stopPrice: number;
  currentPassengers: number;
  maxPassengers: number;
  minPassengers: number | null;
  priceLockedAt: Date | null;
  minReachedNotifiedAt: Date | null;
}

const rideColumns = [
  'id',
  'creatorId',
  'direction',
  'date',
  'status',
  'cost',
  'additionalStops',
  'stopPrice',
  'currentPassengers',
  'maxPassengers',
  'minPassengers',
  'priceLockedAt',
  'minReachedNotifiedAt',
] as const;

/** The ride as the payment rules read it, without a lock (the read path's cheap pre-check). */
export async function findPaymentRide(db: Db, rideId: number): Promise<PaymentRide | null> {
  return (await db.selectFrom('rides').select(rideColumns).where('id', '=', rideId).executeTakeFirst()) ?? null;
}

/** A stored payment row with the payer's name. */
export interface PaymentRow {
  rideId: number;
  passengerId: number;
  userId: number;
  name: string;
  seats: number;
  amountDueCents: number;
  status: PaymentStatus;
  method: PaymentMethod | null;
  markedAt: Date | null;
  confirmedAt: Date | null;
  remindedAt: Date | null;
  /** Owed back by the organiser (docs/payments.md#refunds). */
  refundDueCents: number;
  /** The party left after the lock (docs/payments.md#leavers). */
  leftAt: Date | null;
  /** Paid, net of refunds given back; top-up still owed; the organiser's absorbed part (docs/payments.md#ledger). */
  paidCents: number;
  topUpDueCents: number;
  absorbedCents: number;
}

/** A ride's payment rows (only `userId`'s when given), the organiser's first, then by entry. */
export async function listPayments(db: Db, rideId: number, onlyUserId?: number): Promise<PaymentRow[]> {
  let query = db
    .selectFrom('ridePayments as p')
    .innerJoin('users as u', 'u.id', 'p.userId')
    .innerJoin('rides as r', 'r.id', 'p.rideId')
    .select([
      'p.rideId',
      'p.passengerId',
      'p.userId',
      'u.name',
      'u.discordUsername',
      'p.seats',
      'p.amountDueCents',
      'p.status',
      'p.method',
      'p.markedAt',
      'p.confirmedAt',
      'p.remindedAt',
      'p.refundDueCents',
      'p.leftAt',
      'p.paidCents',
      'p.topUpDueCents',
      'p.absorbedCents',
    ])
    .where('p.rideId', '=', rideId)
    .orderBy(sql`(p.user_id = r.creator_id)`, 'desc')
    .orderBy('p.passengerId');
  if (onlyUserId !== undefined) query = query.where('p.userId', '=', onlyUserId);
  return (await query.execute()).map(({ name, discordUsername, ...row }) => ({
    ...row,
    name: displayName({ name, discordUsername }) ?? discordUsername,
  }));
}

/**
 * A row of a lock: `remindedAt` is set when the lock itself falls within the reminder's day (its
 * notice already names the amount).
 */
export type NewPayment = Pick<
  Insertable<RidePaymentTable>,
  | 'rideId'
  | 'passengerId'
  | 'userId'
  | 'seats'
  | 'amountDueCents'
  | 'status'
  | 'confirmedAt'
  | 'remindedAt'
  | 'paidCents'
  | 'absorbedCents'
>;

/** Inserts rows; a row already there for the same entry is left as it is (a second lock adds nothing). */
export async function insertPayments(trx: Db, rows: readonly NewPayment[]): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto('ridePayments')
    .values([...rows])
    .onConflict((oc) => oc.columns(['rideId', 'passengerId']).doNothing())
    .execute();
}

export type PaymentChanges = Partial<
  Pick<
    PaymentRow,
    | 'seats'
    | 'amountDueCents'
    | 'status'
    | 'method'
    | 'markedAt'
    | 'confirmedAt'
    | 'remindedAt'
    | 'refundDueCents'
    | 'paidCents'
    | 'topUpDueCents'
    | 'absorbedCents'
    | 'leftAt'
  >
>;

export async function updatePayment(
  trx: Db,
  rideId: number,
  passengerId: number,
  changes: PaymentChanges,
): Promise<void> {
  await trx
    .updateTable('ridePayments')
    .set(changes)
    .where('rideId', '=', rideId)
    .where('passengerId', '=', passengerId)
    .execute();
}

export async function deletePayments(trx: Db, rideId: number, passengerIds: readonly number[]): Promise<void> {
  if (passengerIds.length === 0) return;
  await trx
    .deleteFrom('ridePayments')
    .where('rideId', '=', rideId)
    .where('passengerId', 'in', [...passengerIds])
    .execute();
}

/** Stamps the lock, only while the ride is unlocked; says whether this call did it. */
export async function markPriceLocked(trx: Db, rideId: number, now: Date): Promise<boolean> {
  const result = await trx
    .updateTable('rides')
    .set({ priceLockedAt: now })
    .where('id', '=', rideId)
    .where('priceLockedAt', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function markMinReachedNotified(trx: Db, rideId: number, now: Date): Promise<void> {
  await trx.updateTable('rides').set({ minReachedNotifiedAt: now }).where('id', '=', rideId).execute();
}

/**
 * The sweep's work list: rides still to come that are due to lock, that reached their minimum with
 * the organiser not yet told, or that are locked, leave within `remindBefore`, and have a rider
 * still due and not reminded.
 */
export async function listRidesWithPaymentWork(
  db: Db,
  now: Date,
  lockBefore: Date,
  remindBefore: Date,
): Promise<number[]> {
  const rows = await db
    .selectFrom('rides')
    .select('id')
    .where('status', '!=', 'cancelled')
    .where('date', '>', now)
    .where((eb) =>
      eb.or([
        eb.and([eb('priceLockedAt', 'is', null), eb('date', '<=', lockBefore)]),
        eb.and([
          eb('minPassengers', 'is not', null),
          eb('minReachedNotifiedAt', 'is', null),
          eb('currentPassengers', '>=', eb.ref('minPassengers')),
        ]),
        eb.and([
          eb('priceLockedAt', 'is not', null),
          eb('date', '<=', remindBefore),
          eb.exists(
            eb
              .selectFrom('ridePayments as p')
              .select(sql`1`.as('one'))
              .whereRef('p.rideId', '=', 'rides.id')
              .where('p.status', '=', 'due')
              .where('p.remindedAt', 'is', null)
              .where('p.leftAt', 'is', null),
          ),
        ]),
      ]),
    )
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Marks the row of an entry that left after the lock: the party still owes it
 * (docs/payments.md#leavers). Says whether there was a row to mark.
 */
export async function markPaymentLeft(trx: Db, rideId: number, passengerId: number, now: Date): Promise<boolean> {
  const result = await trx
    .updateTable('ridePayments')
    .set({ leftAt: now })
    .where('rideId', '=', rideId)
    .where('passengerId', '=', passengerId)
    .where('leftAt', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** One of the reader's own rows, with the ride and its organiser, for the cards and My Rides. */
export interface OwnShareRow {
  rideId: number;
  amountDueCents: number;
  paidCents: number;
  topUpDueCents: number;
  status: PaymentStatus;
  left: boolean;
  direction: Direction;
  date: Date;
  organiserName: string;
}

/**
 * The reader's own rows on rides departing at or after `since`, not cancelled, for the cards' "Your
 * share" (docs/payments.md#price-story) and a leaver's card: one row per entry, kept rows of
 * entries that left marked so. A kept row still due stays listed however long ago the ride went
 * (docs/payments.md#still-owed).
 */
export async function listOwnShares(db: Db, userId: number, since: Date): Promise<OwnShareRow[]> {
  const rows = await db
    .selectFrom('ridePayments as p')
    .innerJoin('rides as r', 'r.id', 'p.rideId')
    .innerJoin('users as o', 'o.id', 'r.creatorId')
    .select([
      'p.rideId',
      'p.amountDueCents',
      'p.paidCents',
      'p.topUpDueCents',
      'p.status',
      'p.leftAt',
      'r.direction',
      'r.date',
      'o.name as organiserName',
      'o.discordUsername as organiserUsername',
    ])
    .where('p.userId', '=', userId)
    .where('r.status', '!=', 'cancelled')
    .where((eb) =>
      eb.or([
        eb('r.date', '>=', since),
        eb.and([eb('p.leftAt', 'is not', null), eb.or([eb('p.status', '=', 'due'), eb('p.topUpDueCents', '>', 0)])]),
      ]),
    )
    .orderBy('p.rideId')
    .orderBy('p.passengerId')
    .execute();
  return rows.map((row) => ({
    rideId: row.rideId,
    amountDueCents: row.amountDueCents,
    paidCents: row.paidCents,
    topUpDueCents: row.topUpDueCents,
    status: row.status,
    left: row.leftAt !== null,
    direction: row.direction,
    date: row.date,
    organiserName:
      displayName({ name: row.organiserName, discordUsername: row.organiserUsername }) ?? row.organiserUsername,
  }));
}

/**
 * "2 of 4 paid" for each locked ride `organiserId` organises: the riders' rows marked paid or
 * confirmed, of all the riders' rows; the organiser's own row is not counted (docs/payments.md#status).
 */
export async function paymentProgressOf(
  db: Db,
  organiserId: number,
): Promise<{ rideId: number; paid: number; total: number }[]> {
  const rows = await db
    .selectFrom('ridePayments as p')
    .innerJoin('rides as r', 'r.id', 'p.rideId')
    .select([
      'p.rideId',
      sql<number>`count(*) filter (where p.status in ('marked-paid', 'confirmed'))::int`.as('paid'),
      sql<number>`count(*)::int`.as('total'),
    ])
    .where('r.creatorId', '=', organiserId)
    .whereRef('p.userId', '!=', 'r.creatorId')
    .groupBy('p.rideId')
    .orderBy('p.rideId')
    .execute();
  return rows.map((row) => ({ rideId: row.rideId, paid: Number(row.paid), total: Number(row.total) }));
}

/** The payee as the PayNow code and the Revolut link name them (private fields: never answered). */
export async function findPayee(
  db: Db,
  userId: number,
): Promise<{ name: string; paynowProxy: string | null; revolutUsername: string | null } | null> {
  const row = await db
    .selectFrom('users')
    .select(['name', 'discordUsername', 'paynowProxy', 'revolutUsername'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  const { name, discordUsername, ...payee } = row;
  return { ...payee, name: displayName({ name, discordUsername }) ?? discordUsername };
}
