/**
 * The route order's notices (docs/product.md#late-joiners): the organiser is asked to place a late
 * joiner; once a locked order changes, every rider hears their stop number. Written inside the
 * changing transaction, so a change that rolls back tells nobody.
 */
import type { Database } from '@rideshare/db';
import { displayName, type RideEntry, stopNumbers } from '@rideshare/domain';
import type { Transaction } from 'kysely';

import { findPublicUserById } from '../repositories/user-repository';
import { notifyAboutRide, type NotifiedRide } from './ride-notifications';

/**
 * Tells each rider on the ride (but `exceptUserId`, who made the change) the order changed, with
 * their stop number as it now is (none while they are not placed yet).
 */
export async function tellPartyTheOrder(
  trx: Transaction<Database>,
  ride: NotifiedRide,
  entries: readonly RideEntry[],
  exceptUserId: number,
): Promise<void> {
  const numbers = stopNumbers(entries);
  for (const entry of entries) {
    if (entry.userId === exceptUserId) continue;
    const stop = numbers.get(entry.id) ?? null;
    await notifyAboutRide(trx, [entry.userId], ride, 'order_changed', stop === null ? null : String(stop));
  }
}

/** Asks the organiser to place a member who joined a locked order at a new place ('Place Dan in the order'). */
export async function askOrganiserToPlace(
  trx: Transaction<Database>,
  ride: NotifiedRide & { creatorId: number },
  userId: number,
): Promise<void> {
  if (userId === ride.creatorId) return;
  const user = await findPublicUserById(trx, userId);
  await notifyAboutRide(trx, [ride.creatorId], ride, 'order_place_newcomer', displayName(user) ?? 'A passenger');
}
