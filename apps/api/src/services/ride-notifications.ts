/**
 * Who hears about a change to a ride, and the inbox row they get: built from the locked ride and
 * the entries the writing service already read, and written inside its transaction (`notifyUsers`),
 * so a change that rolls back tells nobody.
 */
import type { Database, Db } from '@rideshare/db';
import { displayName, isOfferLapsed, type Direction, type NotificationKind } from '@rideshare/domain';
import type { Transaction } from 'kysely';

import { findPublicUserById } from '../repositories/user-repository';
import { listWaitlist } from '../repositories/waitlist-repository';
import { notifyUsers } from './notify';

/** The ride as the notification describes it: its direction and departure at the time. */
export interface NotifiedRide {
  id: number;
  direction: Direction;
  date: Date;
}

/**
 * The members in the ride's waitlist (one statement, in the caller's transaction, under the ride's
 * lock). A member whose offer lapsed has left the line and is not among them.
 */
export async function waitingMembers(trx: Transaction<Database>, rideId: number, now: Date): Promise<number[]> {
  const line = await listWaitlist(trx, rideId);
  return line.filter((entry) => !isOfferLapsed(entry, now)).map((entry) => entry.userId);
}

/** Writes one `kind` notification about `ride` to each user (none for an empty list). */
export function notifyAboutRide(
  trx: Db,
  userIds: readonly number[],
  ride: NotifiedRide,
  kind: NotificationKind,
  detail: string | null = null,
): Promise<void> {
  return notifyUsers(trx, userIds, {
    kind,
    rideId: ride.id,
    rideDirection: ride.direction,
    rideDate: ride.date,
    detail,
  });
}

/**
 * Tells the organiser that someone joined ('passenger_joined', detail: their name and group size,
 * 'Ann (2 people)') or left on their own ('passenger_left', detail: their name).
 */
export async function notifyOrganiserOfPassenger(
  trx: Db,
  ride: NotifiedRide & { creatorId: number },
  change: { userId: number; kind: 'passenger_joined' | 'passenger_left'; passengerCount?: number },
): Promise<void> {
  if (change.userId === ride.creatorId) return;
  const user = await findPublicUserById(trx, change.userId);
  const name = displayName(user) ?? 'A passenger';
  const count = change.passengerCount;
  const detail = count === undefined ? name : `${name} (${String(count)} ${count === 1 ? 'person' : 'people'})`;
  await notifyAboutRide(trx, [ride.creatorId], ride, change.kind, detail);
}
