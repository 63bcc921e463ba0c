/** Every statement of the ride chat (docs/messages.md). */
import type { Db } from '@rideshare/db';
import type { Crossing, Direction, MessageAuthorRole } from '@rideshare/domain';
import { sql } from 'kysely';

/** What the chat rules read of a ride. */
export interface ChatRide {
  id: number;
  creatorId: number;
  vendorId: number | null;
  direction: Direction;
  date: Date;
  status: string;
  cancelledAt: Date | null;
  /** The bridge it crosses by: the trip day, which shares this party and lock, names stages from it. */
  crossing: Crossing;
}

const CHAT_RIDE_COLUMNS = [
  'id',
  'creatorId',
  'vendorId',
  'direction',
  'date',
  'status',
  'cancelledAt',
  'crossing',
] as const;

/** The ride, or null when there is none. */
export async function findChatRide(db: Db, rideId: number): Promise<ChatRide | null> {
  const row = await db.selectFrom('rides').select(CHAT_RIDE_COLUMNS).where('id', '=', rideId).executeTakeFirst();
  return row ?? null;
}

/** One stored message with its author's names, as the service shapes it. */
export interface MessageRow {
  id: number;
  rideId: number;
  authorId: number;
  authorRole: MessageAuthorRole;
  body: string | null;
  createdAt: Date;
  deletedAt: Date | null;
  authorName: string | null;
  authorDiscordUsername: string;
  authorDiscordVerified: boolean;
  authorCompanyName: string | null;
}

function selectMessages(db: Db) {
  return db
    .selectFrom('rideMessages')
    .innerJoin('users', 'users.id', 'rideMessages.authorId')
    .select([
      'rideMessages.id',
      'rideMessages.rideId',
      'rideMessages.authorId',
      'rideMessages.authorRole',
      'rideMessages.body',
      'rideMessages.createdAt',
      'rideMessages.deletedAt',
      'users.name as authorName',
      'users.discordUsername as authorDiscordUsername',
      'users.discordVerified as authorDiscordVerified',
      'users.companyName as authorCompanyName',
    ]);
}

/**
 * Up to `limit` messages of a ride before message `before` (the newest when null), newest first,
 * plus one more when there is an older one (so the caller knows whether to offer it).
 */
export async function listMessagesBefore(
  db: Db,
  rideId: number,
  paging: { before: number | null; limit: number },
): Promise<MessageRow[]> {
  let query = selectMessages(db).where('rideMessages.rideId', '=', rideId);
  if (paging.before !== null) query = query.where('rideMessages.id', '<', paging.before);
  return query
    .orderBy('rideMessages.id', 'desc')
    .limit(paging.limit + 1)
    .execute();
}

/** One message of a ride, or null. */
export async function findMessage(db: Db, rideId: number, messageId: number): Promise<MessageRow | null> {
  const row = await selectMessages(db)
    .where('rideMessages.rideId', '=', rideId)
    .where('rideMessages.id', '=', messageId)
    .executeTakeFirst();
  return row ?? null;
}

/** Writes a message; answers its id. */
export async function insertMessage(
  trx: Db,
  message: { rideId: number; authorId: number; authorRole: MessageAuthorRole; body: string; createdAt: Date },
): Promise<number> {
  const row = await trx.insertInto('rideMessages').values(message).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Empties a message, keeping its place in the thread; answers whether it was still there. */
export async function markMessageDeleted(trx: Db, args: { messageId: number; by: number; at: Date }): Promise<boolean> {
  const result = await trx
    .updateTable('rideMessages')
    .set({ body: null, deletedAt: args.at, deletedBy: args.by })
    .where('id', '=', args.messageId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** How far each of `userIds` has read the ride, and when their phone was last told (none: never). */
export async function readMarks(
  db: Db,
  rideId: number,
  userIds: readonly number[],
): Promise<Map<number, { lastReadId: number; pushedAt: Date | null }>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('rideMessageReads')
    .select(['userId', 'lastReadId', 'pushedAt'])
    .where('rideId', '=', rideId)
    .where('userId', 'in', [...userIds])
    .execute();
  return new Map(rows.map((row) => [row.userId, { lastReadId: row.lastReadId, pushedAt: row.pushedAt }]));
}

/** Moves a member's read mark forward to `lastReadId` (never back). */
export async function markThreadRead(
  db: Db,
  args: { rideId: number; userId: number; lastReadId: number },
): Promise<void> {
  await db
    .insertInto('rideMessageReads')
    .values({ rideId: args.rideId, userId: args.userId, lastReadId: args.lastReadId })
    .onConflict((oc) =>
      oc.columns(['rideId', 'userId']).doUpdateSet({
        lastReadId: sql<number>`greatest(ride_message_reads.last_read_id, excluded.last_read_id)`,
      }),
    )
    .execute();
}

/** Records that the phones of `userIds` were told of the ride's messages at `at`. */
export async function markPushed(db: Db, rideId: number, userIds: readonly number[], at: Date): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insertInto('rideMessageReads')
    .values(userIds.map((userId) => ({ rideId, userId, pushedAt: at })))
    .onConflict((oc) => oc.columns(['rideId', 'userId']).doUpdateSet({ pushedAt: at }))
    .execute();
}

/** The id of the ride's newest message (0 when it has none). */
export async function newestMessageId(db: Db, rideId: number): Promise<number> {
  const row = await db
    .selectFrom('rideMessages')
    .select((eb) => eb.fn.max('id').as('newest'))
    .where('rideId', '=', rideId)
    .executeTakeFirst();
  return Number(row?.newest ?? 0);
}

/**
 * The messages each user has not read on a ride: written by someone else after their read mark,
 * and not deleted. Users without any are left out.
 */
export async function unreadOnRide(db: Db, rideId: number, userIds: readonly number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const { rows } = await sql<{ uid: number; unread: number }>`
    select member.uid, count(*)::integer as unread
    from unnest(${[...userIds]}::integer[]) as member(uid)
    join ride_messages m on m.ride_id = ${rideId} and m.author_id <> member.uid and m.deleted_at is null
    left join ride_message_reads r on r.ride_id = ${rideId} and r.user_id = member.uid
    where m.id > coalesce(r.last_read_id, 0)
    group by member.uid`.execute(db);
  return new Map(rows.map((row) => [row.uid, Number(row.unread)]));
}

/**
 * A member's unread messages per ride, over the rides whose party they are in (organiser, rider, or
 * the assigned vendor when `approvedVendor`). Rides without unread messages are left out.
 */
export async function unreadByRide(
  db: Db,
  user: { id: number; approvedVendor: boolean },
): Promise<{ rideId: number; unread: number }[]> {
  // The member's rides first (each by its own index), so only their threads are read.
  const { rows } = await sql<{ rideId: number; unread: number }>`
    with mine as (
      select id as ride_id from rides where creator_id = ${user.id}
      union select ride_id from ride_passengers where user_id = ${user.id}
      union select id from rides where ${user.approvedVendor} and vendor_id = ${user.id}
    )
    select m.ride_id, count(*)::integer as unread
    from mine
    join ride_messages m on m.ride_id = mine.ride_id and m.author_id <> ${user.id} and m.deleted_at is null
    left join ride_message_reads r on r.ride_id = m.ride_id and r.user_id = ${user.id}
    where m.id > coalesce(r.last_read_id, 0)
    group by m.ride_id
    order by m.ride_id`.execute(db);
  return rows.map((row) => ({ rideId: row.rideId, unread: Number(row.unread) }));
}

/**
 * Writes a member's report of a message, keeping the message's text; a member reports a message
 * once, so a repeat writes nothing. Answers the report's id and whether this call wrote it.
 */
export async function insertReport(
  db: Db,
  report: { messageId: number; reporterId: number; reason: string; messageBody: string | null; createdAt: Date },
): Promise<{ id: number; created: boolean }> {
  const row = await db
    .insertInto('rideMessageReports')
    .values(report)
    .onConflict((oc) => oc.columns(['messageId', 'reporterId']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (row) return { id: row.id, created: true };
  const existing = await db
    .selectFrom('rideMessageReports')
    .select('id')
    .where('messageId', '=', report.messageId)
    .where('reporterId', '=', report.reporterId)
    .executeTakeFirstOrThrow();
  return { id: existing.id, created: false };
}

/** A report as the administrator reads it, with the message and who wrote and reported it. */
export interface ReportRow {
  id: number;
  reason: string;
  createdAt: Date;
  reporterName: string | null;
  reporterDiscordUsername: string;
  reporterCompanyName: string | null;
  reporterIsVendor: boolean;
  messageId: number;
  rideId: number;
  body: string | null;
  /** When the message was deleted (its author or the organiser); null while it stands. */
  deletedAt: Date | null;
  messageCreatedAt: Date;
  authorId: number;
  authorRole: MessageAuthorRole;
  authorName: string | null;
  authorDiscordUsername: string;
  authorDiscordVerified: boolean;
  authorCompanyName: string | null;
  rideDirection: Direction;
  rideDate: Date;
}

/** The reports still open (not dismissed), oldest first, on messages still there or deleted by someone else than the administrator. */
export async function listOpenReports(db: Db, limit: number): Promise<ReportRow[]> {
  return db
    .selectFrom('rideMessageReports as rep')
    .innerJoin('rideMessages as m', 'm.id', 'rep.messageId')
    .innerJoin('users as reporter', 'reporter.id', 'rep.reporterId')
    .innerJoin('users as author', 'author.id', 'm.authorId')
    .innerJoin('rides', 'rides.id', 'm.rideId')
    .select([
      'rep.id',
      'rep.reason',
      'rep.createdAt',
      'reporter.name as reporterName',
      'reporter.discordUsername as reporterDiscordUsername',
      'reporter.companyName as reporterCompanyName',
      'reporter.isVendor as reporterIsVendor',
      'm.id as messageId',
      'm.rideId',
      // The text as reported: a message deleted since (by its author or the organiser) keeps it here.
      sql<string | null>`coalesce(m.body, rep.message_body)`.as('body'),
      'm.deletedAt',
      'm.createdAt as messageCreatedAt',
      'm.authorId',
      'm.authorRole',
      'author.name as authorName',
      'author.discordUsername as authorDiscordUsername',
      'author.discordVerified as authorDiscordVerified',
      'author.companyName as authorCompanyName',
      'rides.direction as rideDirection',
      'rides.date as rideDate',
    ])
    .where('rep.dismissedAt', 'is', null)
    .orderBy('rep.id')
    .limit(limit)
    .execute();
}

/** The message a report is about, or null when there is no such report. */
export async function findReport(db: Db, reportId: number): Promise<{ messageId: number; rideId: number } | null> {
  const row = await db
    .selectFrom('rideMessageReports as rep')
    .innerJoin('rideMessages as m', 'm.id', 'rep.messageId')
    .select(['rep.messageId', 'm.rideId'])
    .where('rep.id', '=', reportId)
    .executeTakeFirst();
  return row ?? null;
}

/** Closes every open report of a message (it was deleted, or the administrator left it). */
export async function dismissReports(db: Db, messageId: number, at: Date): Promise<void> {
  await db
    .updateTable('rideMessageReports')
    .set({ dismissedAt: at })
    .where('messageId', '=', messageId)
    .where('dismissedAt', 'is', null)
    .execute();
}

/**
 * Deletes the messages (with their reports) and read marks of rides whose date is before
 * `before`; answers how many messages went.
 */
export async function deleteMessagesOfRidesBefore(db: Db, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('rideMessages')
    .where('rideId', 'in', (eb) => eb.selectFrom('rides').select('rides.id').where('rides.date', '<', before))
    .executeTakeFirst();
  await db
    .deleteFrom('rideMessageReads')
    .where('rideId', 'in', (eb) => eb.selectFrom('rides').select('rides.id').where('rides.date', '<', before))
    .execute();
  return Number(result.numDeletedRows);
}
