import type { Db } from '@rideshare/db';
import type { Direction, NotificationKind } from '@rideshare/domain';

export interface NewNotification {
  kind: NotificationKind;
  rideId: number;
  rideDirection: Direction;
  rideDate: Date;
  detail: string | null;
}

/** Writes one notification per user (none for an empty list). */
export async function insertNotifications(
  trx: Db,
  userIds: readonly number[],
  notification: NewNotification,
): Promise<void> {
  if (userIds.length === 0) return;
  await trx
    .insertInto('notifications')
    .values(userIds.map((userId) => ({ userId, ...notification })))
    .execute();
}
