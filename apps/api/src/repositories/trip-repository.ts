/**
 * The day of the trip's rows (docs/trip-day.md): stages, late notices, no-shows and share links.
 * Writers lock the ride first (the chat's `lockChatRide`: same party, same lock), so two posters of one ride run one after the other.
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

/** Revokes one of the member's links for the ride; answers whether it was there. */
export async function deleteShare(
  trx: Db,
  link: { rideId: number; userId: number; tokenHash: string },
): Promise<boolean> {
  const result = await trx
    .deleteFrom('rideTripShares')
    .where('rideId', '=', link.rideId)
    .where('userId', '=', link.userId)
    .where('tokenHash', '=', link.tokenHash)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The ride a link follows, with its vehicle (the assigned vendor's company and car number). */
export async function findSharedRide(
  db: Db,
  tokenHash: string,
): Promise<(ChatRide & { companyName: string | null; carNumber: string | null }) | null> {
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
      'v.companyName',
      sql<string | null>`v.driver_details->>'carNumber'`.as('carNumber'),
    ])
    .where('sh.tokenHash', '=', tokenHash)
    .executeTakeFirst();
  return row ?? null;
}
