/**
 * The reader's side of the inbox that needs a transaction: marking read, and telling the user's
 * other tabs (the live channel's "your inbox changed") only when something did change.
 */
import type { Database, Db } from '@rideshare/db';
import type { Kysely } from 'kysely';

import { publishUserEvent } from '../events/publish';
import {
  deleteNotificationsBeyond,
  deleteReadNotificationsBefore,
  markNotificationsRead,
} from '../repositories/notification-repository';

/** Read notifications are kept this long after they were written (docs/write-limits.md). */
export const READ_NOTIFICATION_KEEP_DAYS = 90;

/** Each member's inbox keeps at most this many notifications, the newest. */
export const NOTIFICATIONS_KEPT_PER_USER = 500;

/**
 * Marks the user's own notifications read: those in `ids` (others' and unknown ids are ignored), or
 * all when `ids` is undefined. Answers how many changed from unread to read.
 */
export function markRead(
  db: Kysely<Database>,
  args: { userId: number; ids: readonly number[] | undefined; now: Date },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const updated = await markNotificationsRead(trx, args.userId, args.ids, args.now);
    if (updated > 0) await publishUserEvent(trx, 'notifications.changed', args.userId, null);
    return updated;
  });
}

/**
 * A waitlist offer the member answered (accepted or declined) is no longer news: its unread offer
 * notifications for that ride are marked read in the same transaction, and their other tabs told.
 */
export async function markOfferAnswered(trx: Db, args: { userId: number; rideId: number; now: Date }): Promise<void> {
  const updated = await markNotificationsRead(trx, args.userId, undefined, args.now, {
    rideId: args.rideId,
    kind: 'waitlist_offer',
  });
  if (updated > 0) await publishUserEvent(trx, 'notifications.changed', args.userId, args.rideId);
}

/**
 * Keeps inboxes bounded: drops read notifications written more than READ_NOTIFICATION_KEEP_DAYS
 * before `now`, then anything beyond each member's newest NOTIFICATIONS_KEPT_PER_USER. Run by the
 * periodic sweep (the pruning job, services/sweep.ts); answers how many rows went.
 */
export async function pruneNotifications(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - READ_NOTIFICATION_KEEP_DAYS * 86_400_000);
  const read = await deleteReadNotificationsBefore(db, before);
  return read + (await deleteNotificationsBeyond(db, NOTIFICATIONS_KEPT_PER_USER));
}
