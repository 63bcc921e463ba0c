/**
 * Telling members about a change, inside the transaction that made it: the inbox rows and the
 * "your inbox changed" event commit (or roll back) together with the change.
 */
import type { Db } from '@rideshare/db';

import { publishUserEvent } from '../events/publish';
import { insertNotifications, type NewNotification } from '../repositories/notification-repository';

export async function notifyUsers(trx: Db, userIds: readonly number[], notification: NewNotification): Promise<void> {
  const unique = [...new Set(userIds)];
  await insertNotifications(trx, unique, notification);
  for (const userId of unique) {
    await publishUserEvent(trx, 'notifications.changed', userId, notification.rideId);
  }
}
