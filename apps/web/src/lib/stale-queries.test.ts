import { RIDE_EVENT_TYPES, type LiveEvent } from '@rideshare/domain';
import { describe, expect, it } from 'vitest';

import { queriesTouchedBy, type Change, type QueryFilter } from './stale-queries';

const event = (type: LiveEvent['type'], rideId: number | null = 7): LiveEvent => ({ type, rideId, version: 1 });
const keysOf = (e: LiveEvent) => queriesTouchedBy(e).map((filter) => JSON.stringify(filter.queryKey));

const RIDE_PAGE = JSON.stringify([['ride', 'byId'], { input: { id: 7 }, type: 'query' }]);
const PASSENGERS = JSON.stringify([['passenger', 'list'], { input: { rideId: 7 }, type: 'query' }]);
const MANIFEST = JSON.stringify([['ride', 'manifest'], { input: { id: 7 }, type: 'query' }]);
const LISTS = [
  [['ride', 'list']],
  [['ride', 'organized']],
  [['ride', 'joined']],
  [['ride', 'standing']],
  [['vendor', 'rides']],
  [['vendor', 'available']],
].map((key) => JSON.stringify(key));
const STATS = JSON.stringify([['stats', 'get']]);
const RECORDS = [JSON.stringify([['record', 'get']]), JSON.stringify([['record', 'received']])];
const PAYMENTS = [
  JSON.stringify([['payment', 'list'], { input: { rideId: 7 }, type: 'query' }]),
  JSON.stringify([['payment', 'shares']]),
  JSON.stringify([['payment', 'progress']]),
];

describe('queriesTouchedBy', () => {
  it.each(['ride.edited', 'ride.assigned', 'ride.unassigned', 'seats.changed', 'sequence.changed'] as const)(
    '%s → that ride’s page, passengers and manifest, and every ride list',
    (type) => {
      expect(keysOf(event(type))).toEqual([RIDE_PAGE, PASSENGERS, MANIFEST, ...LISTS]);
    },
  );

  it.each(['ride.cancelled', 'ride.completed'] as const)('%s → also every record', (type) => {
    expect(keysOf(event(type))).toEqual([RIDE_PAGE, PASSENGERS, MANIFEST, ...LISTS, ...RECORDS]);
  });

  it('a thumb given here → that ride’s thumbs card and every record', () => {
    const keys = queriesTouchedBy({ type: 'thumbs.written', rideId: 7 }).map((f) => JSON.stringify(f.queryKey));
    expect(keys).toEqual([JSON.stringify([['record', 'ride'], { input: { rideId: 7 }, type: 'query' }]), ...RECORDS]);
  });

  it('a new ride → the lists and the home counters (no ride page is open for it yet)', () => {
    expect(keysOf(event('ride.created'))).toEqual([...LISTS, STATS]);
  });

  it('a deleted ride → its page, passengers, manifest, the lists and the counters', () => {
    expect(keysOf(event('ride.deleted'))).toEqual([RIDE_PAGE, PASSENGERS, MANIFEST, ...LISTS, STATS]);
  });

  it('a ride event that names no ride → the lists only', () => {
    expect(keysOf(event('ride.edited', null))).toEqual(LISTS);
  });

  it('a write made here (ride.written) → what a ride event touches, plus the counters', () => {
    expect(queriesTouchedBy({ type: 'ride.written', rideId: 7 }).map((f) => JSON.stringify(f.queryKey))).toEqual([
      RIDE_PAGE,
      PASSENGERS,
      MANIFEST,
      ...PAYMENTS,
      ...LISTS,
      STATS,
    ]);
  });

  it('a write made here without a ride → every ride’s page, passengers and manifest by prefix', () => {
    expect(queriesTouchedBy({ type: 'ride.written', rideId: null }).map((f) => JSON.stringify(f.queryKey))).toEqual([
      JSON.stringify([['ride', 'byId']]),
      JSON.stringify([['passenger', 'list']]),
      JSON.stringify([['ride', 'manifest']]),
      JSON.stringify([['payment', 'list']]),
      JSON.stringify([['payment', 'shares']]),
      JSON.stringify([['payment', 'progress']]),
      ...LISTS,
      STATS,
    ]);
  });

  it('payments.changed → that ride’s payment table, the own shares and the paid counts; nothing without a ride', () => {
    expect(keysOf(event('payments.changed'))).toEqual(PAYMENTS);
    expect(keysOf(event('payments.changed', null))).toEqual([]);
  });

  it('waitlist.changed → that ride’s page and the lists (their cards count held seats)', () => {
    expect(keysOf(event('waitlist.changed'))).toEqual([RIDE_PAGE, ...LISTS]);
  });

  it('quotes.changed → that ride’s quotes and the vendor’s own quotes', () => {
    expect(keysOf(event('quotes.changed'))).toEqual([
      JSON.stringify([['quote', 'list'], { input: { rideId: 7 }, type: 'query' }]),
      JSON.stringify([['quote', 'mine']]),
    ]);
  });

  it('checklist.changed → that ride’s page (the readiness count) and its checklist, no list', () => {
    expect(keysOf(event('checklist.changed'))).toEqual([
      RIDE_PAGE,
      JSON.stringify([['travel', 'checklist'], { input: { rideId: 7 }, type: 'query' }]),
    ]);
  });

  it('notifications.changed → every query of the notification router, by prefix', () => {
    expect(queriesTouchedBy(event('notifications.changed', 3))).toEqual([{ queryKey: [['notification']] }]);
  });

  it('messages.changed → that ride’s thread (every page) and the unread chat counts, nothing else', () => {
    expect(keysOf(event('messages.changed', 7))).toEqual([
      JSON.stringify([['message', 'list'], { input: { rideId: 7 }, type: 'query' }]),
      JSON.stringify([['message', 'unread']]),
    ]);
  });

  it('trip.changed → that ride’s trip and its share links, the lists (their cards show how far it got) and the records', () => {
    expect(keysOf(event('trip.changed', 7))).toEqual([
      JSON.stringify([['trip', 'get'], { input: { rideId: 7 }, type: 'query' }]),
      JSON.stringify([['trip', 'shares'], { input: { rideId: 7 }, type: 'query' }]),
      ...LISTS,
      ...RECORDS,
    ]);
  });

  it('resync → every query', () => {
    expect(queriesTouchedBy(event('resync', null))).toEqual([{ queryKey: [] }]);
  });

  it('writes made here that no event names → only what they change', () => {
    const keys = (change: Change) => queriesTouchedBy(change).map((filter) => JSON.stringify(filter.queryKey));
    expect(keys({ type: 'messages.read' })).toEqual([JSON.stringify([['message', 'unread']])]);
    expect(keys({ type: 'checklist.ticked', rideId: 7 })).toEqual([RIDE_PAGE]);
    expect(keys({ type: 'travel.written' })).toEqual([JSON.stringify([['travel', 'checklist']])]);
    expect(keys({ type: 'payment.settled' })).toEqual(PAYMENTS.slice(1));
    expect(keys({ type: 'alerts.written' })).toEqual([JSON.stringify([['alert', 'list']])]);
    expect(keys({ type: 'reports.written' })).toEqual([JSON.stringify([['message', 'reports']])]);
    expect(keys({ type: 'vendorApplications.written' })).toEqual([JSON.stringify([['admin', 'vendorApplications']])]);
  });

  it('session.changed → every query but the session’s own', () => {
    const [filter] = queriesTouchedBy({ type: 'session.changed' });
    const query = (key: unknown[]) =>
      ({ queryKey: key }) as unknown as Parameters<NonNullable<QueryFilter['predicate']>>[0];
    expect(filter?.queryKey).toEqual([]);
    expect(filter?.predicate?.(query([['auth', 'me'], { type: 'query' }]))).toBe(false);
    expect(filter?.predicate?.(query([['ride', 'byId'], { input: { id: 7 }, type: 'query' }]))).toBe(true);
  });

  it('never touches the session (auth.me) for a ride event', () => {
    for (const type of RIDE_EVENT_TYPES) {
      expect(keysOf(event(type)).some((key) => key.includes('"auth"'))).toBe(false);
    }
  });
});
