/**
 * `queriesTouchedBy(event)`: which cached queries a live event makes stale, as React Query filters
 * (tRPC query keys: `[['ride', 'byId'], { input: { id }, type: 'query' }]`, or a procedure's or a
 * router's prefix). One table for the whole app, so the hook stays a loop:
 *
 * - a change to one ride (edited, cancelled, assigned, released, completed, seats, drop-off
 *   sequence, deleted) → that ride's page (`ride.byId`) and its passenger list (`passenger.list`,
 *   which also carries the drop-off sequence), and every list a ride appears in: the home list
 *   (`ride.list`), My Rides (`ride.organized`, `ride.joined`) and the vendor's lists
 *   (`vendor.rides`, `vendor.available`);
 * - a new or deleted ride also changes the home page's ride count (`stats.get`);
 * - `waitlist.changed` → that ride's page (its waiting-list figures) and the lists (cards count the
 *   seats held by offers);
 * - `quotes.changed` → that ride's quotes (`quote.list`, the organiser's Quotes card) and the
 *   vendor's own quotes (`quote.mine`, its dashboard);
 * - `checklist.changed` (a rider ticked a border checklist item, a profile changed, or a group QR
 *   code was reset) → that ride's page (the organiser's readiness count) and the checklists on it;
 * - `notifications.changed` → everything under the `notification` router (the inbox, the unread
 *   count);
 * - `resync` (the server could not replay what this tab missed) → every query.
 *
 * Marking a query stale refetches it only while it is on screen; the rest reload when next shown.
 */
import type { LiveEvent } from '@rideshare/domain';
import type { QueryKey } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';

import { trpc } from '../../lib/trpc';

export interface QueryFilter {
  queryKey: QueryKey;
}

/** The lists a ride shows up in. */
function rideLists(): QueryFilter[] {
  return [trpc.ride.list, trpc.ride.organized, trpc.ride.joined, trpc.vendor.rides, trpc.vendor.available].map(
    (procedure) => ({ queryKey: getQueryKey(procedure) }),
  );
}

/** One ride's own queries: its page and its passengers (with their drop-off order). */
function rideQueries(rideId: number): QueryFilter[] {
  return [
    { queryKey: getQueryKey(trpc.ride.byId, { id: rideId }, 'query') },
    { queryKey: getQueryKey(trpc.passenger.list, { rideId }, 'query') },
  ];
}

/** The inbox's queries (`notification.list`, `notification.unreadCount`, …): the router's prefix. */
const NOTIFICATION_QUERIES: QueryFilter = { queryKey: getQueryKey(trpc.notification) };

/** Matches every query in the cache. */
const EVERY_QUERY: QueryFilter = { queryKey: [] };

export function queriesTouchedBy(event: LiveEvent): QueryFilter[] {
  switch (event.type) {
    case 'resync':
      return [EVERY_QUERY];
    case 'notifications.changed':
      return [NOTIFICATION_QUERIES];
    case 'quotes.changed':
      return [
        ...(event.rideId === null
          ? []
          : [{ queryKey: getQueryKey(trpc.quote.list, { rideId: event.rideId }, 'query') }]),
        { queryKey: getQueryKey(trpc.quote.mine) },
      ];
    case 'waitlist.changed':
      // Its page (the line's figures) and the lists, whose cards count seats held by offers.
      return [...(event.rideId === null ? [] : [rideQueries(event.rideId)[0] as QueryFilter]), ...rideLists()];
    case 'checklist.changed':
      return event.rideId === null
        ? []
        : [
            { queryKey: getQueryKey(trpc.ride.byId, { id: event.rideId }, 'query') },
            { queryKey: getQueryKey(trpc.travel.checklist, { rideId: event.rideId }, 'query') },
          ];
    case 'ride.created':
      return [...rideLists(), { queryKey: getQueryKey(trpc.stats.get) }];
    case 'ride.deleted':
      return [
        ...(event.rideId === null ? [] : rideQueries(event.rideId)),
        ...rideLists(),
        { queryKey: getQueryKey(trpc.stats.get) },
      ];
    case 'ride.edited':
    case 'ride.cancelled':
    case 'ride.assigned':
    case 'ride.unassigned':
    case 'ride.completed':
    case 'seats.changed':
    case 'sequence.changed':
      return [...(event.rideId === null ? [] : rideQueries(event.rideId)), ...rideLists()];
  }
}
