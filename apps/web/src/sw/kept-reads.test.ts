import { describe, expect, it } from 'vitest';

import {
  isKeptRead,
  keptReadsCacheName,
  keptReadsCacheUser,
  mayKeepProcedure,
  readIsAboutRide,
  trpcProcedures,
} from './kept-reads';

const url = (path: string) => new URL(path, 'https://rides.example.com');
const batch = (procedures: string, input: Record<string, unknown>) =>
  url(`/trpc/${procedures}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`);

describe('trpcProcedures', () => {
  it('lists the procedures of a batch path and nothing for other paths', () => {
    expect(trpcProcedures('/trpc/auth.me,ride.byId')).toEqual(['auth.me', 'ride.byId']);
    expect(trpcProcedures('/trpc/auth.me%2Cride.byId')).toEqual(['auth.me', 'ride.byId']);
    expect(trpcProcedures('/api/rides/1')).toEqual([]);
  });
});

describe('isKeptRead', () => {
  it('keeps GET batches made only of ride page reads', () => {
    expect(isKeptRead(batch('ride.byId,passenger.list', { 0: { id: 4 }, 1: { rideId: 4 } }), 'GET')).toBe(true);
    expect(isKeptRead(batch('passenger.list', { 0: { rideId: 4 } }), 'GET')).toBe(true);
  });

  it('keeps no batch with a call that may not be kept in it', () => {
    expect(isKeptRead(batch('auth.me,ride.byId', { 0: null, 1: { id: 4 } }), 'GET')).toBe(false);
    expect(isKeptRead(batch('ride.byId,payment.list', { 0: { id: 4 }, 1: { rideId: 4 } }), 'GET')).toBe(false);
    expect(isKeptRead(batch('passenger.list,message.list', { 0: { rideId: 4 }, 1: { rideId: 4 } }), 'GET')).toBe(false);
  });

  it('keeps neither other reads nor any change', () => {
    expect(isKeptRead(batch('ride.list,stats.get', { 0: {} }), 'GET')).toBe(false);
    expect(isKeptRead(url('/trpc/ride.byId'), 'POST')).toBe(false);
    expect(isKeptRead(url('/api/rides/4'), 'GET')).toBe(false);
    expect(isKeptRead(url('/trpc/'), 'GET')).toBe(false);
  });
});

describe('mayKeepProcedure', () => {
  it.each(['auth.me', 'payment.list', 'payment.anythingNew', 'message.list', 'message.unread', 'trip.state', 'trip.x'])(
    'never keeps %s',
    (name) => {
      expect(mayKeepProcedure(name)).toBe(false);
    },
  );

  it.each(['ride.byId', 'passenger.list', 'travel.checklist'])('keeps %s', (name) => {
    expect(mayKeepProcedure(name)).toBe(true);
  });
});

describe('the per-member cache name', () => {
  it('names the member, and only a well-formed name names one', () => {
    expect(keptReadsCacheName(42)).toBe('rideshare-kept-reads-v2-u42');
    expect(keptReadsCacheUser(keptReadsCacheName(42))).toBe(42);
    expect(keptReadsCacheUser('rideshare-kept-reads-v1')).toBeNull();
    expect(keptReadsCacheUser('rideshare-kept-reads-v2-u')).toBeNull();
    expect(keptReadsCacheUser('rideshare-kept-reads-v2-u0')).toBeNull();
    expect(keptReadsCacheUser('workbox-precache-v2')).toBeNull();
  });
});

describe('readIsAboutRide', () => {
  it('finds the ride as `id` or `rideId` in any input of the batch', () => {
    expect(readIsAboutRide(batch('auth.me,ride.byId', { 0: null, 1: { id: 4 } }), 4)).toBe(true);
    expect(readIsAboutRide(batch('passenger.list', { 0: { rideId: 4 } }), 4)).toBe(true);
    expect(readIsAboutRide(batch('passenger.list', { 0: { rideId: 40 } }), 4)).toBe(false);
    expect(readIsAboutRide(url('/trpc/auth.me?batch=1&input=not-json'), 4)).toBe(false);
  });
});
