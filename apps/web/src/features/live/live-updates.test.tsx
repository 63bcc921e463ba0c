import type { LiveEvent } from '@rideshare/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { trpc } from '../../lib/trpc';
import { makeRideDetail, makeUser, renderWithProviders, type ApiCall } from '../../test-utils';
import { LiveUpdates } from './live-updates';

/** Ride 7's page and passengers, ride 8's page, a list, the counters, and an inbox query. */
function Screen() {
  trpc.auth.me.useQuery();
  trpc.ride.byId.useQuery({ id: 7 });
  trpc.ride.byId.useQuery({ id: 8 });
  trpc.passenger.list.useQuery({ rideId: 7 });
  trpc.ride.joined.useQuery();
  trpc.stats.get.useQuery();
  trpc.notification.unreadCount.useQuery();
  return <LiveUpdates />;
}

const countOf = (calls: ApiCall[], path: string, input?: unknown) =>
  calls.filter(
    (call) => call.path === path && (input === undefined || JSON.stringify(call.input) === JSON.stringify(input)),
  ).length;

const event = (type: LiveEvent['type'], rideId: number | null, version: number): LiveEvent => ({
  type,
  rideId,
  version,
});

function renderScreen() {
  return renderWithProviders(<Screen />, {
    api: {
      'auth.me': () => makeUser({ id: 5 }),
      'ride.byId': ({ id }) => makeRideDetail({ id }),
      'passenger.list': () => [],
      'ride.joined': () => [],
      'stats.get': () => ({ totalRides: 1, totalUsers: 2 }),
    },
  });
}

describe('LiveUpdates', () => {
  it('refetches exactly what a seat change touches, when it arrives', async () => {
    const { calls, live } = renderScreen();
    await waitFor(() => expect(live.open).toBe(1));
    await waitFor(() => expect(countOf(calls, 'stats.get')).toBe(1));

    live.emit(event('seats.changed', 7, 1));

    await waitFor(() => expect(countOf(calls, 'ride.byId', { id: 7 })).toBe(2));
    await waitFor(() => expect(countOf(calls, 'passenger.list', { rideId: 7 })).toBe(2));
    await waitFor(() => expect(countOf(calls, 'ride.joined')).toBe(2));
    expect(countOf(calls, 'ride.byId', { id: 8 })).toBe(1);
    expect(countOf(calls, 'stats.get')).toBe(1);
    expect(countOf(calls, 'auth.me')).toBe(1);
  });

  it('refetches the inbox on notifications.changed, and everything on resync', async () => {
    const { calls, live } = renderScreen();
    await waitFor(() => expect(live.open).toBe(1));
    await waitFor(() => expect(countOf(calls, 'stats.get')).toBe(1));

    await waitFor(() => expect(countOf(calls, 'notification.unreadCount')).toBe(1));
    live.emit(event('notifications.changed', 7, 1));
    await waitFor(() => expect(countOf(calls, 'notification.unreadCount')).toBe(2));
    expect(countOf(calls, 'ride.byId', { id: 7 })).toBe(1);

    live.emit(event('resync', null, 2));
    await waitFor(() => expect(countOf(calls, 'ride.byId', { id: 8 })).toBe(2));
    expect(countOf(calls, 'notification.unreadCount')).toBe(3);
    expect(countOf(calls, 'stats.get')).toBe(2);
    expect(countOf(calls, 'auth.me')).toBe(2);
  });

  it('opens one stream, and a new one when the user signs in', async () => {
    function SignIn() {
      const utils = trpc.useUtils();
      return (
        <>
          <LiveUpdates />
          <button type="button" onClick={() => utils.auth.me.setData(undefined, makeUser({ id: 9 }))}>
            Sign in
          </button>
        </>
      );
    }
    const { calls, live } = renderWithProviders(<SignIn />);
    await waitFor(() => expect(countOf(calls, 'live.events')).toBe(1));
    expect(live.open).toBe(1);

    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(countOf(calls, 'live.events')).toBe(2));
    expect(live.open).toBe(1);
  });

  it('keeps a polite status region for the reconnecting notice, empty while live', async () => {
    const { live } = renderScreen();
    await waitFor(() => expect(live.open).toBe(1));
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');
  });
});
