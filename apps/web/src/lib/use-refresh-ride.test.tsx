import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { makeRideDetail, makeUser, renderWithProviders, type ApiCall } from '../test-utils';
import { trpc } from './trpc';
import { useRefreshRide } from './use-refresh-ride';

/** Every query a ride change can make stale, on screen at once, and a button that refreshes. */
function EveryRideQuery() {
  trpc.auth.me.useQuery();
  trpc.ride.byId.useQuery({ id: 7 });
  trpc.ride.list.useQuery({ time: 'upcoming', direction: 'all', sort: 'dateAsc', page: 1, pageSize: 12 });
  trpc.ride.organized.useQuery();
  trpc.ride.joined.useQuery();
  trpc.passenger.list.useQuery({ rideId: 7 });
  trpc.vendor.rides.useQuery();
  trpc.vendor.available.useQuery();
  trpc.stats.get.useQuery();
  const refreshRide = useRefreshRide();
  const [done, setDone] = useState(false);
  return (
    <button type="button" onClick={() => void refreshRide().then(() => setDone(true))}>
      {done ? 'Refreshed' : 'Refresh'}
    </button>
  );
}

const countsByPath = (calls: ApiCall[]) =>
  calls.reduce<Record<string, number>>(
    (counts, call) => ({ ...counts, [call.path]: (counts[call.path] ?? 0) + 1 }),
    {},
  );

describe('useRefreshRide', () => {
  it('refetches every ride, passenger, vendor and stats query on screen, and leaves the session alone', async () => {
    const { calls } = renderWithProviders(<EveryRideQuery />, {
      api: {
        'auth.me': () => makeUser({ isVendor: true }),
        'ride.byId': () => makeRideDetail(),
        'ride.list': () => ({ items: [], total: 0, page: 1, pageSize: 12 }),
        'ride.organized': () => [],
        'ride.joined': () => [],
        'passenger.list': () => [],
        'vendor.rides': () => [],
        'vendor.available': () => [],
        'stats.get': () => ({ totalRides: 1, totalUsers: 2 }),
      },
    });
    const paths = [
      'ride.byId',
      'ride.list',
      'ride.organized',
      'ride.joined',
      'passenger.list',
      'vendor.rides',
      'vendor.available',
      'stats.get',
    ];
    await waitFor(() => expect(Object.keys(countsByPath(calls)).sort()).toEqual(['auth.me', ...paths].sort()));

    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await screen.findByRole('button', { name: 'Refreshed' });
    const counts = countsByPath(calls);
    expect(paths.filter((path) => counts[path] !== 2)).toEqual([]);
    expect(counts['auth.me']).toBe(1);
  });
});
