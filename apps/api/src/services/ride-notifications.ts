/**
 * Who hears about a change to a ride, and the inbox row they get: built from the locked ride and
 * the entries the writing service already read, and written inside its transaction (`notifyUsers`),
 * so a change that rolls back tells nobody.
 */
import type { Db } from '@rideshare/db';
import type { Direction, NotificationKind } from '@rideshare/domain';

import { notifyUsers } from './notify';

/** The ride as the notification describes it: its direction and departure at the time. */
export interface NotifiedRide {
  id: number;
  direction: Direction;
  date: Date;
}

/**
 * The ride's party (organiser and every passenger entry, plus any `extra` such as the vendor)
 * without the users in `except` (the one who made the change, or the organiser), each once.
 */
export function rideParty(
  ride: { creatorId: number },
  entries: readonly { userId: number }[],
  options: { extra?: readonly (number | null)[]; except: readonly number[] },
): number[] {
  const everyone = [ride.creatorId, ...entries.map((entry) => entry.userId), ...(options.extra ?? [])];
  const except = new Set(options.except);
  return [...new Set(everyone)].filter((id): id is number => id !== null && !except.has(id));
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
