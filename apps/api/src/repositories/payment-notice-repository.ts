/**
 * The organiser's one notice of a rider's payment marks on a ride (docs/payments.md#mark-notices):
 * which notice stands for them and when one last reached the organiser's phone. Callers hold the
 * ride row's lock, so two marks on one ride never race here.
 */
import type { Db } from '@rideshare/db';

import type { FoldedNotification } from './notification-repository';

export interface MarkNotice {
  /** The organiser's notice standing for this rider's marks while it is unread; null otherwise. */
  unreadNotificationId: number | null;
  pushedAt: Date | null;
}

/** The record of one rider's marks on one ride, with its notice only while that is still unread. */
export async function findMarkNotice(db: Db, rideId: number, riderId: number): Promise<MarkNotice | null> {
  const row = await db
    .selectFrom('paymentMarkNotices as m')
    .leftJoin('notifications as n', (join) => join.onRef('n.id', '=', 'm.notificationId').on('n.readAt', 'is', null))
    .select(['n.id as unreadNotificationId', 'm.pushedAt'])
    .where('m.rideId', '=', rideId)
    .where('m.riderId', '=', riderId)
    .executeTakeFirst();
  return row ? { unreadNotificationId: row.unreadNotificationId ?? null, pushedAt: row.pushedAt } : null;
}

/**
 * Replaces the notice `replaced` (when given) by a new one for `userId`, quiet (no phone
 * notification) or not; a replaced notice takes a push it had not sent yet with it. Answers the id.
 */
export async function replaceMarkNotification(
  db: Db,
  args: { userId: number; replaced: number | null; notification: FoldedNotification; quiet: boolean; now: Date },
): Promise<number> {
  if (args.replaced !== null) await db.deleteFrom('notifications').where('id', '=', args.replaced).execute();
  const row = await db
    .insertInto('notifications')
    .values({ userId: args.userId, ...args.notification, quiet: args.quiet, createdAt: args.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Records the notice now standing for a rider's marks and, when it went to the phone, when. */
export async function saveMarkNotice(
  db: Db,
  args: { rideId: number; riderId: number; notificationId: number; pushedAt: Date | null },
): Promise<void> {
  const pushed = args.pushedAt === null ? {} : { pushedAt: args.pushedAt };
  await db
    .insertInto('paymentMarkNotices')
    .values({ rideId: args.rideId, riderId: args.riderId, notificationId: args.notificationId, ...pushed })
    .onConflict((conflict) =>
      conflict.columns(['rideId', 'riderId']).doUpdateSet({ notificationId: args.notificationId, ...pushed }),
    )
    .execute();
}
