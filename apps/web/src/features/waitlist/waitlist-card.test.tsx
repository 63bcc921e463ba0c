import { fireEvent, screen, within } from '@testing-library/react';
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
    fireEvent.click(within(card).getByRole('button', { name: 'Join the waitlist' }));

    expect(await screen.findByRole('heading', { name: 'You are #2 on the waitlist' })).toBeTruthy();
    expect(callsTo(calls, 'waitlist.join').map((call) => call.input)).toEqual([
      { rideId: 7, dropoffLocation: 'Bedok', passengerCount: 3 },
    ]);
    expect(screen.getAllByText('You are #2 on the waitlist').length).toBeGreaterThan(1); // heading and toast
    expect(screen.getByTestId('waitlist').getAttribute('aria-live')).toBe('polite');
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
    fireEvent.click(screen.getByRole('button', { name: 'Leave waitlist' }));
    expect(await screen.findByText('You have left the waitlist')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Join the waitlist' })).toBeTruthy();
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

  it('a vendor gets the plain full card (vendors do not wait)', async () => {
    renderDetails(signedIn({}, makeUser({ id: 2, isVendor: true })));
    expect(await screen.findByText(/Every seat is taken/)).toBeTruthy();
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
