/**
 * The day of the trip's rows (docs/trip-day.md): stages, late notices, no-shows and share links.
 * Writers lock the ride first (`lockRide`, docs/architecture.md#ride-party: same party, same lock), so two posters of one ride run one after the other.
 */
import type { Db } from '@rideshare/db';
import type { TripPosterRole, TripStage } from '@rideshare/domain';
import { sql } from 'kysely';

import type { ChatRide } from './message-repository';

/** One stage reached, with its poster's names for the timeline. */
export interface StageRow {
  id: number;
  stage: TripStage;
  postedAt: Date;
  postedBy: number | null;
  postedByRole: TripPosterRole;
  posterName: string | null;
  posterDiscordUsername: string | null;
  posterCompanyName: string | null;
}

/** The ride's stages in the order they were posted (so in stage order). */
export async function listStages(db: Db, rideId: number): Promise<StageRow[]> {
  return db
    .selectFrom('rideTripStages as s')
    .leftJoin('users as u', 'u.id', 's.postedBy')
    .select([
      's.id',
      's.stage',
      's.postedAt',
      's.postedBy',
      's.postedByRole',
      'u.name as posterName',
      'u.discordUsername as posterDiscordUsername',
      'u.companyName as posterCompanyName',
    ])
    .where('s.rideId', '=', rideId)
    .orderBy('s.id')
    .execute();
}

export async function insertStage(
  trx: Db,
  row: { rideId: number; stage: TripStage; postedBy: number; postedByRole: TripPosterRole; postedAt: Date },
): Promise<void> {
  await trx.insertInto('rideTripStages').values(row).execute();
}

export async function deleteStage(trx: Db, id: number): Promise<void> {
  await trx.deleteFrom('rideTripStages').where('id', '=', id).execute();
}

export interface LateRow {
  userId: number;
  minutes: number;
  sentAt: Date;
  name: string | null;
  discordUsername: string;
}

export async function listLateNotices(db: Db, rideId: number): Promise<LateRow[]> {
  return db
    .selectFrom('rideLateNotices as l')
    .innerJoin('users as u', 'u.id', 'l.userId')
    .select(['l.userId', 'l.minutes', 'l.sentAt', 'u.name', 'u.discordUsername'])
    .where('l.rideId', '=', rideId)
    .orderBy('l.sentAt')
    .orderBy('l.userId')
    .execute();
}

/** The rider's notice for the ride; a second one replaces the first. */
export async function upsertLateNotice(
  trx: Db,
  row: { rideId: number; userId: number; minutes: number; sentAt: Date },
): Promise<void> {
  await trx
    .insertInto('rideLateNotices')
    .values(row)
    .onConflict((oc) => oc.columns(['rideId', 'userId']).doUpdateSet({ minutes: row.minutes, sentAt: row.sentAt }))
    .execute();
}

export async function listNoShows(db: Db, rideId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('rideNoShows')
    .select('passengerId')
    .where('rideId', '=', rideId)
    .orderBy('passengerId')
    .execute();
  return rows.map((row) => row.passengerId);
}

/** The riders of the parties marked as not showing up. */
export async function listNoShowUserIds(db: Db, rideId: number): Promise<number[]> {
  const rows = await db.selectFrom('rideNoShows').select('userId').where('rideId', '=', rideId).execute();
  return rows.map((row) => row.userId);
}

/** Marks a party as not showing up; answers whether it was not marked before. */
export async function insertNoShow(
  trx: Db,
  row: { rideId: number; passengerId: number; userId: number; markedBy: number; markedAt: Date },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('rideNoShows')
    .values(row)
    .onConflict((oc) => oc.columns(['rideId', 'passengerId']).doNothing())
    .returning('passengerId')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Takes a no-show back; answers whether there was one. */
export async function deleteNoShow(trx: Db, rideId: number, passengerId: number): Promise<boolean> {
  const result = await trx
    .deleteFrom('rideNoShows')
    .where('rideId', '=', rideId)
    .where('passengerId', '=', passengerId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** A passenger entry of the ride with its rider's names; null when the ride has no such entry. */
export async function findRideEntry(
  db: Db,
  rideId: number,
  passengerId: number,
): Promise<{ id: number; userId: number; name: string | null; discordUsername: string } | null> {
  const row = await db
    .selectFrom('ridePassengers as p')
    .innerJoin('users as u', 'u.id', 'p.userId')
    .select(['p.id', 'p.userId', 'u.name', 'u.discordUsername'])
    .where('p.rideId', '=', rideId)
    .where('p.id', '=', passengerId)
    .executeTakeFirst();
  return row ?? null;
}

export async function countShares(db: Db, rideId: number, userId: number): Promise<number> {
  const row = await db
    .selectFrom('rideTripShares')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('rideId', '=', rideId)
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertShare(
  trx: Db,
  row: { rideId: number; userId: number; tokenHash: string; createdAt: Date },
): Promise<void> {
  await trx.insertInto('rideTripShares').values(row).execute();
}

/**
 * Revokes one link for the ride: one of the member's (`userId`), or anyone's when `userId` is null
 * (the organiser's revoke). Answers whether it was there.
 */
export async function deleteShare(
  trx: Db,
  link: { rideId: number; userId: number | null; tokenHash: string },
): Promise<boolean> {
  let query = trx
    .deleteFrom('rideTripShares')
    .where('rideId', '=', link.rideId)
    .where('tokenHash', '=', link.tokenHash);
  if (link.userId !== null) query = query.where('userId', '=', link.userId);
  const result = await query.executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The ride's links with their makers' names, oldest first: of one member (`userId`), or all when null. */
export async function listShares(
  db: Db,
  rideId: number,
  userId: number | null,
): Promise<{ id: number; userId: number; createdAt: Date; name: string | null; discordUsername: string }[]> {
  let query = db
    .selectFrom('rideTripShares as sh')
    .innerJoin('users as u', 'u.id', 'sh.userId')
    .select(['sh.id', 'sh.userId', 'sh.createdAt', 'u.name', 'u.discordUsername'])
    .where('sh.rideId', '=', rideId)
    .orderBy('sh.id');
  if (userId !== null) query = query.where('sh.userId', '=', userId);
  return query.execute();
}

/** Revokes a link by its id: one of the member's (`userId`), or any on the ride when null. */
export async function deleteShareById(
  trx: Db,
  link: { rideId: number; userId: number | null; id: number },
): Promise<boolean> {
  let query = trx.deleteFrom('rideTripShares').where('rideId', '=', link.rideId).where('id', '=', link.id);
  if (link.userId !== null) query = query.where('userId', '=', link.userId);
  const result = await query.executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Every link a member made for the ride goes: they left it or were taken off it. */
export async function deleteMembersShares(trx: Db, rideId: number, userId: number): Promise<void> {
  await trx.deleteFrom('rideTripShares').where('rideId', '=', rideId).where('userId', '=', userId).execute();
}

/**
 * Claims a phone notification of trip news `kind` for each of `userIds` about the ride
 * (docs/trip-day.md#notices): answers those whose last one of that kind was at or before `since`
 * (or never), and marks them pushed at `now`. One statement, so two writers at once claim once.
 */
export async function claimTripPushes(
  db: Db,
  claim: { rideId: number; userIds: readonly number[]; kind: string; now: Date; since: Date },
): Promise<Set<number>> {
  const users = [...new Set(claim.userIds)];
  if (users.length === 0) return new Set();
  const rows = await db
    .insertInto('tripPushes')
    .values(users.map((userId) => ({ rideId: claim.rideId, userId, kind: claim.kind, pushedAt: claim.now })))
    .onConflict((oc) =>
      oc
        .columns(['rideId', 'userId', 'kind'])
        .doUpdateSet({ pushedAt: (eb) => eb.ref('excluded.pushedAt') })
        .where('tripPushes.pushedAt', '<=', claim.since),
    )
    .returning('userId')
    .execute();
  return new Set(rows.map((row) => row.userId));
}

/** Takes back the no-shows of the ride marked at or after `since`; answers their riders. */
export async function deleteNoShowsSince(trx: Db, rideId: number, since: Date): Promise<number[]> {
  const rows = await trx
    .deleteFrom('rideNoShows')
    .where('rideId', '=', rideId)
    .where('markedAt', '>=', since)
    .returning('userId')
    .execute();
  return rows.map((row) => row.userId);
}

/** The ride a link follows, with who made the link and its vehicle (the assigned vendor's company and car number). */
export async function findSharedRide(
  db: Db,
  tokenHash: string,
): Promise<(ChatRide & { makerId: number; companyName: string | null; carNumber: string | null }) | null> {
  const row = await db
    .selectFrom('rideTripShares as sh')
    .innerJoin('rides as r', 'r.id', 'sh.rideId')
    .leftJoin('users as v', 'v.id', 'r.vendorId')
    .select([
      'r.id',
      'r.creatorId',
      'r.vendorId',
      'r.direction',
      'r.date',
      'r.status',
      'r.cancelledAt',
      'r.crossing',
      'sh.userId as makerId',
      'v.companyName',
      sql<string | null>`v.driver_details->>'carNumber'`.as('carNumber'),
    ])
    .where('sh.tokenHash', '=', tokenHash)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Reopens a ride that `arrived` completed at `completedAt` (an `arrived` taken back,
 * docs/trip-day.md#undo): it goes back to assigned (open without a driver), and the thumbs given in
 * the minutes since go with the completion. A ride completed otherwise keeps its status. Answers
 * whether it was reopened.
 */
export async function reopenCompletedRide(trx: Db, rideId: number, completedAt: Date): Promise<boolean> {
  const row = await trx
    .updateTable('rides')
    .set({
      status: sql<'open' | 'assigned'>`case when vendor_id is null then 'open' else 'assigned' end`,
      completedAt: null,
      updatedAt: new Date(),
    })
    .where('id', '=', rideId)
    .where('status', '=', 'completed')
    .where('completedAt', '=', completedAt)
    .returning('id')
    .executeTakeFirst();
  if (!row) return false;
  await trx.deleteFrom('rideRatings').where('rideId', '=', rideId).execute();
  return true;
}

/** The ride's newest stage, or null before any (docs/trip-day.md#closed reads it under the ride's lock). */
export async function currentStage(db: Db, rideId: number): Promise<TripStage | null> {
  const row = await db
    .selectFrom('rideTripStages')
    .select('stage')
    .where('rideId', '=', rideId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.stage ?? null;
}
