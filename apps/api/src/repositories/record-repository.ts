/**
 * A member's record and the thumbs behind it (docs/record.md): counted from the rides, entries and
 * leaves the app already keeps, and from ride_ratings.
 */
import type { Database, Db } from '@rideshare/db';
import {
  type AdminThumb,
  type Direction,
  displayName,
  type GivenThumb,
  type MemberRecord,
  NOTE_READERS_MIN_GIVERS,
  ON_TIME_MINUTES,
  type ReceivedThumb,
  thumbSubjectName,
  type ThumbValue,
} from '@rideshare/domain';
import { sql, type Transaction } from 'kysely';

const count = (value: unknown): number => Number(value ?? 0);

/**
 * The record of `userId` (docs/record.md#definitions), or null when there is no such member. One
 * statement: every count is a subquery on the member's own rows. A rider marked as not showing up
 * did not complete that trip; a vendor's punctuality counts only from `departed` stages they posted
 * themselves (docs/record.md#definitions).
 */
export async function readRecord(db: Db, userId: number): Promise<MemberRecord | null> {
  const { rows } = await sql<Record<string, unknown>>`
    select
      u.is_vendor as vendor,
      (select count(*) from rides r
        where r.status = 'completed'
          and (r.creator_id = u.id or r.vendor_id = u.id
            or (exists (select 1 from ride_passengers p where p.ride_id = r.id and p.user_id = u.id)
              and not exists (select 1 from ride_no_shows n where n.ride_id = r.id and n.user_id = u.id)))) as trips,
      (select count(*) from rides r where r.status = 'completed' and r.creator_id = u.id) as organized,
      (select count(*) from rides r where r.creator_id = u.id and r.cancelled_late) as cancelled,
      (select count(distinct x.ride_id) from ride_removals x where x.organizer_id = u.id and x.late) as removed,
      (select count(*) from rides r join ride_passengers p on p.ride_id = r.id
        where r.status = 'completed' and p.user_id = u.id and r.creator_id <> u.id
          and not exists (select 1 from ride_no_shows n where n.ride_id = r.id and n.user_id = u.id)) as ridden,
      (select count(distinct l.ride_id) from ride_leaves l where l.user_id = u.id and l.late) as leaves,
      (select count(distinct n.ride_id) from ride_no_shows n where n.user_id = u.id) as noshows,
      (select count(*) from rides r where r.status = 'completed' and r.vendor_id = u.id) as driven,
      (select count(*) from rides r join ride_trip_stages s on s.ride_id = r.id and s.stage = 'departed'
          and s.posted_by = u.id and s.posted_by_role = 'vendor'
        where r.vendor_id = u.id and r.status in ('assigned', 'completed')
          and s.posted_at <= r.date + make_interval(mins => ${ON_TIME_MINUTES})) as ontime,
      (select count(*) from rides r join ride_trip_stages s on s.ride_id = r.id and s.stage = 'departed'
          and s.posted_by = u.id and s.posted_by_role = 'vendor'
        where r.vendor_id = u.id and r.status in ('assigned', 'completed')
          and s.posted_at > r.date + make_interval(mins => ${ON_TIME_MINUTES})) as late,
      (select count(*) from ride_ratings t
        where t.subject_id = u.id and t.removed_at is null and t.value = 'up') as ups,
      (select count(*) from ride_ratings t
        where t.subject_id = u.id and t.removed_at is null and t.value = 'down') as downs
    from users u where u.id = ${userId}`.execute(db);
  const row = rows[0];
  if (!row) return null;
  return {
    tripsCompleted: count(row.trips),
    asOrganizer: {
      completed: count(row.organized),
      cancelledLate: count(row.cancelled),
      removedLate: count(row.removed),
    },
    asRider: { completed: count(row.ridden), noShows: count(row.noshows), leftLate: count(row.leaves) },
    asVendor:
      row.vendor === true ? { completed: count(row.driven), onTime: count(row.ontime), late: count(row.late) } : null,
    thumbs: { up: count(row.ups), down: count(row.downs) },
  };
}

export interface ThumbRow {
  id: number;
  value: ThumbValue;
  note: string | null;
  createdAt: Date;
  updatedAt: Date;
  removedAt: Date | null;
}

/** The thumb `raterId` gave `subjectId` on a ride (removed or not), locked for the change. */
export async function findThumbForUpdate(
  trx: Transaction<Database>,
  key: { rideId: number; raterId: number; subjectId: number },
): Promise<ThumbRow | null> {
  const row = await trx
    .selectFrom('rideRatings')
    .select(['id', 'value', 'note', 'createdAt', 'updatedAt', 'removedAt'])
    .where('rideId', '=', key.rideId)
    .where('raterId', '=', key.raterId)
    .where('subjectId', '=', key.subjectId)
    .forUpdate()
    .executeTakeFirst();
  return row ?? null;
}

export async function insertThumb(
  trx: Transaction<Database>,
  thumb: { rideId: number; raterId: number; subjectId: number; value: ThumbValue; note: string | null; at: Date },
): Promise<void> {
  await trx
    .insertInto('rideRatings')
    .values({
      rideId: thumb.rideId,
      raterId: thumb.raterId,
      subjectId: thumb.subjectId,
      value: thumb.value,
      note: thumb.note,
      createdAt: thumb.at,
      updatedAt: thumb.at,
    })
    .execute();
}

export async function updateThumb(
  trx: Transaction<Database>,
  id: number,
  change: { value: ThumbValue; note: string | null; at: Date },
): Promise<void> {
  await trx
    .updateTable('rideRatings')
    .set({ value: change.value, note: change.note, updatedAt: change.at })
    .where('id', '=', id)
    .execute();
}

/** The thumbs `raterId` gave on a ride and still stand, by subject. */
export async function listGivenThumbs(db: Db, rideId: number, raterId: number): Promise<GivenThumb[]> {
  const rows = await db
    .selectFrom('rideRatings')
    .select(['subjectId', 'value', 'note', 'createdAt', 'updatedAt'])
    .where('rideId', '=', rideId)
    .where('raterId', '=', raterId)
    .where('removedAt', 'is', null)
    .orderBy('subjectId', 'asc')
    .execute();
  return rows.map((row) => ({
    subjectId: row.subjectId,
    value: row.value,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** How many thumbs one list answers at most (the newest). */
const THUMB_PAGE = 100;

/** The standing thumbs with their ride, newest change first, at most a page of them. */
function standingThumbs(db: Db) {
  return db
    .selectFrom('rideRatings as t')
    .innerJoin('rides as r', 'r.id', 't.rideId')
    .select(['t.id', 't.rideId', 'r.direction', 'r.date', 't.value', 't.note', 't.updatedAt'])
    .where('t.removedAt', 'is', null)
    .orderBy('t.updatedAt', 'desc')
    .orderBy('t.id', 'desc')
    .limit(THUMB_PAGE);
}

function toAdminBase(row: {
  id: number;
  rideId: number;
  direction: Direction;
  date: Date;
  value: ThumbValue;
  note: string | null;
  updatedAt: Date;
}): Omit<AdminThumb, 'rater' | 'subject'> {
  return {
    id: row.id,
    rideId: row.rideId,
    rideDirection: row.direction,
    rideDate: row.date.toISOString(),
    value: row.value,
    note: row.note,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The thumbs `subjectId` received and still stand (docs/record.md#thumbs): without who gave them,
 * on which ride or when, ups first, in an order that says nothing of when each came; the notes only
 * once NOTE_READERS_MIN_GIVERS or more members have given the subject a thumb, so none points to its giver.
 */
export async function listReceivedThumbs(db: Db, subjectId: number): Promise<ReceivedThumb[]> {
  const rows = await db
    .selectFrom('rideRatings')
    .select(['id', 'value', 'note', 'raterId'])
    .where('subjectId', '=', subjectId)
    .where('removedAt', 'is', null)
    .orderBy('value', 'desc')
    .orderBy('note')
    .orderBy('id')
    .limit(THUMB_PAGE)
    .execute();
  const givers = new Set(rows.map((row) => row.raterId)).size;
  const notesShown = givers >= NOTE_READERS_MIN_GIVERS;
  return rows.map((row) => ({ id: row.id, value: row.value, note: notesShown ? row.note : null }));
}

/** The newest standing thumbs of every member, with who gave them to whom (administrators). */
export async function listThumbsForAdmin(db: Db): Promise<AdminThumb[]> {
  const rows = await standingThumbs(db)
    .innerJoin('users as rater', 'rater.id', 't.raterId')
    .innerJoin('users as subject', 'subject.id', 't.subjectId')
    .select([
      't.raterId',
      't.subjectId',
      'rater.name as raterName',
      'rater.discordUsername as raterUsername',
      'subject.companyName as subjectCompany',
      'subject.name as subjectName',
      'subject.discordUsername as subjectUsername',
    ])
    .execute();
  return rows.map((row) => ({
    ...toAdminBase(row),
    rater: {
      id: row.raterId,
      name: displayName({ name: row.raterName, discordUsername: row.raterUsername }) ?? row.raterUsername,
    },
    subject: {
      id: row.subjectId,
      name: thumbSubjectName({
        companyName: row.subjectCompany,
        name: row.subjectName,
        discordUsername: row.subjectUsername,
      }),
    },
  }));
}

/**
 * An administrator removes a thumb: it counts no more and its note is gone. Answers the subject, or
 * null when there is no such thumb; removing it again changes nothing.
 */
export async function removeThumb(
  db: Db,
  args: { id: number; adminId: number; at: Date },
): Promise<{ subjectId: number } | null> {
  const row = await db
    .selectFrom('rideRatings')
    .select(['subjectId', 'removedAt'])
    .where('id', '=', args.id)
    .executeTakeFirst();
  if (!row) return null;
  await db
    .updateTable('rideRatings')
    .set({ removedAt: args.at, removedBy: args.adminId, note: null })
    .where('id', '=', args.id)
    .where('removedAt', 'is', null)
    .execute();
  return { subjectId: row.subjectId };
}

/**
 * Claims the member's once-a-day thumb notice (docs/record.md#notices): true when they were last
 * told at or before `since` (or never), and marks them told at `now`. One statement, so two thumbs
 * at once claim it once.
 */
export async function claimThumbNotice(db: Db, userId: number, now: Date, since: Date): Promise<boolean> {
  const { rows } = await sql<{ userId: number }>`
    insert into thumb_notices (user_id, told_at) values (${userId}, ${now})
    on conflict (user_id) do update set told_at = excluded.told_at
    where thumb_notices.told_at <= ${since}
    returning user_id`.execute(db);
  return rows.length > 0;
}

/** Members' names as a thumb shows them (domain `thumbSubjectName`). */
/** Which of `ids` carry their verified Discord name (docs/sign-in.md#verified). */
export async function verifiedUserIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', [...ids])
    .where('discordVerified', '=', true)
    .execute();
  return new Set(rows.map((row) => row.id));
}

export async function subjectNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'companyName', 'name', 'discordUsername'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, thumbSubjectName(row)]));
}
