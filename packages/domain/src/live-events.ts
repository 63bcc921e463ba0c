/**
 * What the live channel says happened. An event carries no personal data: it names a ride (or the
 * signed-in user's inbox) and a version, and clients re-fetch what they are allowed to see.
 *
 * `version` is the event's place in a sequence shared by every API instance (a Postgres sequence
 * taken inside the writing transaction). Ride events and inbox events are numbered by two separate
 * sequences, so the public ids run without gaps that would betray someone's inbox activity. The SSE
 * `id` a reconnecting client sends back as `Last-Event-ID` is the version for a ride event (`42`)
 * and `u` + the version for an inbox event (`u7`): see {@link liveEventId}.
 */
export const RIDE_EVENT_TYPES = [
  'ride.created',
  'ride.edited',
  'ride.cancelled',
  'ride.deleted',
  'ride.assigned',
  'ride.unassigned',
  'ride.completed',
  'seats.changed',
  'sequence.changed',
  'waitlist.changed',
  'quotes.changed',
  'checklist.changed',
  /** Who owes or paid what on the ride changed; no amounts travel (docs/payments.md#live). */
  'payments.changed',
  'messages.changed',
  /** A stage, late notice or no-show of the trip day changed (docs/trip-day.md#live). */
  'trip.changed',
] as const;

/**
 * Ride events only the ride's party receives (docs/live-streams.md#audience): the organiser, the
 * riders on it (and a leaver who still owes), the assigned vendor. A visitor or another member
 * would learn from them when a ride's riders chat, pay or set off.
 */
export const PARTY_EVENT_TYPES = ['messages.changed', 'payments.changed', 'trip.changed'] as const;

export type PartyEventType = (typeof PARTY_EVENT_TYPES)[number];

const PARTY_EVENT_SET: ReadonlySet<string> = new Set(PARTY_EVENT_TYPES);

/** Whether an event reaches only the ride's party. */
export function isPartyEventType(type: string): type is PartyEventType {
  return PARTY_EVENT_SET.has(type);
}

/** Events only their one user receives (their inbox changed). */
export const USER_EVENT_TYPES = ['notifications.changed'] as const;

/** Sent by the server instead of a replay when it no longer holds the events a client missed. */
export const RESYNC_EVENT_TYPE = 'resync' as const;

export type RideEventType = (typeof RIDE_EVENT_TYPES)[number];
export type UserEventType = (typeof USER_EVENT_TYPES)[number];
export type LiveEventType = RideEventType | UserEventType | typeof RESYNC_EVENT_TYPE;

/** The event as a client receives it. */
export interface LiveEvent {
  type: LiveEventType;
  rideId: number | null;
  version: number;
}

const RIDE_EVENT_SET: ReadonlySet<string> = new Set(RIDE_EVENT_TYPES);

/** Ride events (public but for {@link PARTY_EVENT_TYPES}: every visitor may re-fetch the public ride list); inbox events are not. */
export function isRideEventType(type: string): type is RideEventType {
  return RIDE_EVENT_SET.has(type);
}

/** How many recent events each API instance keeps to replay to a client that reconnects. */
export const LIVE_EVENT_REPLAY_SIZE = 1000;

export const LAST_EVENT_ID_MESSAGE =
  'Last event id must be the id of the last event received (a whole number, or u and a whole number)';

/** The id a client sees for an event, and sends back to resume after it: `42`, or `u7` for an inbox event. */
export function liveEventId(event: Pick<LiveEvent, 'type' | 'version'>): string {
  return event.type === 'notifications.changed' ? `u${String(event.version)}` : String(event.version);
}
