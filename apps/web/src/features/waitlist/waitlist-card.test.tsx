import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { JoinRidePage } from '../../pages/join-ride-page';
import { RideDetailsPage } from '../../pages/ride-details-page';
import {
  apiError,
  makePassengerEntry,
  makeRideDetail,
  makeUser,
  renderWithProviders,
  type ApiCall,
  type ApiHandlers,
  type TestRideDetail,
} from '../../test-utils';

// Ride 7, SG->FC, 4 seats, organised by user 50; the viewer is user 2.
const organizerEntry = makePassengerEntry(1, 50, 'Olivia Organiser', { passengerCount: 2 });
const FULL: Partial<TestRideDetail> = { currentPassengers: 4 };
type Waitlist = TestRideDetail['waitlist'];
const waitlist = (overrides: Partial<Waitlist> = {}): Waitlist => ({
  count: 1,
  heldSeats: 0,
  mine: null,
  ...overrides,
});
const OFFER_EXPIRY = '2026-11-21T07:30:00.000Z'; // 3:30 pm in Singapore

function signedIn(overrides: ApiHandlers = {}, user = makeUser({ id: 2 })): ApiHandlers {
  return {
    'auth.me': () => user,
    'ride.byId': () => makeRideDetail({ ...FULL, waitlist: waitlist() }),
    'passenger.list': () => [organizerEntry],
    'stats.get': () => ({ totalRides: 1, totalUsers: 2 }),
    ...overrides,
  };
}

function renderDetails(api: ApiHandlers) {
  return renderWithProviders(<RideDetailsPage />, { path: '/rides/:id', route: '/rides/7', api });
}

const callsTo = (calls: ApiCall[], path: string) => calls.filter((call) => call.path === path);

describe('the waitlist on the ride page', () => {
  it('offers the waitlist form on a full ride, checks it, and shows the place in line after joining', async () => {
    let waiting = false;
    const { calls } = renderDetails(
      signedIn({
        'ride.byId': () =>
          makeRideDetail({
            ...FULL,
            waitlist: waiting
              ? waitlist({ count: 2, mine: { position: 2, passengerCount: 3, offerExpiresAt: null } })
              : waitlist(),
          }),
        'waitlist.join': () => {
          waiting = true;
          return { position: 2, passengerCount: 3, offerExpiresAt: null };
        },
      }),
    );
    const card = await screen.findByRole('region', { name: 'This Ride Is Full' });
    expect(within(card).getByText(/1 group is waiting/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Join This Ride' })).toBeNull();

    fireEvent.click(within(card).getByRole('button', { name: 'Join the waitlist' }));
    expect(await within(card).findByText('Drop-off location is required')).toBeTruthy();
    expect(callsTo(calls, 'waitlist.join')).toHaveLength(0);

    fireEvent.change(within(card).getByLabelText(/Number of Passengers/), { target: { value: '3' } });
    fireEvent.change(within(card).getByLabelText(/Pick-up Location/), { target: { value: '  Bedok  ' } });
    const submit = within(card).getByRole('button', { name: 'Join the waitlist' });
    submit.focus();
    fireEvent.click(submit);

    const heading = await screen.findByRole('heading', { name: 'You are #2 on the waitlist' });
    // The button went with the form: focus carries on from the new state's heading.
    await waitFor(() => {
      expect(document.activeElement).toBe(heading);
    });
    expect(callsTo(calls, 'waitlist.join').map((call) => call.input)).toEqual([
      { rideId: 7, dropoffLocation: 'Bedok', passengerCount: 3 },
    ]);
    expect(screen.getAllByText('You are #2 on the waitlist').length).toBeGreaterThan(1); // heading and toast
    expect(within(screen.getByTestId('waitlist')).getByRole('status').textContent).toBe('You are #2 on the waitlist');
  });

  it('counts seats held for the line as taken: no join form for the last, held seat', async () => {
    renderDetails(
      signedIn({ 'ride.byId': () => makeRideDetail({ currentPassengers: 3, waitlist: waitlist({ heldSeats: 1 }) }) }),
    );
    expect(await screen.findByRole('button', { name: 'Join the waitlist' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join Ride' })).toBeNull();
  });

  it('shows the server refusal and stays on the form', async () => {
    renderDetails(
      signedIn({
        'waitlist.join': () =>
          Promise.reject(apiError('CONFLICT', 'There is 1 seat free on this ride: join it instead', 'SEATS_AVAILABLE')),
      }),
    );
    fireEvent.change(await screen.findByLabelText(/Pick-up Location/), { target: { value: 'Bedok' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    expect(await screen.findByText('There is 1 seat free on this ride: join it instead')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Join the waitlist' })).toBeTruthy();
    expect((screen.getByLabelText(/Pick-up Location/) as HTMLTextAreaElement).value).toBe('Bedok');
  });

  it('lets a waiting member leave the line', async () => {
    let left = false;
    const { calls } = renderDetails(
      signedIn({
        'ride.byId': () =>
          makeRideDetail({
            ...FULL,
            waitlist: left
              ? waitlist({ count: 0 })
              : waitlist({ mine: { position: 1, passengerCount: 1, offerExpiresAt: null } }),
          }),
        'waitlist.leave': () => {
          left = true;
          return { rideId: 7, message: 'You have left the waitlist' };
        },
      }),
    );
    expect(await screen.findByRole('heading', { name: 'You are #1 on the waitlist' })).toBeTruthy();
    expect(screen.getByText(/Waiting for 1 person/)).toBeTruthy();
    const leave = screen.getByRole('button', { name: 'Leave waitlist' });
    leave.focus();
    fireEvent.click(leave);
    expect(await screen.findByText('You have left the waitlist')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Join the waitlist' })).toBeTruthy();
    await waitFor(() => {
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'This Ride Is Full' }));
    });
    expect(callsTo(calls, 'waitlist.leave').map((call) => call.input)).toEqual([{ rideId: 7 }]);
  });

  it('shows a held seat with its expiry in Singapore time; Accept seat joins the ride', async () => {
    let accepted = false;
    const { calls } = renderDetails(
      signedIn({
        'ride.byId': () =>
          makeRideDetail({
            currentPassengers: accepted ? 4 : 3,
            waitlist: accepted
              ? waitlist({ count: 0 })
              : waitlist({ heldSeats: 1, mine: { position: 1, passengerCount: 1, offerExpiresAt: OFFER_EXPIRY } }),
          }),
        'passenger.list': () => (accepted ? [organizerEntry, makePassengerEntry(2, 2, 'Alice Tan')] : [organizerEntry]),
        'waitlist.accept': () => {
          accepted = true;
          return makePassengerEntry(2, 2, 'Alice Tan');
        },
      }),
    );
    expect(
      await screen.findByRole('heading', { name: 'A seat is held for you until Sat, 21 Nov 2026, 3:30 pm' }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Accept seat' }));
    expect(await screen.findByRole('heading', { name: "You've Joined This Ride" })).toBeTruthy();
    expect(callsTo(calls, 'waitlist.accept').map((call) => call.input)).toEqual([{ rideId: 7 }]);
  });

  it('Decline gives the seat up; a lapsed offer says so', async () => {
    const { calls } = renderDetails(
      signedIn({
        'ride.byId': () =>
          makeRideDetail({
            ...FULL,
            waitlist: waitlist({ mine: { position: 1, passengerCount: 2, offerExpiresAt: OFFER_EXPIRY } }),
          }),
        'waitlist.accept': () =>
          Promise.reject(
            apiError('CONFLICT', 'Your seat offer has lapsed and passed to the next person waiting', 'OFFER_EXPIRED'),
          ),
        'waitlist.leave': () => ({ rideId: 7, message: 'You have left the waitlist' }),
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Accept seat' }));
    expect(await screen.findByText('Your seat offer has lapsed and passed to the next person waiting')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('You declined the seat')).toBeTruthy();
    expect(callsTo(calls, 'waitlist.leave')).toHaveLength(1);
  });

  it('a vendor is told vendors drive, not ride (vendors neither join nor wait)', async () => {
    renderDetails(signedIn({}, makeUser({ id: 2, isVendor: true })));
    expect(await screen.findByText(/cannot join one as a passenger/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join the waitlist' })).toBeNull();
  });
});

describe('the waitlist on the join screen', () => {
  it('offers the waitlist instead of "you can\'t join" on a full ride', async () => {
    renderWithProviders(<JoinRidePage />, { path: '/rides/:id/join', route: '/rides/7/join', api: signedIn() });
    expect(await screen.findByRole('button', { name: 'Join the waitlist' })).toBeTruthy();
    expect(screen.queryByTestId('not-joinable')).toBeNull();
    expect(screen.getByRole('form', { name: 'Join the waitlist' })).toBeTruthy();
  });
});

describe('the waitlist for a group larger than the seats left', () => {
  // Two of the four seats are free; one of them is held for the line in the second case.
  const TWO_LEFT: Partial<TestRideDetail> = { currentPassengers: 2 };

  it('offers it beside the join form once the group typed exceeds the seats left, and joins the line', async () => {
    let waiting = false;
    const { calls } = renderDetails(
      signedIn({
        'ride.byId': () =>
          makeRideDetail({
            ...TWO_LEFT,
            waitlist: waiting
              ? waitlist({ count: 1, mine: { position: 1, passengerCount: 3, offerExpiresAt: null } })
              : waitlist({ count: 0 }),
          }),
        'waitlist.join': () => {
          waiting = true;
          return { position: 1, passengerCount: 3, offerExpiresAt: null };
        },
      }),
    );
    const count = await screen.findByLabelText(/Number of Passengers/);
    const slot = screen.getByTestId('waitlist-instead');
    expect(slot.getAttribute('aria-live')).toBe('polite');
    expect(within(slot).queryByRole('button')).toBeNull();

    fireEvent.change(count, { target: { value: '3' } });
    expect(
      await within(slot).findByText(/Only 2 seats are left, too few for your group of 3\. Join the waitlist instead/),
    ).toBeTruthy();
    // The plain join still refuses the group, with the form's own message.
    fireEvent.blur(count);
    expect(await screen.findByText('Number must be less than or equal to 2')).toBeTruthy();

    // The location is still needed to wait.
    fireEvent.click(within(slot).getByRole('button', { name: 'Join the waitlist instead' }));
    expect(await screen.findByText('Drop-off location is required')).toBeTruthy();
    expect(callsTo(calls, 'waitlist.join')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/Pick-up Location/), { target: { value: ' Bedok ' } });
    fireEvent.click(within(slot).getByRole('button', { name: 'Join the waitlist instead' }));
    expect(await screen.findByRole('heading', { name: 'You are #1 on the waitlist' })).toBeTruthy();
    expect(callsTo(calls, 'waitlist.join').map((call) => call.input)).toEqual([
      { rideId: 7, dropoffLocation: 'Bedok', passengerCount: 3 },
    ]);
    expect(callsTo(calls, 'passenger.join')).toHaveLength(0);
  });

  it('counts held seats, and says nothing while the group fits or exceeds the ride itself', async () => {
    renderDetails(
      signedIn({ 'ride.byId': () => makeRideDetail({ ...TWO_LEFT, waitlist: waitlist({ heldSeats: 1 }) }) }),
    );
    const count = await screen.findByLabelText(/Number of Passengers/);
    const slot = screen.getByTestId('waitlist-instead');
    fireEvent.change(count, { target: { value: '1' } });
    expect(within(slot).queryByRole('button')).toBeNull();
    fireEvent.change(count, { target: { value: '2' } });
    expect(await within(slot).findByText(/Only 1 seat is left, too few for your group of 2/)).toBeTruthy();
    // Five people never fit a four-seat ride: waiting would be refused too.
    fireEvent.change(count, { target: { value: '5' } });
    expect(within(slot).queryByRole('button')).toBeNull();
  });

  it('shows a refusal from the server and keeps the form', async () => {
    renderDetails(
      signedIn({
        'ride.byId': () => makeRideDetail(TWO_LEFT),
        'waitlist.join': () =>
          Promise.reject(
            apiError('CONFLICT', 'There are 3 seats free on this ride: join it instead', 'SEATS_AVAILABLE'),
          ),
      }),
    );
    fireEvent.change(await screen.findByLabelText(/Number of Passengers/), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText(/Pick-up Location/), { target: { value: 'Bedok' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Join the waitlist instead' }));
    expect(await screen.findByText('There are 3 seats free on this ride: join it instead')).toBeTruthy();
    expect((screen.getByLabelText(/Pick-up Location/) as HTMLTextAreaElement).value).toBe('Bedok');
  });

  it('is offered on the join screen too', async () => {
    const { calls } = renderWithProviders(<JoinRidePage />, {
      path: '/rides/:id/join',
      route: '/rides/7/join',
      api: signedIn({
        'ride.byId': () => makeRideDetail(TWO_LEFT),
        'waitlist.join': () => ({ position: 1, passengerCount: 4, offerExpiresAt: null }),
      }),
    });
    fireEvent.change(await screen.findByLabelText(/Number of Passengers/), { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText(/Pick-up Location/), { target: { value: 'Pasir Ris MRT' } });
    const slot = screen.getByTestId('waitlist-instead');
    expect(within(slot).getByText(/Only 2 seats are left, too few for your group of 4/)).toBeTruthy();
    fireEvent.click(within(slot).getByRole('button', { name: 'Join the waitlist instead' }));
    expect(await screen.findByText('You are #1 on the waitlist')).toBeTruthy();
    expect(callsTo(calls, 'waitlist.join').map((call) => call.input)).toEqual([
      { rideId: 7, dropoffLocation: 'Pasir Ris MRT', passengerCount: 4 },
    ]);
  });
});

describe('the Full badge of the ride page', () => {
  const status = () => screen.getByRole('group', { name: 'Ride status' });

  it('counts seats held for others as taken', async () => {
    renderDetails(
      signedIn({ 'ride.byId': () => makeRideDetail({ currentPassengers: 3, waitlist: waitlist({ heldSeats: 1 }) }) }),
    );
    await screen.findByRole('button', { name: 'Join the waitlist' });
    expect(within(status()).getByText('Passengers 3/4')).toBeTruthy();
    expect(within(status()).getByText('Full')).toBeTruthy();
    // The organiser and everyone else see why a ride with a free seat reads Full.
    expect(within(status()).getByText(/· 1 held for the waitlist/)).toBeTruthy();
  });

  it('is not shown on a cancelled ride, nor the held seats', async () => {
    renderDetails(
      signedIn({
        'ride.byId': () =>
          makeRideDetail({
            currentPassengers: 4,
            status: 'cancelled',
            cancelReason: 'Car broke down',
            cancelledAt: '2026-11-20T02:00:00.000Z',
            waitlist: waitlist({ heldSeats: 1 }),
          }),
      }),
    );
    await screen.findByText(/Car broke down/);
    expect(within(status()).queryByText('Full')).toBeNull();
    expect(within(status()).queryByText(/held for the waitlist/)).toBeNull();
  });

  it('not the seats held for the viewer, who may still take them', async () => {
    renderDetails(
      signedIn({
        'ride.byId': () =>
          makeRideDetail({
            currentPassengers: 3,
            waitlist: waitlist({
              heldSeats: 1,
              mine: { position: 1, passengerCount: 1, offerExpiresAt: OFFER_EXPIRY },
            }),
          }),
      }),
    );
    await screen.findByRole('button', { name: 'Accept seat' });
    expect(within(status()).queryByText('Full')).toBeNull();
  });
});
