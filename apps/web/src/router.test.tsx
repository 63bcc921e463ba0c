import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiError, makeRideSummary, makeUser, renderApp } from './test-utils';

describe('route table', () => {
  it('redirects / to /home', async () => {
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('shows 404 Page Not Found for unknown paths, with a way home', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/home');
  });

  it.each(['/rides/create', '/rides/edit/3', '/rides/3/join', '/vendor', '/profile'])(
    'sends a signed-out visitor from %s to /auth',
    async (path) => {
      const { router } = renderApp(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
      expect(await screen.findByRole('heading', { name: 'Welcome to RideShare' })).toBeTruthy();
    },
  );

  it('shows a spinner while the session loads on a protected route', async () => {
    let answer: (value: null) => void = () => undefined;
    renderApp('/profile', { api: { 'auth.me': () => new Promise((resolve) => (answer = resolve)) } });
    expect(await screen.findByRole('status', { name: 'Checking your session...' })).toBeTruthy();
    answer(null);
    expect(await screen.findByRole('heading', { name: 'Welcome to RideShare' })).toBeTruthy();
  });

  it('lets a signed-in user open a protected route', async () => {
    const { router } = renderApp('/profile', { api: { 'auth.me': () => makeUser() } });
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Checking your session...' })).toBeNull());
    expect(router.state.location.pathname).toBe('/profile');
    expect(screen.queryByRole('heading', { name: 'Welcome to RideShare' })).toBeNull();
  });

  it('sends a signed-in user away from /auth to /home', async () => {
    const { router } = renderApp('/auth', { api: { 'auth.me': () => makeUser() } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it.each(['/home', '/guide', '/bus-guide', '/rides/7'])('keeps %s public', async (path) => {
    const { router } = renderApp(path);
    // A guard acts on the settled (signed-out) session: once the app has rendered it, the effects
    // of that render (a guard's redirect among them) are flushed, and the page must still be here.
    await waitFor(() => expect(router.state.session).toBe('signed-out'));
    await act(() => Promise.resolve());
    expect(router.state.location.pathname).toBe(path);
    expect(screen.queryByRole('heading', { name: 'Welcome to RideShare' })).toBeNull();
  });
});

describe('top bar', () => {
  const nav = () => within(screen.getAllByRole('navigation', { name: 'Main' })[0] as HTMLElement);

  it('shows Create Ride and Login to visitors', async () => {
    renderApp('/guide');
    await screen.findByRole('heading', { name: 'Travel Guide' });
    expect(nav().getByRole('link', { name: 'Create Ride' })).toBeTruthy();
    expect(nav().getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/auth');
    expect(nav().queryByRole('button', { name: 'Logout' })).toBeNull();
    expect(nav().getByRole('link', { name: 'Travel Guide' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows Dashboard instead of Create Ride to vendors, and Logout', async () => {
    renderApp('/guide', { api: { 'auth.me': () => makeUser({ isVendor: true, companyName: 'Acme' }) } });
    await screen.findByRole('heading', { name: 'Travel Guide' });
    await waitFor(() => expect(nav().getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/vendor'));
    expect(nav().queryByRole('link', { name: 'Create Ride' })).toBeNull();
    expect(nav().getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it('logs out and clears the user', async () => {
    renderApp('/guide', {
      api: { 'auth.me': () => makeUser(), 'auth.logout': () => ({ message: 'Logged out successfully' }) },
    });
    fireEvent.click(await nav().findByRole('button', { name: 'Logout' }));
    expect(await nav().findByRole('link', { name: 'Login' })).toBeTruthy();
  });

  it('keeps nothing a member was shown on screen or in the cache after logging out', async () => {
    let signedIn = true;
    // The member's answer: the organiser's Discord username (no name given) and a passenger's address.
    const member = makeRideSummary({
      creatorName: 'member_only_handle',
      direction: 'FC->SG',
      pickupLocation: 'Forest City',
      dropoffLocations: [{ location: 'Members Only Road', passengerCount: 2 }],
    });
    renderApp('/home', {
      api: {
        'auth.me': () => (signedIn ? makeUser() : null),
        'auth.logout': () => {
          signedIn = false;
          return { message: 'Logged out successfully' };
        },
        'stats.get': () => ({ totalRides: 1, totalUsers: 1 }),
        'ride.joined': () => [],
        // Signed out, the list is slow to answer: the member's page must not stand in for it meanwhile.
        'ride.list': () =>
          signedIn ? { items: [member], total: 1, page: 1, pageSize: 12 } : new Promise(() => undefined),
      },
    });
    expect(await screen.findByText('member_only_handle')).toBeTruthy();
    fireEvent.click(await nav().findByRole('button', { name: 'Logout' }));
    expect(await nav().findByRole('link', { name: 'Login' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('member_only_handle')).toBeNull());
    expect(await screen.findByRole('status', { name: 'Loading rides' })).toBeTruthy();
  });

  it("shows 'Logout failed' when logging out fails", async () => {
    renderApp('/guide', {
      api: {
        'auth.me': () => makeUser(),
        'auth.logout': () => {
          throw apiError('INTERNAL_SERVER_ERROR', 'Internal server error');
        },
      },
    });
    fireEvent.click(await nav().findByRole('button', { name: 'Logout' }));
    const toast = (await screen.findByText('Logout failed')).closest('[role="alert"]') as HTMLElement;
    expect(toast).toBeTruthy();
    expect(within(toast).getByText('Internal server error')).toBeTruthy();
    expect(nav().getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it('has a brand link home and a footer credit line', async () => {
    renderApp('/guide');
    await screen.findByRole('heading', { name: 'Travel Guide' });
    expect(screen.getByRole('link', { name: 'RideShare' }).getAttribute('href')).toBe('/home');
    expect(
      within(screen.getByRole('contentinfo')).getByText(/built by and for the Forest City community/),
    ).toBeTruthy();
  });
});
