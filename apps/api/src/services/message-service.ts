/**
 * The ride chat (docs/messages.md): reading, posting and deleting the messages of a ride's thread,
 * for its party only, and telling the rest of the party. Every write locks the ride row, so a rider
 * who left (or a vendor released) in a transaction that committed first is refused at once, and
 * two posts on one ride fold their notices one after the other.
 */
import type { Database, Db } from '@rideshare/db';
import {
  assertChatWritable,
  canDeleteMessage,
  type ChatMessage,
  type ChatPage,
  DomainError,
  mayPushMessageNotice,
  MESSAGE_DELETE_FORBIDDEN_MESSAGE,
  MESSAGE_LIMIT_WINDOW_MS,
  messageAuthorName,
  type MessageAuthorRole,
  messageFloodMessage,
  notFound,
  RateLimitedError,
  type VendorStanding,
} from '@rideshare/domain';
import type { Kysely, Transaction } from 'kysely';

import { publishRideEvent, publishUserEvent } from '../events/publish';
import { countAction } from '../repositories/action-limit-repository';
import {
  type ChatRide,
  findChatRide,
  findMessage,
  insertMessage,
  listMessagesBefore,
  markMessageDeleted,
  markPushed,
  markThreadRead,
  type MessageRow,
  newestMessageId,
  readMarks,
  unreadOnRide,
  dismissReports,
  deleteMessagesOfRidesBefore,
} from '../repositories/message-repository';
import { foldRideNotifications, markNotificationsRead } from '../repositories/notification-repository';
import { assertPartyMember, lockRide, partyMemberIds, readParty } from './ride-party';

/** Who calls: the signed-in member with their vendor standing, read fresh for this request. */
export interface ChatMember extends VendorStanding {
  id: number;
  isAdmin: boolean;
}

/** The counter of the per-member posting limit (docs/messages.md#limits). */
const FLOOD_BUCKET = 'messages';

/** An author as a message shows them: their display name for their role, and the role. */
export function chatAuthor(row: {
  authorId: number;
  authorRole: MessageAuthorRole;
  authorName: string | null;
  authorDiscordUsername: string;
  authorDiscordVerified: boolean;
  authorCompanyName: string | null;
}): ChatMessage['author'] {
  const name = messageAuthorName(row.authorRole, {
    name: row.authorName,
    discordUsername: row.authorDiscordUsername,
    companyName: row.authorCompanyName,
  });
  return { id: row.authorId, name, role: row.authorRole, discordVerified: row.authorDiscordVerified };
}

export function toChatMessage(row: MessageRow): ChatMessage {
  const deleted = row.deletedAt !== null;
  return {
    id: row.id,
    rideId: row.rideId,
    author: chatAuthor(row),
    body: deleted ? null : row.body,
    createdAt: row.createdAt.toISOString(),
    deleted,
  };
}

function rideOrNotFound(ride: ChatRide | null): ChatRide {
  if (!ride) throw notFound('ride');
  return ride;
}

/** A page of the thread, oldest first, for a member of the party. */
export async function listMessages(
  db: Db,
  args: { rideId: number; member: ChatMember; before: number | null; limit: number },
): Promise<ChatPage> {
  const ride = rideOrNotFound(await findChatRide(db, args.rideId));
  await assertPartyMember(db, ride, args.member);
  const rows = await listMessagesBefore(db, ride.id, { before: args.before, limit: args.limit });
  const page = rows.slice(0, args.limit).reverse();
  const hasOlder = rows.length > args.limit;
  return { items: page.map(toChatMessage), nextBefore: hasOlder && page[0] ? page[0].id : null };
}

/** Counts a post against MESSAGES_PER_MINUTE; refuses past it with the reason and when to retry. */
async function countPost(trx: Db, memberId: number, now: Date, perMinute: number): Promise<void> {
  const { count, windowStart } = await countAction(trx, {
    bucket: FLOOD_BUCKET,
    key: `user:${String(memberId)}`,
    now,
    windowMs: MESSAGE_LIMIT_WINDOW_MS,
  });
  if (count <= perMinute) return;
  const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + MESSAGE_LIMIT_WINDOW_MS - now.getTime()) / 1000));
  throw new RateLimitedError(messageFloodMessage(perMinute, retryAfter), retryAfter);
}

/**
 * Tells the rest of the party (docs/messages.md#notices): each member's one unread notice for the
 * ride now counts their unread messages, and their phone hears of it at most once in 10 minutes.
 */
async function tellParty(trx: Transaction<Database>, ride: ChatRide, authorId: number, now: Date): Promise<void> {
  const recipients = partyMemberIds(await readParty(trx, ride)).filter((id) => id !== authorId);
  if (recipients.length === 0) return;
  const unread = await unreadOnRide(trx, ride.id, recipients);
  const marks = await readMarks(trx, ride.id, recipients);
  const groups = new Map<string, { count: number; loud: boolean; userIds: number[] }>();
  for (const userId of recipients) {
    const count = unread.get(userId) ?? 1;
    const loud = mayPushMessageNotice(marks.get(userId)?.pushedAt ?? null, now);
    const key = `${String(count)}:${String(loud)}`;
    const group = groups.get(key) ?? { count, loud, userIds: [] };
    group.userIds.push(userId);
    groups.set(key, group);
  }
  for (const group of groups.values()) {
    await foldRideNotifications(
      trx,
      group.userIds,
      {
        kind: 'ride_message',
        rideId: ride.id,
        rideDirection: ride.direction,
        rideDate: ride.date,
        detail: String(group.count),
      },
      { quiet: !group.loud },
    );
    if (group.loud) await markPushed(trx, ride.id, group.userIds, now);
  }
  for (const userId of recipients) await publishUserEvent(trx, 'notifications.changed', userId, ride.id);
}

/** A member of the party posts on the thread; answers the message. */
export async function sendMessage(
  db: Kysely<Database>,
  args: { rideId: number; member: ChatMember; body: string; now: Date; perMinute: number },
): Promise<ChatMessage> {
  const id = await db.transaction().execute(async (trx) => {
    const ride = rideOrNotFound(await lockRide(trx, args.rideId));
    const role = await assertPartyMember(trx, ride, args.member);
    assertChatWritable(ride, args.now);
    await countPost(trx, args.member.id, args.now, args.perMinute);
    const messageId = await insertMessage(trx, {
      rideId: ride.id,
      authorId: args.member.id,
      authorRole: role,
      body: args.body,
      createdAt: args.now,
    });
    await markThreadRead(trx, { rideId: ride.id, userId: args.member.id, lastReadId: messageId });
    await tellParty(trx, ride, args.member.id, args.now);
    await publishRideEvent(trx, 'messages.changed', ride.id);
    return messageId;
  });
  const row = await findMessage(db, args.rideId, id);
  if (!row) throw notFound('message');
  return toChatMessage(row);
}

/**
 * Deletes a message, leaving "message deleted" in its place: its author, the ride's organiser
 * (moderation) or the administrator (a report). Answers the emptied message; deleting it again
 * answers the same.
 */
export async function deleteMessage(
  db: Kysely<Database>,
  args: { rideId: number; messageId: number; member: ChatMember; now: Date },
): Promise<ChatMessage> {
  await db.transaction().execute(async (trx) => {
    const ride = rideOrNotFound(await lockRide(trx, args.rideId));
    if (!args.member.isAdmin) await assertPartyMember(trx, ride, args.member);
    const message = await findMessage(trx, ride.id, args.messageId);
    if (!message) throw notFound('message');
    const allowed =
      args.member.isAdmin ||
      canDeleteMessage({ viewerId: args.member.id, authorId: message.authorId, organiserId: ride.creatorId });
    if (!allowed) throw new DomainError('NOT_ALLOWED_TO_REMOVE', MESSAGE_DELETE_FORBIDDEN_MESSAGE);
    if (await markMessageDeleted(trx, { messageId: message.id, by: args.member.id, at: args.now })) {
      await publishRideEvent(trx, 'messages.changed', ride.id);
    }
    // Only the administrator's delete settles the message's reports; its author's or the
    // organiser's leaves them open, with the text as reported (docs/messages.md#reports).
    if (args.member.isAdmin) await dismissReports(trx, message.id, args.now);
  });
  const row = await findMessage(db, args.rideId, args.messageId);
  if (!row) throw notFound('message');
  return toChatMessage(row);
}

/**
 * A member opened the ride's chat: their read mark moves to the newest message and their unread
 * notice for the ride is marked read.
 */
export async function markChatRead(
  db: Kysely<Database>,
  args: { rideId: number; member: ChatMember; now: Date },
): Promise<{ rideId: number; unread: number }> {
  await db.transaction().execute(async (trx) => {
    const ride = rideOrNotFound(await findChatRide(trx, args.rideId));
    await assertPartyMember(trx, ride, args.member);
    await markThreadRead(trx, {
      rideId: ride.id,
      userId: args.member.id,
      lastReadId: await newestMessageId(trx, ride.id),
    });
    const read = await markNotificationsRead(trx, args.member.id, undefined, args.now, {
      rideId: ride.id,
      kind: 'ride_message',
    });
    if (read > 0) await publishUserEvent(trx, 'notifications.changed', args.member.id, ride.id);
  });
  return { rideId: args.rideId, unread: 0 };
}

/** Checks the member may act on the thread's message and that it is still there; answers it. */
export async function readableMessage(
  db: Db,
  args: { rideId: number; messageId: number; member: ChatMember },
): Promise<MessageRow> {
  const ride = rideOrNotFound(await findChatRide(db, args.rideId));
  await assertPartyMember(db, ride, args.member);
  const message = await findMessage(db, ride.id, args.messageId);
  if (!message || message.deletedAt !== null) throw notFound('message');
  return message;
}

/** Deletes the messages of rides more than `retentionDays` past (docs/messages.md#retention). */
export function deleteOldMessages(db: Db, now: Date, retentionDays: number): Promise<number> {
  return deleteMessagesOfRidesBefore(db, new Date(now.getTime() - retentionDays * 86_400_000));
}
