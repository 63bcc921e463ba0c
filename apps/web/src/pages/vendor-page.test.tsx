import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

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
import { VendorPage } from './vendor-page';

/** Vendor writes answer a ride detail; a vendor never waits, so its waitlist is empty. */
const NO_WAITLIST = { count: 0, heldSeats: 0, mine: null };
const VENDOR = makeUser({
  id: 7,
  discordUsername: 'vince',
  name: 'Vince',
  isVendor: true,
  companyName: 'Second Link Cars',
});

function ride(overrides: Partial<TestRideSummary> = {}): TestRideSummary {
  return makeRideSummary({
    id: 1,
    direction: 'FC->SG',
    currentPassengers: 3,
    pickupLocation: 'Forest City',
    dropoffLocations: [
      { location: 'Bedok', passengerCount: 2 },
      { location: 'Jurong East', passengerCount: 1 },
    ],
    additionalStops: 1,
    ...overrides,
  });
}

function api(overrides: ApiHandlers = {}): ApiHandlers {
  return {
    'auth.me': () => VENDOR,
    'vendor.rides': () => [],
    'vendor.available': () => [],
    'vendor.permitScope': () => ({ allowed: ['FC->SG', 'SG->FC'], hidden: [] }),
    'quote.mine': () => [],
    ...overrides,
  };
}

const render = (route: string, handlers: ApiHandlers) =>
  renderWithProviders(<VendorPage />, { path: '/vendor', route, api: handlers });
const callsOf = (calls: ApiCall[], path: string) => calls.filter((call) => call.path === path);
const card = (id: number) => {
  const node = document.querySelector<HTMLElement>(`article[data-ride-id="${String(id)}"]`);
  if (!node) throw new Error(`no card for ride ${String(id)}`);
  return node;
};

describe('VendorPage', () => {
  it('tells a member who is not a vendor that the dashboard is for vendors, without asking for vendor data', async () => {
    const { calls } = render('/vendor', api({ 'auth.me': () => makeUser({ isVendor: false }) }));
    expect(await screen.findByRole('heading', { name: 'This dashboard is for vendors' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/home');
    expect(screen.queryByRole('tab')).toBeNull();
    expect(callsOf(calls, 'vendor.rides')).toHaveLength(0);
    expect(callsOf(calls, 'vendor.available')).toHaveLength(0);
  });

  it("opens on My Rides with the vendor's assigned rides, and shows both empty texts", async () => {
    render('/vendor', api({ 'vendor.rides': () => [ride({ id: 4, status: 'assigned', vendorId: 7 })] }));
    expect((await screen.findByRole('tab', { name: 'My Rides' })).getAttribute('aria-selected')).toBe('true');
    await screen.findByRole('link', { name: 'Forest City to Singapore' });
    const mine = within(card(4));
    expect(mine.getByText('Assigned to you')).toBeTruthy();
    expect(mine.getByText('Olivia Organiser')).toBeTruthy();
    expect(mine.getByText('3/4')).toBeTruthy();
    expect(mine.getByText('SGD 85')).toBeTruthy();
    expect(
      within(mine.getByRole('list', { name: 'Drop-offs' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Bedok (2 pax)', 'Jurong East (1 pax)']);
    expect(mine.queryByRole('button', { name: /^Assign to Me/ })).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: 'Available Rides' }));
    expect(await screen.findByText('No available rides at the moment.')).toBeTruthy();
  });

  it('lists the stops of available and assigned rides in route order, not organiser first', async () => {
    // Organised from Bedok MRT, which the organiser made the second pick-up.
    const sgToFc = {
      direction: 'SG->FC' as const,
      pickupLocation: 'Bedok MRT',
      dropoffLocations: [
        { location: 'Bedok MRT', passengerCount: 2 },
        { location: 'Jurong East', passengerCount: 1 },
      ],
      routeStops: [
        { stop: 1, location: 'Jurong East', passengerCount: 1 },
        { stop: 2, location: 'Bedok MRT', passengerCount: 2 },
      ],
    };
    // Organised from Tampines Mall, the last drop-off, with an unplaced newcomer after it.
    const fcToSg = {
      dropoffLocations: [
        { location: 'Tampines Mall', passengerCount: 1 },
        { location: 'Bedok', passengerCount: 2 },
        { location: 'Yishun', passengerCount: 1 },
      ],
      routeStops: [
        { stop: 1, location: 'Bedok', passengerCount: 2 },
        { stop: 2, location: 'Tampines Mall', passengerCount: 1 },
        { stop: null, location: 'Yishun', passengerCount: 1 },
      ],
    };
    render(
      '/vendor?tab=available',
      api({
        'vendor.available': () => [ride({ id: 5, ...sgToFc })],
        'vendor.rides': () => [ride({ id: 6, status: 'assigned', vendorId: 7, ...fcToSg })],
      }),
    );
    await screen.findByRole('link', { name: 'Singapore to Forest City' });
    const items = (node: HTMLElement, list: string) =>
      within(within(node).getByRole('list', { name: list }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(items(card(5), 'Pick-ups')).toEqual(['Jurong East (1 pax)', 'Bedok MRT (2 pax)']);

    fireEvent.click(screen.getByRole('tab', { name: 'My Rides' }));
    await screen.findByRole('link', { name: 'Forest City to Singapore' });
    expect(items(card(6), 'Drop-offs')).toEqual(['Bedok (2 pax)', 'Tampines Mall (1 pax)', 'Yishun (1 pax)']);
  });

  it('says so when nothing is assigned yet', async () => {
    render('/vendor', api());
    expect(await screen.findByText('No assigned rides yet.')).toBeTruthy();
  });

  it('assigns an available ride, confirms it and reloads both lists', async () => {
    let assigned = false;
    const { calls } = render(
      '/vendor?tab=available',
      api({
        'vendor.available': () =>
          assigned ? [] : [ride({ id: 9, direction: 'SG->FC', pickupLocation: 'Pasir Ris MRT' })],
        'vendor.rides': () => (assigned ? [ride({ id: 9, status: 'assigned', vendorId: 7 })] : []),
        'vendor.assign': () => {
          assigned = true;
          return {
            ...ride({ id: 9, status: 'assigned', vendorId: 7 }),
            creator: null,
            driver: null,
            waitlist: NO_WAITLIST,
          };
        },
      }),
    );
    const button = await screen.findByRole('button', { name: /^Assign to Me: Singapore to Forest City/ });
    expect(within(card(9)).getByText('No driver yet')).toBeTruthy();
    fireEvent.click(button);
    // It asks once, saying what will happen; nothing is sent before the answer.
    const dialog = await screen.findByRole('dialog', { name: 'Take this ride?' });
    expect(dialog.textContent).toContain('The organizer and every passenger are told at once');
    // The release rule, with this ride's deadline in Singapore time.
    expect(dialog.textContent).toMatch(
      /Once taken, you can release a ride only until 24 hours before departure: (for this ride, until .+ \(Singapore time\)|this one departs within 24 hours)/,
    );
    expect(callsOf(calls, 'vendor.assign')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign to Me' }));

    expect(await screen.findByText('Ride assigned successfully')).toBeTruthy();
    expect(callsOf(calls, 'vendor.assign').map((call) => call.input)).toEqual([{ rideId: 9 }]);
    expect(await screen.findByText('No available rides at the moment.')).toBeTruthy();
    expect(callsOf(calls, 'vendor.rides').length).toBeGreaterThanOrEqual(2);

    fireEvent.click(screen.getByRole('tab', { name: 'My Rides' }));
    await waitFor(() => expect(within(card(9)).getByText('Assigned to you')).toBeTruthy());
  });

  it('says which directions the permit allows and how many rides it hides', async () => {
    render(
      '/vendor?tab=available',
      api({
        'vendor.available': () => [ride({ id: 9, direction: 'SG->FC', pickupLocation: 'Pasir Ris MRT' })],
        'vendor.permitScope': () => ({ allowed: ['SG->FC'], hidden: [{ direction: 'FC->SG', count: 3 }] }),
      }),
    );
    const note = await screen.findByTestId('permit-scope');
    expect(note.textContent).toContain('Your permit lets you take Singapore → Forest City rides.');
    expect(note.textContent).toContain('3 Forest City → Singapore rides need a Malaysian permit.');
  });

  it('shows a refusal under Error and refreshes the list', async () => {
    const { calls } = render(
      '/vendor?tab=available',
      api({
        'vendor.available': () => [ride({ id: 9 })],
        'vendor.assign': () => {
          throw apiError('CONFLICT', 'This ride has already been assigned', 'ALREADY_ASSIGNED');
        },
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: /^Assign to Me/ }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Assign to Me' }));
    const toast = await screen.findByText('This ride has already been assigned');
    expect(toast.closest('.mantine-Notification-root')?.textContent).toContain('Error');
    await waitFor(() => expect(callsOf(calls, 'vendor.available').length).toBeGreaterThanOrEqual(2));
  });

  it('opens Available Rides at the ride a link names, highlighted with its assign button focused', async () => {
    render(
      '/vendor?rideId=12',
      api({ 'vendor.available': () => [ride({ id: 11 }), ride({ id: 12 }), ride({ id: 13 })] }),
    );
    expect((await screen.findByRole('tab', { name: 'Available Rides' })).getAttribute('aria-selected')).toBe('true');
    await screen.findAllByRole('button', { name: /^Assign to Me/ });
    expect(card(12).getAttribute('data-highlighted')).toBe('true');
    expect(card(11).getAttribute('data-highlighted')).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(within(card(12)).getByRole('button', { name: /^Assign to Me/ })),
    );
    expect(screen.queryByTestId('assign-target-notice')).toBeNull();
  });

  it.each([
    [
      'taken by another vendor',
      ride({ id: 12, status: 'assigned', vendorId: 3 }),
      'This ride has already been assigned to another vendor.',
    ],
    [
      'already theirs',
      ride({ id: 12, status: 'assigned', vendorId: 7 }),
      'This ride is already assigned to you. You will find it under My Rides.',
    ],
  ])('explains when the linked ride is %s', async (_case, detail, message) => {
    render(
      '/vendor?rideId=12',
      api({
        'vendor.available': () => [ride({ id: 11 })],
        'ride.byId': () => ({ ...detail, creator: null, driver: null, waitlist: NO_WAITLIST, readiness: null }),
      }),
    );
    const notice = await screen.findByTestId('assign-target-notice');
    await waitFor(() => expect(notice.textContent).toContain(message));
    expect(notice.textContent).toContain('This ride is not available');
    expect(within(notice).getByRole('link', { name: 'View ride details' }).getAttribute('href')).toBe('/rides/12');
  });

  it("says 'Ride not found' for a link to a ride that does not exist", async () => {
    render(
      '/vendor?rideId=404',
      api({
        'ride.byId': () => {
          throw apiError('NOT_FOUND', 'Ride not found');
        },
      }),
    );
    const notice = await screen.findByTestId('assign-target-notice');
    await waitFor(() => expect(notice.textContent).toContain('Ride not found.'));
  });
});

describe('VendorPage My Rides driver actions', () => {
  it('unassigns a ride days ahead; it leaves My Rides', async () => {
    let unassigned = false;
    const { calls } = render(
      '/vendor',
      api({
        'vendor.rides': () => (unassigned ? [] : [ride({ id: 4, status: 'assigned', vendorId: 7, date: inDays(3) })]),
        'vendor.unassign': () => {
          unassigned = true;
          return { ...ride({ id: 4 }), creator: null, driver: null, waitlist: NO_WAITLIST };
        },
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: /^Unassign: / }));
    expect(await screen.findByText('Ride unassigned')).toBeTruthy();
    expect(callsOf(calls, 'vendor.unassign').map((call) => call.input)).toEqual([{ rideId: 4 }]);
    expect(await screen.findByText('No assigned rides yet.')).toBeTruthy();
  });

  it('disables Unassign within 24 hours and says why; no Mark Completed before departure', async () => {
    render(
      '/vendor',
      api({ 'vendor.rides': () => [ride({ id: 5, status: 'assigned', vendorId: 7, date: inDays(0.5) })] }),
    );
    const button = await screen.findByRole('button', { name: /^Unassign: / });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(within(card(5)).getByText('A ride can only be unassigned until 24 hours before departure')).toBeTruthy();
    expect(within(card(5)).queryByRole('button', { name: /Mark Completed/ })).toBeNull();
  });

  it('marks a past ride completed; a refusal shows under Error', async () => {
    let completed = false;
    const { calls } = render(
      '/vendor',
      api({
        'vendor.rides': () => [
          ride({ id: 6, status: completed ? 'completed' : 'assigned', vendorId: 7, date: inDays(-1) }),
          ride({ id: 8, status: 'completed', vendorId: 7, date: inDays(-2) }),
        ],
        'vendor.complete': () => {
          completed = true;
          return { ...ride({ id: 6, status: 'completed' }), creator: null, driver: null, waitlist: NO_WAITLIST };
        },
      }),
    );
    const button = await within(await waitFor(() => card(6))).findByRole('button', { name: /^Mark Completed: / });
    expect(within(card(6)).queryByRole('button', { name: /^Unassign/ })).toBeNull();
    expect(within(card(8)).queryByRole('button', { name: /Mark Completed|Unassign/ })).toBeNull();
    fireEvent.click(button);
    expect(await screen.findByText('Ride marked as completed')).toBeTruthy();
    expect(callsOf(calls, 'vendor.complete').map((call) => call.input)).toEqual([{ rideId: 6 }]);
    await waitFor(() => expect(within(card(6)).getByText('Completed')).toBeTruthy());
  });

  it("shows the server's refusal when completing fails", async () => {
    render(
      '/vendor',
      api({
        'vendor.rides': () => [ride({ id: 6, status: 'assigned', vendorId: 7, date: inDays(-1) })],
        'vendor.complete': () => {
          throw apiError('CONFLICT', 'This ride is already completed', 'RIDE_NOT_ASSIGNED');
        },
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: /^Mark Completed: / }));
    expect(await screen.findByText('This ride is already completed')).toBeTruthy();
  });
});

describe('vendor approval and licence on the dashboard', () => {
  it('shows a pending vendor its status and what its application lacks, and loads no rides', async () => {
    const pending = makeUser({ ...VENDOR, vendorStatus: 'pending', permit: null, vehicleSeats: null });
    const { calls } = render('/vendor', api({ 'auth.me': () => pending }));
    expect(await screen.findByText('Your vendor account is awaiting approval')).toBeTruthy();
    expect(screen.getByTestId('vendor-missing').textContent).toBe(
      'Before it can be approved, add a permit, the vehicle plate and the vehicle seats on your profile.',
    );
    expect(screen.queryByRole('tab', { name: 'Available Rides' })).toBeNull();
    expect(callsOf(calls, 'vendor.available')).toHaveLength(0);
  });

  it('shows a rejected vendor the reason', async () => {
    const rejected = makeUser({ ...VENDOR, vendorStatus: 'rejected', vendorStatusReason: 'Permit not readable' });
    render('/vendor', api({ 'auth.me': () => rejected }));
    expect(await screen.findByText('Your vendor application was rejected: Permit not readable')).toBeTruthy();
  });

  it('warns an approved vendor whose permit expires within 30 days', async () => {
    const expiresOn = inDays(10).slice(0, 10);
    const soon = makeUser({ ...VENDOR, permit: { country: 'MY', number: 'LPKP-1', expiresOn } });
    render('/vendor', api({ 'auth.me': () => soon }));
    expect(
      await screen.findByText(new RegExp(`^Your permit expires in (9|10|11) days \\(${expiresOn}\\)$`)),
    ).toBeTruthy();
  });
});
