/**
 * The border checklist's tables (docs/border.md): private travel profiles, the items riders ticked,
 * and the reminders already sent. Profiles are read only here, by their owner's id or for the
 * checklist and readiness computations; they are never joined into another answer.
 */
import type { Database, Db } from '@rideshare/db';
import type { BorderReminderKind, ChecklistItemId, Direction, RideStatus, TravelProfile } from '@rideshare/domain';
import { sql, type Transaction } from 'kysely';

const passportText = sql<string | null>`to_char(passport_expires_on, 'YYYY-MM-DD')`.as('passportExpiresOn');

export type TickableItem = Exclude<ChecklistItemId, 'passport'>;

export async function findTravelProfile(db: Db, userId: number): Promise<TravelProfile | null> {
  const row = await db
    .selectFrom('travelProfiles')
    .select(['documentCategory', passportText])
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row ? { documentCategory: row.documentCategory, passportExpiresOn: row.passportExpiresOn } : null;
}

/** The profiles of several members, keyed by user id (members without one are absent). */
export async function findTravelProfiles(db: Db, userIds: readonly number[]): Promise<Map<number, TravelProfile>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('travelProfiles')
    .select(['userId', 'documentCategory', passportText])
    .where('userId', 'in', [...userIds])
    .execute();
  return new Map(
    rows.map((row) => [
      row.userId,
      { documentCategory: row.documentCategory, passportExpiresOn: row.passportExpiresOn },
    ]),
  );
}

/** Creates or replaces a member's profile (one statement). */
export async function upsertTravelProfile(db: Db, userId: number, profile: TravelProfile, now: Date): Promise<void> {
  await db
    .insertInto('travelProfiles')
    .values({ userId, ...profile, updatedAt: now })
    .onConflict((oc) => oc.column('userId').doUpdateSet({ ...profile, updatedAt: now }))
    .execute();
}

/** The items each rider of a ride ticked, keyed by user id. */
export async function listChecklistTicks(db: Db, rideId: number): Promise<Map<number, Set<ChecklistItemId>>> {
  const rows = await db.selectFrom('checklistTicks').select(['userId', 'item']).where('rideId', '=', rideId).execute();
  const ticks = new Map<number, Set<ChecklistItemId>>();
  for (const row of rows) {
    const own = ticks.get(row.userId) ?? new Set<ChecklistItemId>();
    own.add(row.item);
    ticks.set(row.userId, own);
  }
  return ticks;
}

/** Ticks an item (ticking twice keeps the first time) or unticks it. */
export async function setChecklistTick(
  trx: Db,
  tick: { rideId: number; userId: number; item: TickableItem; done: boolean; now: Date },
): Promise<void> {
  if (tick.done) {
    await trx
      .insertInto('checklistTicks')
      .values({ rideId: tick.rideId, userId: tick.userId, item: tick.item, tickedAt: tick.now })
      .onConflict((oc) => oc.columns(['rideId', 'userId', 'item']).doNothing())
      .execute();
    return;
  }
  await trx
    .deleteFrom('checklistTicks')
    .where('rideId', '=', tick.rideId)
    .where('userId', '=', tick.userId)
    .where('item', '=', tick.item)
    .execute();
}

/** Removes every tick of one item on a ride; answers whose ticks went. */
export async function clearChecklistItem(
  trx: Transaction<Database>,
  rideId: number,
  item: TickableItem,
): Promise<number[]> {
  const rows = await trx
    .deleteFrom('checklistTicks')
    .where('rideId', '=', rideId)
    .where('item', '=', item)
    .returning('userId')
    .execute();
  return rows.map((row) => row.userId);
}

/** The ride fields a checklist reads, and who is on it (each account once). */
export interface ChecklistRide {
  id: number;
  creatorId: number;
  vendorId: number | null;
  direction: Direction;
  date: Date;
  status: RideStatus;
  riderIds: number[];
}

export async function findChecklistRide(db: Db, rideId: number): Promise<ChecklistRide | null> {
  const ride = await db
    .selectFrom('rides')
    .select(['id', 'creatorId', 'vendorId', 'direction', 'date', 'status'])
    .where('id', '=', rideId)
    .executeTakeFirst();
  if (!ride) return null;
  const riders = await db
    .selectFrom('ridePassengers')
    .select('userId')
    .distinct()
    .where('rideId', '=', rideId)
    .orderBy('userId')
    .execute();
  return { ...ride, riderIds: riders.map((row) => row.userId) };
}

/** Future rides, not cancelled, that a member rides on (their readiness follows their profile). */
export async function listUpcomingRideIdsOf(db: Db, userId: number, now: Date): Promise<number[]> {
  const rows = await db
    .selectFrom('rides')
    .select('rides.id')
    .where('rides.date', '>', now)
    .where('rides.status', '!=', 'cancelled')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('ridePassengers')
          .select(sql`1`.as('one'))
          .whereRef('ridePassengers.rideId', '=', 'rides.id')
          .where('ridePassengers.userId', '=', userId),
      ),
    )
    .orderBy('rides.id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Rides a reminder could be due for: not cancelled, departing after `now` and within `horizon`
 * (the arrival-card windows open at most a few days ahead), soonest first.
 */
export async function listRideIdsDepartingBetween(db: Db, now: Date, horizon: Date): Promise<number[]> {
  const rows = await db
    .selectFrom('rides')
    .select('id')
    .where('date', '>', now)
    .where('date', '<=', horizon)
    .where('status', '!=', 'cancelled')
    .orderBy('date')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Records that a reminder went to a rider for a ride; answers false when it had already been sent
 * (the primary key makes two sweeps racing on it send it once).
 */
export async function markReminderSent(
  trx: Db,
  mark: { rideId: number; userId: number; kind: BorderReminderKind; now: Date },
): Promise<boolean> {
  const rows = await trx
    .insertInto('borderRemindersSent')
    .values({ rideId: mark.rideId, userId: mark.userId, kind: mark.kind, sentAt: mark.now })
    .onConflict((oc) => oc.columns(['rideId', 'userId', 'kind']).doNothing())
    .returning('userId')
    .execute();
  return rows.length > 0;
}
