import { formatRideDay } from '@rideshare/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { RIDES_PAGE_SIZE } from '../features/rides/all-rides-tab';
import {
  apiError,
  inDays,
  makeRideSummary,
  makeUser,
  renderWithProviders,
  type ApiCall,
  type ApiHandlers,
  type TestRideSummary,
} from '../test-utils';
import { HomePage } from './home-page';

function summary(overrides: Partial<TestRideSummary> = {}): TestRideSummary {
  return makeRideSummary({
    id: 1,
    currentPassengers: 1,
    dropoffLocations: [{ location: 'Pasir Ris MRT', passengerCount: 1 }],
    ...overrides,
  });
}

function listPage(items: ReturnType<typeof summary>[], total = items.length, page = 1) {
  return { items, total, page, pageSize: RIDES_PAGE_SIZE };
}

function api(overrides: ApiHandlers = {}): ApiHandlers {
  return {
    'stats.get': () => ({ totalRides: 42, totalUsers: 7 }),
    'ride.list': () => listPage([summary()]),
    'ride.joined': () => [],
    'ride.standing': () => [],
    'ride.organized': () => [],
    'passenger.list': () => [],
    ...overrides,
  };
}

const listCalls = (calls: ApiCall[]) => calls.filter((call) => call.path === 'ride.list');

describe('HomePage, All Rides', () => {
  it('shows stats, the visitor card and the first page with the default filters', async () => {
    const { calls } = renderWithProviders(<HomePage />, { path: '/home', route: '/home', api: api() });

    expect(await screen.findByRole('heading', { name: 'Join RideShare Community' })).toBeTruthy();
    expect(screen.getByText('Login to unlock full features and start sharing rides')).toBeTruthy();
    for (const blurb of ['Create Rides', 'Join Existing Rides', 'Manage Your Trips']) {
      expect(screen.getByText(blurb)).toBeTruthy();
    }
    expect(screen.getByRole('link', { name: 'Login or Register Now' }).getAttribute('href')).toBe('/auth');
    expect(screen.queryByRole('link', { name: 'Create New Ride' })).toBeNull();

    await screen.findByText('Olivia Organiser');
    expect(within(screen.getByRole('region', { name: 'Total Rides' })).getByText('42')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Total Users' })).getByText('7')).toBeTruthy();
    expect(listCalls(calls)[0]?.input).toEqual({
      time: 'upcoming',
      direction: 'all',
      sort: 'dateAsc',
      page: 1,
      pageSize: RIDES_PAGE_SIZE,
    });
    // A visitor has no joined rides to ask for.
    expect(calls.some((call) => call.path === 'ride.joined')).toBe(false);
  });

  it("puts the visitor's invitation below the first rides, not above the list", async () => {
    const rides = [1, 2, 3, 4, 5].map((id) => summary({ id }));
    const { container } = renderWithProviders(<HomePage />, {
      path: '/home',
      route: '/home',
      api: api({ 'ride.list': () => listPage(rides) }),
    });
    const promo = await screen.findByRole('region', { name: 'Join RideShare Community' });
    await waitFor(() => expect(container.querySelectorAll('article[data-ride-id]')).toHaveLength(5));
    const cards = [...container.querySelectorAll('article[data-ride-id]')];
    const before = cards.filter((card) => card.compareDocumentPosition(promo) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(before.map((card) => card.getAttribute('data-ride-id'))).toEqual(['1', '2', '3']);
  });

  it('shows a weekly series as one card that opens its dates', async () => {
    const weekly = [11, 12, 13].map((id, index) => summary({ id, seriesId: 4, date: inDays((index + 1) * 7) }));
    const { container } = renderWithProviders(<HomePage />, {
      path: '/home',
      route: '/home',
      api: api({ 'ride.list': () => listPage([...weekly, summary({ id: 20 })]) }),
    });
    const group = await screen.findByTestId('series-group');
    expect(container.querySelectorAll('article[data-ride-id]')).toHaveLength(2);
    expect(within(group).getByTestId('series-summary').textContent).toBe(
      `Weekly · 3 rides · next ${formatRideDay(weekly[0]?.date ?? '')}`,
    );
    expect(within(group).queryByRole('list', { name: /Dates of this weekly series/ })).toBeNull();
    fireEvent.click(within(group).getByRole('button', { name: 'Show all 3 dates' }));
    const dates = await within(group).findByRole('list', { name: 'Dates of this weekly series (3)' });
    expect(
      within(dates)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/rides/11', '/rides/12', '/rides/13']);
  });

  it('sends the chosen filters and starts again from page 1', async () => {
    const { calls, router } = renderWithProviders(<HomePage />, {
      path: '/home',
      route: '/home?page=2',
      api: api({ 'ride.list': () => listPage([summary()], 30, 2) }),
    });
    await screen.findByText('Olivia Organiser');
    expect(listCalls(calls).at(-1)?.input).toMatchObject({ page: 2 });

    fireEvent.change(screen.getByLabelText('Direction'), { target: { value: 'FC->SG' } });
    await waitFor(() =>
      expect(listCalls(calls).at(-1)?.input).toMatchObject({ direction: 'FC->SG', time: 'upcoming', page: 1 }),
    );
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: 'thisWeek' } });
    fireEvent.change(screen.getByLabelText('Sort'), { target: { value: 'dateDesc' } });
    await waitFor(() =>
      expect(listCalls(calls).at(-1)?.input).toMatchObject({ direction: 'FC->SG', time: 'thisWeek', sort: 'dateDesc' }),
    );
    expect(new URLSearchParams(router.state.location.search).get('time')).toBe('thisWeek');
  });

  it('pages through the list and shows the total', async () => {
    const { calls } = renderWithProviders(<HomePage />, {
      path: '/home',
      route: '/home',
      api: api({
        'ride.list': (input) => {
          const page = (input as { page: number }).page;
          return listPage([summary({ id: page, creatorName: `Organiser ${page}` })], 25, page);
        },
      }),
    });
    await screen.findByText('Organiser 1');
    expect(screen.getByTestId('rides-count').textContent).toBe(`Showing 1–1 of 25 rides`);
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await screen.findByText('Organiser 3');
    expect(listCalls(calls).at(-1)?.input).toMatchObject({ page: 3 });
  });

  it('moves a page past the end (an old link) to the last page', async () => {
    const { calls, router } = renderWithProviders(<HomePage />, {
      path: '/home',
      route: '/home?page=9',
      api: api({
        'ride.list': (input) => {
          const page = (input as { page: number }).page;
          return page === 1 ? listPage([summary()], 3, 1) : listPage([], 3, page);
        },
      }),
    });
    expect(await screen.findByText('Olivia Organiser')).toBeTruthy();
    expect(listCalls(calls).map((call) => (call.input as { page: number }).page)).toEqual([9, 1]);
    expect(router.state.location.search).toBe('');
  });

  it('shows a spinner while the rides load', async () => {
    renderWithProviders(<HomePage />, {
      path: '/home',
      route: '/home',
      api: api({ 'ride.list': () => new Promise(() => undefined) }),
    });
    expect(await screen.findByRole('status', { name: 'Loading rides' })).toBeTruthy();
    expect(screen.queryByText('No rides available at the moment.')).toBeNull();
  });

  it('says when the rides could not be loaded and tries again on request', async () => {
    let attempts = 0;
    renderWithProviders(<HomePage />, {
      path: '/home',
      route: '/home',
      api: api({
        'ride.list': () => {
          attempts += 1;
          if (attempts === 1) throw apiError('INTERNAL_SERVER_ERROR', 'Database unavailable');
          return listPage([summary()]);
        },
      }),
    });
    expect(await screen.findByText('Rides could not be loaded')).toBeTruthy();
    expect(screen.getByText('Database unavailable')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Olivia Organiser')).toBeTruthy();
  });

  it("shows a visitor's rides as the API answers them: 'Unknown Organizer' when the organiser gave no name", async () => {
    // Signed out, the API sends no Discord username to fall back on and no passenger's location.
    const nameless = summary({
      id: 4,
      creatorName: null,
      direction: 'FC->SG',
      pickupLocation: 'Forest City',
      dropoffLocations: [],
    });
    renderWithProviders(<HomePage />, {
      path: '/home',
      route: '/home',
      api: api({ 'ride.list': () => listPage([summary(), nameless]) }),
    });
    await screen.findByText('Olivia Organiser');
    const card = screen.getAllByRole('article').find((article) => article.getAttribute('data-ride-id') === '4');
    expect(card?.textContent).toContain('Organizer: Unknown Organizer');
    expect(card?.textContent).toContain('Forest City to Singapore');
  });

  it("says 'No rides available at the moment.' for an empty list", async () => {
    renderWithProviders(<HomePage />, { path: '/home', route: '/home', api: api({ 'ride.list': () => listPage([]) }) });
    expect(await screen.findByText('No rides available at the moment.')).toBeTruthy();
  });

  it('offers signed-in members Create New Ride and no join on rides they already joined', async () => {
    const joinedRide = summary({ id: 8, creatorName: 'Joined Ride Owner' });
    const openRide = summary({ id: 9, creatorName: 'Open Ride Owner' });
    renderWithProviders(<HomePage />, {
      path: '/home',
      route: '/home',
      api: api({
        'auth.me': () => makeUser({ id: 2 }),
        'ride.list': () => listPage([joinedRide, openRide]),
        'ride.joined': () => [joinedRide],
      }),
    });
    await screen.findByText('Open Ride Owner');
    expect(screen.getByRole('link', { name: 'Create New Ride' }).getAttribute('href')).toBe('/rides/create');
    expect(screen.queryByRole('heading', { name: 'Join RideShare Community' })).toBeNull();
    await waitFor(() => {
      const joinLinks = screen.getAllByRole('link', { name: /^Join ride/ });
      expect(joinLinks.map((link) => link.getAttribute('href'))).toEqual(['/rides/9/join']);
    });
  });

  it('gives vendors assign links and no Create New Ride', async () => {
    renderWithProviders(<HomePage />, {
      path: '/home',
      route: '/home',
      api: api({
        'auth.me': () => makeUser({ id: 3, isVendor: true }),
        'ride.list': () => listPage([summary(), summary({ id: 2, direction: 'FC->SG' })]),
        // The licence lets this vendor take the first ride only.
        'vendor.available': () => [summary()],
      }),
    });
    await screen.findAllByText('Olivia Organiser');
    const assignLinks = screen.getAllByRole('link', { name: /^Assign ride/ });
    expect(assignLinks.map((link) => link.getAttribute('href'))).toEqual(['/vendor?rideId=1']);
    // A vendor account never joins as a passenger.
    expect(screen.queryByRole('link', { name: /^Join ride/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Create New Ride' })).toBeNull();
  });

  it('says when the filters hide every ride, and clears them', async () => {
    const { calls } = renderWithProviders(<HomePage />, {
      path: '/home',
      route: '/home?time=thisWeek&direction=FC-%3ESG',
      api: api({ 'ride.list': () => listPage([]) }),
    });
    expect(await screen.findByText('No rides match these filters')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() =>
      expect(listCalls(calls).at(-1)?.input).toMatchObject({ time: 'upcoming', direction: 'all', sort: 'dateAsc' }),
    );
  });
});

describe('HomePage, My Rides', () => {
  it('asks a visitor to log in', async () => {
    renderWithProviders(<HomePage />, { path: '/home', route: '/home?tab=my-rides', api: api() });
    expect(await screen.findByRole('heading', { name: 'Log in to see your rides' })).toBeTruthy();
  });

  it("says 'You haven't created or joined any rides yet.' when there are none", async () => {
    renderWithProviders(<HomePage />, {
      path: '/home',
      route: '/home?tab=my-rides',
      api: api({ 'auth.me': () => makeUser() }),
    });
    expect(await screen.findByText("You haven't created or joined any rides yet.")).toBeTruthy();
  });

  it('lists the three sections with their actions', async () => {
    const own = summary({ id: 11, creatorId: 2, direction: 'FC->SG', pickupLocation: 'Forest City' });
    const ownOutbound = summary({ id: 12, creatorId: 2, direction: 'SG->FC' });
    const joinedRide = summary({ id: 13, creatorId: 60, creatorName: 'Someone Else' });
    renderWithProviders(<HomePage />, {
      path: '/home',
      route: '/home?tab=my-rides',
      api: api({
        'auth.me': () => makeUser({ id: 2 }),
        'ride.organized': () => [ownOutbound, own],
        'ride.joined': () => [joinedRide],
      }),
    });

    const sequence = await screen.findByRole('region', { name: 'Manage Route Order' });
    const sequenceRides = within(sequence).getAllByRole('article');
    // Both directions have a route order: pick-ups on SG->FC, drop-offs on FC->SG.
    expect(sequenceRides.map((ride) => ride.getAttribute('data-ride-id'))).toEqual(['12', '11']);
    expect(within(sequence).getByText('Pick-up order')).toBeTruthy();
    expect(within(sequence).getByText('Drop-off order')).toBeTruthy();
    expect(within(sequence).getAllByRole('button', { name: /^Share Summary/ })).toHaveLength(2);
    expect((await within(sequence).findAllByText('No passengers have joined this ride yet.')).length).toBeGreaterThan(
      0,
    );

    const organized = screen.getByRole('region', { name: 'Rides You Organized' });
    const organizedIds = within(organized)
      .getAllByRole('article')
      .map((ride) => ride.getAttribute('data-ride-id'));
    expect(organizedIds.sort()).toEqual(['11', '12']);
    expect(
      within(organized)
        .getAllByRole('link', { name: /^Edit/ })
        .map((link) => link.getAttribute('href'))
        .sort(),
    ).toEqual(['/rides/edit/11', '/rides/edit/12']);
    expect(within(organized).getAllByRole('button', { name: /^Share ride/ })).toHaveLength(2);

    const joined = screen.getByRole('region', { name: 'Rides You Joined' });
    expect(
      within(joined)
        .getByRole('link', { name: /^View Details/ })
        .getAttribute('href'),
    ).toBe('/rides/13');
    expect(within(joined).getByRole('button', { name: /^Share ride/ })).toBeTruthy();
    expect(within(joined).queryByRole('link', { name: /^Join ride/ })).toBeNull();
  });
});
