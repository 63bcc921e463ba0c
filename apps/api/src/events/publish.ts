/**
 * The writing side of the live channel (DESIGN §11). `publishRideEvent` and `publishUserEvent` are
 * called inside the transaction that made the change: Postgres delivers a NOTIFY only on commit,
 * so a rolled-back change never announces itself, and every instance's listener hears it.
 */
import type { Db } from '@rideshare/db';
import type { RideEventType, UserEventType } from '@rideshare/domain';
import { sql } from 'kysely';

/** The one channel every instance LISTENs on. */
export const EVENTS_CHANNEL = 'rideshare_events';

/**
 * The NOTIFY payload. `userId` routes inbox events to their one user; it never reaches a client
 * (the client gets `{type, rideId, version}`).
 */
export interface PublishedEvent {
  version: number;
  type: RideEventType | UserEventType;
  rideId: number | null;
  userId: number | null;
}

async function notifyEvent(
  trx: Db,
  event: { type: RideEventType | UserEventType; rideId: number | null; userId: number | null },
): Promise<void> {
  // One statement: the shared sequence numbers the event, pg_notify queues it for commit.
  await sql`select pg_notify(${EVENTS_CHANNEL}, json_build_object(
      'version', nextval('live_events_seq'),
      'type', ${event.type}::text,
      'rideId', ${event.rideId}::integer,
      'userId', ${event.userId}::integer
    )::text)`.execute(trx);
}

/** Announces a change to a ride to everyone watching (ride events are public). */
export function publishRideEvent(trx: Db, type: RideEventType, rideId: number): Promise<void> {
  return notifyEvent(trx, { type, rideId, userId: null });
}

/** Tells one user their inbox changed. */
export function publishUserEvent(trx: Db, type: UserEventType, userId: number, rideId: number | null): Promise<void> {
  return notifyEvent(trx, { type, rideId, userId });
}
