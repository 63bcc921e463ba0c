import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import {
  apiError,
  inDays,
  makeDriverCard,
  makePassengerEntry,
  makeRecord,
  makeRideDetail,
  makeUser,
  mockClipboard,
  renderWithProviders,
  type ApiCall,
  type ApiHandlers,
  type TestRideDetail,
} from '../test-utils';
import { RideDetailsPage } from './ride-details-page';

// Ride 7, SG->FC, 2 of 4 seats, organised by user 50 (see test-utils/fixtures.ts).
const ride = makeRideDetail;
const entry = makePassengerEntry;
const organizerEntry = entry(1, 50, 'Olivia Organiser', { passengerCount: 2 });

/** What the API answers a signed-out visitor (no Discord username, numbers or passenger locations). */
function visitorRide(overrides: Partial<TestRideDetail> = {}): TestRideDetail {
  return ride({
    creator: {
      id: 50,
      name: 'Olivia Organiser',
      discordUsername: null,
      discordVerified: false,
      whatsappNumber: null,
      malaysianNumber: null,
    },
    ...overrides,
  });
}

const FC_TO_SG: Partial<TestRideDetail> = {
  direction: 'FC->SG',
  pickupLocation: 'Forest City',
  currentPassengers: 4,
  status: 'assigned',
  dropoffLocations: [
    { location: 'Tampines Mall', passengerCount: 2 },
    { location: 'Bedok', passengerCount: 2 },
  ],
};

function render(api: ApiHandlers, route = '/rides/7') {
  return renderWithProviders(<RideDetailsPage />, {
    path: '/rides/:id',
    route,
    api: { 'message.unread': () => [], ...api },
  });
}

const callsTo = (calls: ApiCall[], path: string) => calls.filter((call) => call.path === path);

const writeText = mockClipboard();

describe('RideDetailsPage for a visitor', () => {
  it('shows the header, status, seats, details and cost, and asks to log in', async () => {
    const { calls } = render({ 'ride.byId': () => visitorRide() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Singapore to Forest City' })).toBeTruthy();
    expect(screen.getByText('No driver yet')).toBeTruthy();
    expect(screen.getByTestId('passenger-count').textContent).toBe('Passengers 2/4');
    expect(screen.queryByText('Full')).toBeNull();
    expect(screen.getByText('Pasir Ris MRT')).toBeTruthy();
    expect(screen.getByText('Olivia Organiser')).toBeTruthy();
    const cost = screen.getByRole('region', { name: 'Cost breakdown' });
    expect(within(cost).getByText('Per Person (now)')).toBeTruthy();
    expect(within(cost).getByText('SGD 40.00')).toBeTruthy();
    expect(within(cost).getByText('Per Person (if full)')).toBeTruthy();
    expect(within(cost).getByText('SGD 20.00')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Passengers (Login required)' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Login Required' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login or Register' }).getAttribute('href')).toBe('/auth');
    expect(screen.queryByRole('link', { name: 'Edit Ride' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Ride Organizer' })).toBeNull();
    expect(callsTo(calls, 'passenger.list')).toHaveLength(0);
  });

  it('asks to log in for the drop-offs of a Forest City to Singapore ride; Unknown Organizer without a name', async () => {
    // The visitor's answer: no drop-off text, no name to fall back on.
    render({
      'ride.byId': () =>
        visitorRide({
          ...FC_TO_SG,
          dropoffLocations: [],
          creatorName: null,
          creator: {
            id: 50,
            name: null,
            discordUsername: null,
            discordVerified: false,
            whatsappNumber: null,
            malaysianNumber: null,
          },
        }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Forest City to Singapore' })).toBeTruthy();
    expect(screen.getByText('Log in to see the drop-off points.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Drop-off locations' })).toBeNull();
    expect(screen.queryByText('No drop-off locations yet.')).toBeNull();
    expect(screen.getByText('Unknown Organizer')).toBeTruthy();
    expect(screen.getByText('Driver found')).toBeTruthy();
    expect(screen.getByText('Full')).toBeTruthy();
    // The hidden points list names only the pickup.
    expect(
      within(screen.getByTestId('ride-points'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Pickup: Forest City']);
  });

  it('shows the Ride Not Found card for an unknown ride', async () => {
    render({ 'ride.byId': () => Promise.reject(apiError('NOT_FOUND', 'Ride not found', 'NOT_FOUND')) });
    expect(await screen.findByRole('heading', { name: 'Ride Not Found' })).toBeTruthy();
  });

  it('the hidden points list names the pickup for screen readers', async () => {
    render({ 'ride.byId': () => visitorRide() });
    const points = await screen.findByTestId('ride-points');
    expect(
      within(points)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Pickup: Pasir Ris MRT']);
  });
});

describe('RideDetailsPage joining', () => {
  const signedIn = (overrides: ApiHandlers = {}): ApiHandlers => ({
    'auth.me': () => makeUser({ id: 2 }),
    'ride.byId': () => ride(),
    'passenger.list': () => [organizerEntry],
    ...overrides,
  });

  const dropoffItems = async () =>
    within(await screen.findByRole('list', { name: 'Drop-off locations' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);

  it('lists the drop-off locations of a Forest City to Singapore ride to a member, unnumbered until ordered', async () => {
    render(
      signedIn({
        'ride.byId': () => ride(FC_TO_SG),
        'passenger.list': () => [
          { ...organizerEntry, dropoffLocation: 'Tampines Mall' },
          entry(2, 2, 'Alice Tan', { dropoffLocation: 'Bedok', passengerCount: 2 }),
        ],
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Forest City to Singapore' })).toBeTruthy();
    await screen.findByTestId('dropoff-order-note');
    expect(await dropoffItems()).toEqual(['Tampines Mall (2 passengers)', 'Bedok (2 passengers)']);
    expect(screen.getByTestId('dropoff-order-note').textContent).toBe(
      'The organizer has not set the drop-off order yet.',
    );
    expect(screen.queryByText('Log in to see the drop-off points.')).toBeNull();
  });

  it('numbers the stops as the Passengers tab does, one place one stop', async () => {
    const passengers = [
      { ...organizerEntry, dropoffLocation: 'Bedok MRT', dropoffSequence: 1 },
      entry(2, 2, 'Alice Tan', { dropoffLocation: 'Jurong East', dropoffSequence: 2 }),
      entry(3, 3, 'Ben Lim', { dropoffLocation: 'bedok mrt', dropoffSequence: 3 }),
    ];
    render(signedIn({ 'ride.byId': () => ride(FC_TO_SG), 'passenger.list': () => passengers }));
    await waitFor(async () =>
      expect(await dropoffItems()).toEqual(['Stop #1 · Bedok MRT (3 passengers)', 'Stop #2 · Jurong East']),
    );
    fireEvent.click(screen.getByRole('tab', { name: /Passengers/ }));
    const items = await screen.findAllByTestId('passenger-entry');
    expect(
      items.map((item) => [
        within(item).getByText(/Bedok|Jurong/i).textContent,
        within(item).getByText(/^Stop #/).textContent,
      ]),
    ).toEqual([
      ['Drop-off: Bedok MRT', 'Stop #1'],
      ['Drop-off: Jurong East', 'Stop #2'],
      ['Drop-off: bedok mrt', 'Stop #1'],
    ]);
  });

  it('shows a rider their own stop on the Details tab, with its number', async () => {
    render(
      signedIn({
        'ride.byId': () => ride(FC_TO_SG),
        'passenger.list': () => [
          organizerEntry,
          entry(2, 2, 'Me', { dropoffLocation: 'Bedok', passengerCount: 2, dropoffSequence: 2 }),
        ],
      }),
    );
    const own = await screen.findByTestId('own-stop');
    // Numbered as every list numbers stops: the organizer's entry has no place in the order yet.
    expect(own.textContent).toBe('Your drop-offBedok (stop 1)');
  });

  it('shows the organiser card and the join form to an eligible member', async () => {
    render(signedIn());
    expect(await screen.findByRole('heading', { name: 'Join This Ride' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Ride Organizer' })).toBeTruthy();
    const organizer = screen.getByRole('group', { name: 'Contact Olivia Organiser' });
    expect(
      within(organizer).getByRole('link', { name: 'Chat on WhatsApp of Olivia Organiser' }).getAttribute('href'),
    ).toBe('https://wa.me/6580000001');
    expect(within(organizer).getAllByRole('button').length + within(organizer).getAllByRole('link').length).toBe(3);
    expect(screen.getByLabelText(/Pick-up Location/)).toBeTruthy();
  });

  it('checks the fields with the spec messages', async () => {
    const { calls } = render(signedIn());
    const count = await screen.findByLabelText(/Number of Passengers/);
    fireEvent.change(count, { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join Ride' }));
    expect(await screen.findByText('Number must be less than or equal to 2')).toBeTruthy();
    expect(screen.getByText('Drop-off location is required')).toBeTruthy();

    fireEvent.change(count, { target: { value: '0' } });
    fireEvent.blur(count);
    expect(await screen.findByText('Must have at least 1 passenger')).toBeTruthy();
    expect(callsTo(calls, 'passenger.join')).toHaveLength(0);
  });

  it('re-reads the ride on submit and refuses a group larger than the seats left', async () => {
    let reads = 0;
    const { calls } = render(
      signedIn({
        'ride.byId': () => {
          reads += 1;
          return ride(reads === 1 ? {} : { currentPassengers: 3 });
        },
      }),
    );
    const count = await screen.findByLabelText(/Number of Passengers/);
    fireEvent.change(count, { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText(/Pick-up Location/), { target: { value: 'Tampines' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join Ride' }));
    expect((await screen.findAllByText('Only 1 spots remaining')).length).toBeGreaterThan(0);
    expect(callsTo(calls, 'passenger.join')).toHaveLength(0);
  });

  it('joins with the trimmed location, confirms and refreshes the ride and passengers', async () => {
    let joined = false;
    const { calls } = render(
      signedIn({
        'ride.byId': () => ride(joined ? { currentPassengers: 3 } : {}),
        'passenger.list': () => (joined ? [organizerEntry, entry(2, 2, 'Alice Tan')] : [organizerEntry]),
        'passenger.join': () => {
          joined = true;
          return entry(2, 2, 'Alice Tan');
        },
        'stats.get': () => ({ totalRides: 1, totalUsers: 2 }),
      }),
    );
    fireEvent.change(await screen.findByLabelText(/Pick-up Location/), { target: { value: '  Tampines Mall  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join Ride' }));

    expect(await screen.findByText('You have joined the ride')).toBeTruthy();
    expect(screen.getByText('Success')).toBeTruthy();
    expect(callsTo(calls, 'passenger.join').map((call) => call.input)).toEqual([
      { rideId: 7, dropoffLocation: 'Tampines Mall', passengerCount: 1 },
    ]);
    expect(await screen.findByRole('heading', { name: "You've Joined This Ride" })).toBeTruthy();
    expect(screen.getByTestId('passenger-count').textContent).toBe('Passengers 3/4');
    expect(screen.getByRole('link', { name: 'View Your Rides' }).getAttribute('href')).toBe('/home?tab=my-rides');
  });

  it('shows the server refusal as an error toast', async () => {
    render(
      signedIn({
        'passenger.join': () => Promise.reject(apiError('CONFLICT', 'Ride is full', 'RIDE_FULL')),
      }),
    );
    fireEvent.change(await screen.findByLabelText(/Pick-up Location/), { target: { value: 'Bedok' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join Ride' }));
    expect(await screen.findByText('Ride is full')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
  });

  it('reads the ride and passengers again after a refusal, so the card says why', async () => {
    let joinedElsewhere = false;
    render(
      signedIn({
        'ride.byId': () => ride(joinedElsewhere ? { currentPassengers: 3 } : {}),
        'passenger.list': () => (joinedElsewhere ? [organizerEntry, entry(2, 2, 'Alice Tan')] : [organizerEntry]),
        'passenger.join': () => {
          joinedElsewhere = true;
          return Promise.reject(apiError('CONFLICT', 'You have already joined this ride', 'ALREADY_JOINED'));
        },
      }),
    );
    fireEvent.change(await screen.findByLabelText(/Pick-up Location/), { target: { value: 'Bedok' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join Ride' }));
    expect(await screen.findByText('You have already joined this ride')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: "You've Joined This Ride" })).toBeTruthy();
    expect(screen.getByTestId('passenger-count').textContent).toBe('Passengers 3/4');
  });

  it.each([
    ['joined, upcoming', {}, [organizerEntry, entry(2, 2, 'Alice Tan')], "You've Joined This Ride"],
    ['joined, past', { date: inDays(-2) }, [organizerEntry, entry(2, 2, 'Alice Tan')], 'This Ride Is Completed'],
    ['not joined, past', { date: inDays(-2) }, [organizerEntry], 'This Ride Is In The Past'],
    ['not joined, full', { currentPassengers: 4 }, [organizerEntry], 'This Ride Is Full'],
  ])('%s: no join form, the matching card instead', async (_label, rideOverrides, passengers, heading) => {
    render(signedIn({ 'ride.byId': () => ride(rideOverrides), 'passenger.list': () => passengers }));
    expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Join This Ride' })).toBeNull();
  });

  it('says so, with a retry, when the passenger list cannot be read', async () => {
    let fail = true;
    render(
      signedIn({
        'passenger.list': () => {
          if (fail) return Promise.reject(apiError('INTERNAL_SERVER_ERROR', 'Something went wrong on our side'));
          return [organizerEntry];
        },
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Trip Details' })).toBeTruthy();
    expect(await screen.findByText('Could not check your seat on this ride')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Join This Ride' })).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Join This Ride' })).toBeTruthy();
  });

  it('the organiser gets Edit Ride and no join form', async () => {
    render(signedIn({ 'auth.me': () => makeUser({ id: 50 }) }));
    const edit = await screen.findByRole('link', { name: 'Edit Ride' });
    expect(edit.getAttribute('href')).toBe('/rides/edit/7');
    expect(screen.queryByRole('heading', { name: 'Join This Ride' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Ride Organizer' })).toBeNull();
  });
});

describe('RideDetailsPage passengers tab', () => {
  const passengers = [
    organizerEntry,
    entry(2, 2, 'Alice Tan', { dropoffSequence: 2, passengerCount: 2 }),
    entry(3, 3, null, { dropoffSequence: 1 }),
  ];

  function renderTab(viewerId: number, overrides: ApiHandlers = {}) {
    return render(
      {
        'auth.me': () => makeUser({ id: viewerId }),
        'ride.byId': () => ride({ currentPassengers: 4, maxPassengers: 6 }),
        'passenger.list': () => passengers,
        'stats.get': () => ({ totalRides: 1, totalUsers: 3 }),
        ...overrides,
      },
      '/rides/7?tab=passengers',
    );
  }

  const entries = async () => screen.findAllByTestId('passenger-entry');

  it('the organiser sees every entry numbered, with stop badges, contacts and Remove Passenger', async () => {
    renderTab(50);
    const items = await entries();
    expect(items.map((item) => within(item).getByText(/^Passenger \d$/).textContent)).toEqual([
      'Passenger 1',
      'Passenger 2',
      'Passenger 3',
    ]);
    // Drop-off order: numbered stops first.
    expect(within(items[0] as HTMLElement).getByText('Stop #1')).toBeTruthy();
    expect(within(items[0] as HTMLElement).getByText('user3')).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText('Alice Tan')).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText('2 passengers')).toBeTruthy();
    expect(within(items[1] as HTMLElement).getAllByRole('button').length).toBeGreaterThanOrEqual(3);
    expect(screen.getAllByRole('button', { name: 'Remove Passenger' })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Leave Ride' })).toBeNull();
  });

  it("the organiser reads each other rider's record on their row; a rider reads none", async () => {
    const seasoned = makeRecord({
      tripsCompleted: 4,
      asRider: { completed: 4, noShows: 1, leftLate: 0 },
      thumbs: { up: 3, down: 0 },
    });
    const records = { 'record.get': ({ userId }: { userId: number }) => (userId === 2 ? seasoned : makeRecord()) };
    const { unmount } = renderTab(50, records);
    const items = await entries();
    expect(
      await within(items[1] as HTMLElement).findByText('4 trips completed · 3 thumbs up · 0 thumbs down · 1 no-show'),
    ).toBeTruthy();
    expect(await within(items[0] as HTMLElement).findByText('New member')).toBeTruthy();
    expect(within(items[2] as HTMLElement).queryByTestId('member-record')).toBeNull();
    unmount();
    renderTab(3, records);
    await entries();
    expect(
      screen.queryAllByTestId('member-record').filter((line) => line.closest('[data-testid="passenger-entry"]')),
    ).toEqual([]);
  });

  it('an entry carries at most two badges, the rest in words', async () => {
    renderTab(50, {
      'passenger.list': () => [
        { ...organizerEntry, dropoffSequence: 1 },
        entry(2, 2, 'Alice Tan', { dropoffSequence: 2 }),
      ],
    });
    const items = await entries();
    for (const item of items) expect(item.querySelectorAll('.mantine-Badge-root').length).toBeLessThanOrEqual(2);
    const own = items[0] as HTMLElement;
    expect([...own.querySelectorAll('.mantine-Badge-root')].map((badge) => badge.textContent)).toEqual([
      'Stop #1',
      'You',
    ]);
    expect(within(own).getByTestId('passenger-marks').textContent).toBe('Organizer · Passenger 1');
  });

  it('removes a passenger after confirming', async () => {
    let removed = false;
    const { calls } = renderTab(50, {
      'passenger.list': () => (removed ? passengers.filter((item) => item.id !== 2) : passengers),
      'passenger.remove': () => {
        removed = true;
        return {
          message: 'Passenger removed successfully',
          passengerId: 2,
          ride: ride({ currentPassengers: 2, maxPassengers: 6 }),
          stillOwed: null,
          owedTo: null,
        };
      },
    });
    await entries();
    const alice = screen.getAllByTestId('passenger-entry')[1] as HTMLElement;
    fireEvent.click(within(alice).getByRole('button', { name: 'Remove Passenger' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this passenger?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Passenger' }));
    expect(await screen.findByText('Passenger Removed')).toBeTruthy();
    expect(callsTo(calls, 'passenger.remove').map((call) => call.input)).toEqual([{ rideId: 7, passengerId: 2 }]);
    await waitFor(() => expect(screen.getAllByTestId('passenger-entry')).toHaveLength(2));
  });

  it("titles leaving your own seat 'You left the ride', keeping what is still owed", async () => {
    renderTab(2, {
      'passenger.remove': () => ({
        message: 'Passenger removed successfully',
        passengerId: 2,
        ride: ride({ currentPassengers: 2, maxPassengers: 6 }),
        stillOwed: 30,
        owedTo: 'Olivia Organiser',
      }),
    });
    await entries();
    fireEvent.click(screen.getByRole('button', { name: 'Leave Ride' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave this ride?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave Ride' }));
    expect(await screen.findByText('You left the ride')).toBeTruthy();
    expect(screen.getByText(/You still owe SGD 30 to Olivia Organiser/)).toBeTruthy();
    expect(screen.queryByText('Passenger Removed')).toBeNull();
  });

  it("falls back to 'Failed to remove passenger' when the removal fails without a message", async () => {
    renderTab(2, { 'passenger.remove': () => Promise.reject(new Error('')) });
    await entries();
    expect(screen.queryByText(/^Passenger \d$/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Leave Ride' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave this ride?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave Ride' }));
    expect(await screen.findByText('Failed to remove passenger')).toBeTruthy();
  });

  it('a past ride offers neither Remove Passenger nor Leave Ride', async () => {
    renderTab(50, { 'ride.byId': () => ride({ date: inDays(-1) }) });
    await entries();
    expect(screen.queryByRole('button', { name: 'Remove Passenger' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Leave Ride' })).toBeNull();
  });

  it('says No Passengers Yet when the list is empty', async () => {
    renderTab(2, { 'passenger.list': () => [] });
    expect(await screen.findByText('No Passengers Yet')).toBeTruthy();
  });

  it.each([
    ['WhatsApp Group', [], 'No passengers to add to WhatsApp group'],
    ['Discord Group', [], 'No passengers to add to Discord group'],
    ['WhatsApp Group', [entry(2, 2, 'Alice Tan')], 'None of the passengers have registered their WhatsApp numbers'],
  ])('%s explains why there is nothing to copy', async (button, list, message) => {
    renderTab(2, { 'passenger.list': () => list });
    fireEvent.click(await screen.findByRole('button', { name: button }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(writeText).not.toHaveBeenCalled();
  });

  it('Discord Group copies the group name and every username', async () => {
    renderTab(2);
    expect(
      await screen.findByText(/WhatsApp and Discord groups are not set up automatically yet: use the/),
    ).toBeTruthy();
    const communication = screen.getByRole('region', { name: 'Communication' });
    expect(within(communication).getByRole('link', { name: 'ride chat' }).getAttribute('href')).toMatch(
      /^\/rides\/\d+\?tab=chat$/,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Discord Group' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(1));
    const text = writeText.mock.calls[0]?.[0] ?? '';
    expect(text).toMatch(/^Group name: RideShare: SG->FC /);
    expect(text).toContain('- Alice Tan: user2');
    expect(text).toContain('- user3: user3');
  });
});

describe('RideDetailsPage driver card', () => {
  const assigned = (overrides: Partial<TestRideDetail> = {}) =>
    ride({ status: 'assigned', vendorId: 30, driver: makeDriverCard(), ...overrides });
  const api = (viewerId: number, detail: TestRideDetail, extra: ApiHandlers = {}): ApiHandlers => ({
    'auth.me': () => makeUser({ id: viewerId }),
    'ride.byId': () => detail,
    'passenger.list': () => [organizerEntry, entry(2, 2, 'Alice Tan')],
    ...extra,
  });

  it("shows a passenger the driver's company, name, contact (call and WhatsApp) and car, without Release Driver", async () => {
    render(api(2, assigned()));
    const section = (await screen.findByRole('heading', { name: 'Driver' })).closest('section');
    if (!section) throw new Error('no driver card');
    const card = within(section);
    expect(card.getByText('Acme Transport')).toBeTruthy();
    expect(card.getByText('Tan Ah Kow')).toBeTruthy();
    expect(card.getByText('SGX1234A')).toBeTruthy();
    expect(card.getByRole('link', { name: 'Call the driver on +65 9876 5432' }).getAttribute('href')).toBe(
      'tel:+6598765432',
    );
    expect(card.getByRole('link', { name: /^Chat on WhatsApp/ }).getAttribute('href')).toBe('https://wa.me/6598765432');
    expect(card.queryByRole('button', { name: 'Release Driver' })).toBeNull();
  });

  it('shows no driver card when the API sends none', async () => {
    render(api(3, assigned({ driver: null })));
    expect(await screen.findByText('Driver found')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Driver' })).toBeNull();
  });

  it('lets the organiser release the driver; the page then shows the ride open again', async () => {
    let released = false;
    const { calls } = render(
      api(50, assigned(), {
        'ride.byId': () => (released ? ride({ status: 'open', vendorId: null, driver: null }) : assigned()),
        'vendor.unassign': () => {
          released = true;
          return ride({ status: 'open', vendorId: null, driver: null });
        },
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Release Driver' }));
    expect(await screen.findByText('Driver released')).toBeTruthy();
    expect(callsTo(calls, 'vendor.unassign').map((call) => call.input)).toEqual([{ rideId: 7 }]);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Driver' })).toBeNull());
    expect(screen.getByText('No driver yet')).toBeTruthy();
  });

  it('offers no Release Driver once the ride has left', async () => {
    render(api(50, assigned({ date: inDays(-1) })));
    expect(await screen.findByRole('heading', { name: 'Driver' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Release Driver' })).toBeNull();
  });
});

describe('RideDetailsPage, Add to calendar', () => {
  it('links every reader to the ride’s .ics file as a download', async () => {
    render({ 'ride.byId': () => visitorRide() });
    const link = await screen.findByRole('link', { name: 'Add to calendar' });
    expect(link.getAttribute('href')).toBe('/api/rides/7/calendar.ics');
    expect(link.getAttribute('download')).toBe('rideshare-ride-7.ics');
  });
});

describe('RideDetailsPage chat tab', () => {
  const party = [organizerEntry, entry(2, 2, 'Alice Tan')];
  const renderAs = (viewerId: number | null, route = '/rides/7') =>
    render(
      {
        'auth.me': () => (viewerId === null ? null : makeUser({ id: viewerId })),
        'ride.byId': () => ride(),
        'passenger.list': () => party,
        'message.unread': () => [{ rideId: 7, unread: 3 }],
        'message.list': () => ({ items: [], nextBefore: null }),
        'message.markRead': () => ({ rideId: 7, unread: 0 }),
      },
      route,
    );

  it('shows a rider the Chat tab with its unread count, and the chat under ?tab=chat', async () => {
    renderAs(2);
    expect(await screen.findByRole('tab', { name: /Chat\s*3 unread/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: /Chat/ }));
    expect(await screen.findByText('No messages yet. Say hello to your fellow travellers.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeTruthy();
  });

  it('gives a member outside the party no Chat tab, and the reason when they open it anyway', async () => {
    renderAs(5);
    await screen.findByRole('tab', { name: 'Passengers' });
    expect(screen.queryByRole('tab', { name: /Chat/ })).toBeNull();
  });

  it('tells a member outside the party who open ?tab=chat why they cannot see it', async () => {
    renderAs(5, '/rides/7?tab=chat');
    expect(
      await screen.findByText("Only the ride's organizer, its riders and its assigned driver can use this chat"),
    ).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
  });
});
