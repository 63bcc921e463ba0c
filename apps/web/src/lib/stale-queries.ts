/**
 * `queriesTouchedBy(change)`: which cached queries a change makes stale, as React Query filters
 * (tRPC query keys: `[['ride', 'byId'], { input: { id }, type: 'query' }]`, or a procedure's or a
 * router's prefix). One map for the writes made in this tab (`useRefreshRide`) and for the live
 * events of everyone else's (`useLiveEvents`), so both refresh the same places:
 *
 * - a change to one ride (edited, cancelled, assigned, released, completed, seats, drop-off
 *   sequence, deleted) → that ride's own queries: its page (`ride.byId`), its passenger list
 *   (`passenger.list`, which also carries the drop-off sequence) and its manifest
 *   (`ride.manifest`); and every list a ride appears in: the home list (`ride.list`), My Rides
 *   (`ride.organized`, `ride.joined`), the viewer's line on each card (`ride.standing`) and the
 *   vendor's lists (`vendor.rides`, `vendor.available`);
 * - a new or deleted ride also changes the home page's ride count (`stats.get`);
 * - `ride.written`, a write made here (create, edit, delete, join, leave, assign, lock, a profile
 *   edit that renames an organiser or passenger) → all of the above, for the ride named or, when
 *   none is, every ride's;
 * - `waitlist.changed` → that ride's page (its waiting-list figures) and the lists (cards count the
 *   seats held by offers);
 * - `quotes.changed` → that ride's quotes (`quote.list`, the organiser's Quotes card) and the
 *   vendor's own quotes (`quote.mine`, its dashboard);
 * - `checklist.changed` (a rider ticked a border checklist item, a profile changed, or a group QR
 *   code was reset) → that ride's page (the organiser's readiness count) and the checklists on it;
 * - `payments.changed` (who owes or paid what changed; the event carries no amounts) → that ride's
 *   payment table (`payment.list`: the organiser's table, the rider's card), the viewer's own shares
 *   (`payment.shares`, the cards' "Your share") and the organiser's "n of m paid" (`payment.progress`);
 *   `ride.written` touches them too, since a join or leave made here moves the amounts;
 * - `messages.changed` (a message posted or deleted in a ride's chat) → that ride's thread
 *   (`message.list`, every page of it) and the member's unread chat counts (`message.unread`); only
 *   the party holds these queries, so nobody else's page refetches;
 * - `trip.changed` (a stage, late notice or no-show of the day of the trip) → that ride's trip
 *   (`trip.get`, the Trip card) and the lists, whose cards say how far a ride in progress got
 *   (docs/trip-day.md#live), and every record (no-shows and departures count on it);
 * - `thumbs.written`, a thumb given here → that ride's thumbs card (`record.ride`) and every record
 *   (`record.get`, `record.received`); `ride.completed` and `ride.cancelled` touch the records too;
 * - `notifications.changed` → everything under the `notification` router (the inbox, the unread
 *   count);
 * - `resync` (the server could not replay what this tab missed) → every query.
 *
 * Writes made here that no live event names (`LocalChange`):
 *
 * - `messages.read` (this member read a thread) → the unread chat counts only;
 * - `checklist.ticked` (this member ticked an item; the answer is the new checklist) → that ride's
 *   page, whose readiness count moved;
 * - `travel.written` (the travel profile changed) → every ride's checklist;
 * - `payment.settled` (a payment write answered the new table) → the own shares and the paid counts;
 * - `alerts.written`, `reports.written`, `vendorApplications.written` → the member's alerts, the
 *   administrator's reported messages, the vendor applications;
 * - `thumbs.removed` (the administrator removed a thumb) → everything under the `record` router;
 * - `trip.shared` (a trip link made or revoked) → that ride's trip links (`trip.shares`);
 * - `session.changed` (login, register, logout) → every query but the session's own (`auth.me`,
 *   which the answer itself sets): what a screen shows can depend on who is looking.
 *
 * Marking a query stale refetches it only while it is on screen; the rest reload when next shown.
 * `useMarkStale()` → `markStale(change)` marks them so, resolving once those on screen are fetched
 * again: every cache refresh after a write made here goes through it.
 */
import type { LiveEvent } from '@rideshare/domain';
import { useQueryClient, type Query, type QueryKey } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';

import { trpc } from './trpc';

export interface QueryFilter {
  queryKey: QueryKey;
  predicate?: (query: Query) => boolean;
}

/** A write made from this tab that no live event names. */
export type LocalChange =
  | { type: 'messages.read' }
  | { type: 'checklist.ticked'; rideId: number }
  | { type: 'travel.written' }
  | { type: 'payment.settled' }
  | { type: 'alerts.written' }
  | { type: 'reports.written' }
  | { type: 'vendorApplications.written' }
  | { type: 'session.changed' }
  | { type: 'thumbs.written'; rideId: number }
  | { type: 'thumbs.removed' }
  | { type: 'trip.shared'; rideId: number };

/** What changed: a live event, a write to a ride made from this tab (`rideId` null: any ride), or another write made here. */
export type Change = Pick<LiveEvent, 'type' | 'rideId'> | { type: 'ride.written'; rideId: number | null } | LocalChange;

/** The lists a ride shows up in. */
function rideLists(): QueryFilter[] {
  return [
    trpc.ride.list,
    trpc.ride.organized,
    trpc.ride.joined,
    trpc.ride.standing,
    trpc.vendor.rides,
    trpc.vendor.available,
  ].map((procedure) => ({ queryKey: getQueryKey(procedure) }));
}

/** One ride's page: `ride.byId` for that ride, or for every ride when none is named. */
function ridePage(rideId: number | null): QueryFilter {
  return {
    queryKey: rideId === null ? getQueryKey(trpc.ride.byId) : getQueryKey(trpc.ride.byId, { id: rideId }, 'query'),
  };
}

/** One ride's own queries (every ride's when none is named): its page, passengers and manifest. */
function rideQueries(rideId: number | null): QueryFilter[] {
  if (rideId === null) {
    return [trpc.ride.byId, trpc.passenger.list, trpc.ride.manifest].map((procedure) => ({
      queryKey: getQueryKey(procedure),
    }));
  }
  return [
    ridePage(rideId),
    { queryKey: getQueryKey(trpc.passenger.list, { rideId }, 'query') },
    { queryKey: getQueryKey(trpc.ride.manifest, { id: rideId }, 'query') },
  ];
}

/** A live event without a ride touches no ride's own queries (`ride.written` without one: all). */
const ownQueries = (rideId: number | null): QueryFilter[] => (rideId === null ? [] : rideQueries(rideId));

/** The viewer's own shares (the cards' "Your share") and the organiser's "n of m paid". */
function paymentSummaries(): QueryFilter[] {
  return [{ queryKey: getQueryKey(trpc.payment.shares) }, { queryKey: getQueryKey(trpc.payment.progress) }];
}

/** One ride's payment table (every ride's when none is named), the own shares and the paid counts. */
function paymentQueries(rideId: number | null): QueryFilter[] {
  return [
    {
      queryKey: rideId === null ? getQueryKey(trpc.payment.list) : getQueryKey(trpc.payment.list, { rideId }, 'query'),
    },
    ...paymentSummaries(),
  ];
}

const STATS: QueryFilter = { queryKey: getQueryKey(trpc.stats.get) };

/** Every member's record and received thumbs (docs/record.md): a completed ride or a thumb moves them. */
const RECORDS: QueryFilter[] = [trpc.record.get, trpc.record.received].map((procedure) => ({
  queryKey: getQueryKey(procedure),
}));

/** The inbox's queries (`notification.list`, `notification.unreadCount`, …): the router's prefix. */
const NOTIFICATION_QUERIES: QueryFilter = { queryKey: getQueryKey(trpc.notification) };

const SESSION_KEY = JSON.stringify(getQueryKey(trpc.auth.me)[0]);

/** Every query but the session's own (`auth.me`). */
const ALL_BUT_SESSION: QueryFilter = {
  queryKey: [],
  predicate: (query) => JSON.stringify(query.queryKey[0]) !== SESSION_KEY,
};

/** Matches every query in the cache. */
const EVERY_QUERY: QueryFilter = { queryKey: [] };

export function queriesTouchedBy(change: Change): QueryFilter[] {
  switch (change.type) {
    case 'messages.read':
      return [{ queryKey: getQueryKey(trpc.message.unread) }];
    case 'checklist.ticked':
      return [ridePage(change.rideId)];
    case 'travel.written':
      return [{ queryKey: getQueryKey(trpc.travel.checklist) }];
    case 'payment.settled':
      return paymentSummaries();
    case 'alerts.written':
      return [{ queryKey: getQueryKey(trpc.alert.list) }];
    case 'reports.written':
      return [{ queryKey: getQueryKey(trpc.message.reports) }];
    case 'vendorApplications.written':
      return [{ queryKey: getQueryKey(trpc.admin.vendorApplications) }];
    case 'session.changed':
      return [ALL_BUT_SESSION];
    case 'resync':
      return [EVERY_QUERY];
    case 'notifications.changed':
      return [NOTIFICATION_QUERIES];
    case 'ride.written':
      return [...rideQueries(change.rideId), ...paymentQueries(change.rideId), ...rideLists(), STATS];
    case 'payments.changed':
      return change.rideId === null ? [] : paymentQueries(change.rideId);
    case 'quotes.changed':
      return [
        ...(change.rideId === null
          ? []
          : [{ queryKey: getQueryKey(trpc.quote.list, { rideId: change.rideId }, 'query') }]),
        { queryKey: getQueryKey(trpc.quote.mine) },
      ];
    case 'waitlist.changed':
      // Its page (the line's figures) and the lists, whose cards count seats held by offers.
      return [...(change.rideId === null ? [] : [ridePage(change.rideId)]), ...rideLists()];
    case 'messages.changed':
      return [
        ...(change.rideId === null
          ? []
          : [{ queryKey: getQueryKey(trpc.message.list, { rideId: change.rideId }, 'query') }]),
        { queryKey: getQueryKey(trpc.message.unread) },
      ];
    case 'trip.changed':
      return [
        ...(change.rideId === null
          ? []
          : [
              { queryKey: getQueryKey(trpc.trip.get, { rideId: change.rideId }, 'query') },
              { queryKey: getQueryKey(trpc.trip.shares, { rideId: change.rideId }, 'query') },
            ]),
        ...rideLists(),
        // A no-show or a departure moves someone's record (docs/record.md#definitions).
        ...RECORDS,
      ];
    case 'checklist.changed':
      return change.rideId === null
        ? []
        : [
            ridePage(change.rideId),
            { queryKey: getQueryKey(trpc.travel.checklist, { rideId: change.rideId }, 'query') },
          ];
    case 'thumbs.removed':
      return [{ queryKey: getQueryKey(trpc.record) }];
    case 'trip.shared':
      return [{ queryKey: getQueryKey(trpc.trip.shares, { rideId: change.rideId }, 'query') }];
    case 'thumbs.written':
      return [{ queryKey: getQueryKey(trpc.record.ride, { rideId: change.rideId }, 'query') }, ...RECORDS];
    case 'ride.created':
      return [...rideLists(), STATS];
    case 'ride.deleted':
      return [...ownQueries(change.rideId), ...rideLists(), STATS];
    case 'ride.cancelled':
    case 'ride.completed':
      return [...ownQueries(change.rideId), ...rideLists(), ...RECORDS];
    case 'ride.edited':
    case 'ride.assigned':
    case 'ride.unassigned':
    case 'seats.changed':
    case 'sequence.changed':
      return [...ownQueries(change.rideId), ...rideLists()];
  }
}

/** `markStale(change)`: marks stale what `change` touches; resolves once those on screen are fetched again. */
export function useMarkStale(): (change: Change) => Promise<void> {
  const queryClient = useQueryClient();
  return async (change) => {
    await Promise.all(queriesTouchedBy(change).map((filter) => queryClient.invalidateQueries(filter)));
  };
}
