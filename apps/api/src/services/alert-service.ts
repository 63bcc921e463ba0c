/**
 * Ride alerts (docs/alerts.md): creating one (within the member's limit, under a lock on their row
 * so two requests cannot both take the tenth place), deleting one's own, and telling the owners of
 * matching alerts when a ride is written.
 */
import type { Database, Db } from '@rideshare/db';
import {
  ALERT_MESSAGES,
  type AlertCreate,
  assertAlertWindow,
  assertCanAddAlert,
  DomainError,
  notFound,
  singaporeDay,
} from '@rideshare/domain';
import type { Kysely, Transaction } from 'kysely';

import {
  countLiveAlerts,
  deleteAlertOf,
  insertAlert,
  listAlertsOf,
  notifyMatchingAlerts,
  type AlertItem,
} from '../repositories/alert-repository';
import { lockUserForUpdate } from '../repositories/user-repository';

export async function createAlert(
  db: Kysely<Database>,
  args: { user: { id: number; isVendor: boolean }; input: AlertCreate; now: Date },
): Promise<AlertItem> {
  const { user, input, now } = args;
  if (user.isVendor) throw new DomainError('VENDORS_CANNOT_CREATE', ALERT_MESSAGES.vendors);
  assertAlertWindow(input, now);
  const id = await db.transaction().execute(async (trx) => {
    await lockUserForUpdate(trx, user.id);
    assertCanAddAlert(await countLiveAlerts(trx, user.id, singaporeDay(now)));
    return insertAlert(trx, {
      userId: user.id,
      direction: input.direction,
      fromDate: input.fromDate,
      toDate: input.toDate,
      weekdays: input.weekdays,
      earliestMinute: input.earliestTime,
      latestMinute: input.latestTime,
    });
  });
  const [created] = await listAlertsOf(db, user.id, { id });
  if (!created) throw notFound('alert');
  return created;
}

/** Deletes the member's own alert; someone else's is 404, as if it did not exist. */
export async function removeAlert(db: Db, args: { userId: number; id: number }): Promise<void> {
  if (!(await deleteAlertOf(db, args.userId, args.id))) throw notFound('alert');
}

/**
 * Called by every write that creates a ride or changes what alerts match on, inside its
 * transaction after the ride's derived fields are saved: one statement, however many alerts.
 */
export function tellAlertOwners(trx: Transaction<Database>, rideId: number, now: Date): Promise<number[]> {
  return notifyMatchingAlerts(trx, rideId, now);
}
