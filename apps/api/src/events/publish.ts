/**
 * The writing side of the live channel (docs/architecture.md#live-events). `publishRideEvent` and `publishUserEvent` are
 * called inside the transaction that made the change: Postgres delivers a NOTIFY only on commit,
 * so a rolled-back change never announces itself, and every instance's listener hears it.
 */
import { createHash } from 'node:crypto';

import type { Db } from '@rideshare/db';
import { isPartyEventType, type RideEventType, type UserEventType } from '@rideshare/domain';
import { sql, type RawBuilder } from 'kysely';

import { enqueueRideAnnouncement } from '../repositories/announcement-repository';

/** The one channel every instance LISTENs on. */
export const EVENTS_CHANNEL = 'rideshare_events';

/**
 * The NOTIFY payload. `userId` routes inbox events to their one user, `party` routes a party event
 * (domain `PARTY_EVENT_TYPES`) to the ride's party as it stood when the change committed; neither
 * reaches a client (the client gets `{type, rideId, version}`).
 */
export interface PublishedEvent {
  version: number;
  type: RideEventType | UserEventType;
  rideId: number | null;
  userId: number | null;
  /** The members a party event reaches; null for every other event. */
  party: number[] | null;
}

/**
 * The NOTIFY of one event, as an SQL expression over SQL values (parameters, or the columns of a
 * statement that announces a row set): the one spelling of the payload. The shared sequence
 * numbers the event, `pg_notify` queues it for commit. Inbox events (with a `userId`) are numbered
 * apart, so gaps in the public ride events' ids reveal nothing.
 */
export function eventNotification(fields: {
  audience: 'ride' | 'user';
  type: RawBuilder<unknown>;
  rideId: RawBuilder<unknown>;
  userId: RawBuilder<unknown>;
  /** A json array of the user ids a party event reaches (see {@link partyOf}); null otherwise. */
  party?: RawBuilder<unknown>;
}): RawBuilder<unknown> {
  const sequence = fields.audience === 'ride' ? 'live_events_seq' : 'live_user_events_seq';
  return sql`pg_notify(${EVENTS_CHANNEL}, json_build_object(
      'version', nextval(${sql.lit(sequence)}),
      'type', ${fields.type},
      'rideId', ${fields.rideId},
      'userId', ${fields.userId},
      'party', ${fields.party ?? sql`null::json`}
    )::text)`;
}

/**
 * The ride's party as a json array of user ids, read inside the writing transaction
 * (docs/live-streams.md#audience): the organiser, the assigned vendor, the riders on it, and
 * whoever has a payment row on it (a leaver who still owes).
 */
function partyOf(rideId: number): RawBuilder<unknown> {
  return sql`(select coalesce(json_agg(distinct member.id), '[]'::json) from (
      select creator_id as id from rides where id = ${rideId}
      union select vendor_id from rides where id = ${rideId} and vendor_id is not null
      union select user_id from ride_passengers where ride_id = ${rideId}
      union select user_id from ride_payments where ride_id = ${rideId}
    ) member)`;
}

async function notifyEvent(
  trx: Db,
  event: { type: RideEventType | UserEventType; rideId: number | null; userId: number | null },
): Promise<void> {
  const notification = eventNotification({
    audience: event.userId === null ? 'ride' : 'user',
    type: sql`${event.type}::text`,
    rideId: sql`${event.rideId}::integer`,
    userId: sql`${event.userId}::integer`,
    party: event.rideId !== null && isPartyEventType(event.type) ? partyOf(event.rideId) : undefined,
  });
  await sql`select ${notification}`.execute(trx);
}

/** The ride events that change what the ride's Discord message shows (docs/announcements.md#kept-current). */
const ANNOUNCED_CHANGES: ReadonlySet<RideEventType> = new Set<RideEventType>([
  'ride.created',
  'ride.edited',
  'ride.cancelled',
  'ride.deleted',
  'ride.assigned',
  'ride.unassigned',
  'ride.completed',
  'seats.changed',
  'payments.changed',
]);

/**
 * Announces a change to a ride to everyone watching it, or, for a party event, to the ride's party
 * only; a change the ride's Discord message shows is queued for it in the same transaction.
 */
export async function publishRideEvent(trx: Db, type: RideEventType, rideId: number): Promise<void> {
  await notifyEvent(trx, { type, rideId, userId: null });
  if (ANNOUNCED_CHANGES.has(type)) await enqueueRideAnnouncement(trx, rideId);
}

/** Tells one user their inbox changed. */
export function publishUserEvent(trx: Db, type: UserEventType, userId: number, rideId: number | null): Promise<void> {
  return notifyEvent(trx, { type, rideId, userId });
}

/**
 * What ended sessions: one session (`sessionTag`, see sessionStreamTag), or every session of
 * `userId` but `exceptSessionTag`. Goes on the same channel as the events, so every instance ends
 * the event streams those sessions opened; a client never receives it.
 */
export interface SessionsEnded {
  kind: 'sessions.ended';
  sessionTag: string | null;
  userId: number | null;
  exceptSessionTag: string | null;
}

/** A session's mark on its event streams: a digest of its id, so the id never travels. */
export function sessionStreamTag(sessionId: string): string {
  return createHash('sha256').update(`stream:${sessionId}`).digest('hex');
}

/**
 * Tells every instance to end the event streams of sessions that just ended: one session by its id,
 * or all of a user's but one (a password change keeps the caller's own). Sent on commit.
 */
export async function publishSessionsEnded(
  db: Db,
  ended: { sessionId: string } | { userId: number; exceptSessionId?: string | null },
): Promise<void> {
  const message: SessionsEnded =
    'sessionId' in ended
      ? { kind: 'sessions.ended', sessionTag: sessionStreamTag(ended.sessionId), userId: null, exceptSessionTag: null }
      : {
          kind: 'sessions.ended',
          sessionTag: null,
          userId: ended.userId,
          exceptSessionTag: ended.exceptSessionId ? sessionStreamTag(ended.exceptSessionId) : null,
        };
  await sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(message)})`.execute(db);
}
