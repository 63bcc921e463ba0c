import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { RideDetailsPage } from '../../pages/ride-details-page';
import {
  apiError,
  inDays,
  makePassengerEntry,
  makeRideDetail,
  makeUser,
  renderWithProviders,
  type ApiHandlers,
  type TestRideDetail,
} from '../../test-utils';

// Ride 7, organised by user 50 (test-utils/fixtures.ts); user 2 is a passenger.
const organizerEntry = makePassengerEntry(1, 50, 'Olivia Organiser', { passengerCount: 2 });
const passengerEntry = makePassengerEntry(2, 2, 'Alice Tan');
const CANCELLED: Partial<TestRideDetail> = {
  status: 'cancelled',
  cancelReason: 'The car broke down',
  cancelledAt: inDays(-1),
};

function render(api: ApiHandlers) {
  return renderWithProviders(<RideDetailsPage />, { path: '/rides/:id', route: '/rides/7', api });
}

const asOrganiser = (overrides: ApiHandlers = {}): ApiHandlers => ({
  'auth.me': () => makeUser({ id: 50 }),
  'ride.byId': () => makeRideDetail(),
  'passenger.list': () => [organizerEntry, passengerEntry],
  'quote.list': () => [],
  ...overrides,
});

async function openModal() {
  fireEvent.click(await screen.findByRole('button', { name: 'Cancel Ride' }));
  return screen.findByRole('dialog', { name: 'Cancel this ride?' });
}

describe('Cancel Ride on the detail page', () => {
  it('checks the reason with the domain messages before calling the server', async () => {
    const { calls } = render(asOrganiser());
    const dialog = await openModal();
    const submit = within(dialog).getByRole('button', { name: 'Cancel Ride' });
    fireEvent.click(submit);
    expect(await within(dialog).findByText('Please give a reason for cancelling')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'x'.repeat(301) } });
    fireEvent.click(submit);
    expect(await within(dialog).findByText('Reason must be at most 300 characters')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'bad\u0007bell' } });
    fireEvent.click(submit);
    expect(
      await within(dialog).findByText(
        'Reason contains characters that are not allowed (control or text-direction characters)',
      ),
    ).toBeTruthy();
    expect(calls.filter((call) => call.path === 'ride.cancel')).toHaveLength(0);
  });

  it('cancels with the reason: pending label, toast, then the banner with the reason', async () => {
    let cancelled = false;
    let release: () => void = () => undefined;
    const { calls } = render(
      asOrganiser({
        'ride.byId': () => makeRideDetail(cancelled ? CANCELLED : {}),
        'ride.cancel': () =>
          new Promise((resolve) => {
            release = () => {
              cancelled = true;
              resolve(makeRideDetail(CANCELLED));
            };
          }),
      }),
    );
    const dialog = await openModal();
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'The car broke down' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel Ride' }));
    expect(await within(dialog).findByRole('button', { name: 'Cancelling...' })).toBeTruthy();
    release();

    expect(await screen.findByText('Ride cancelled')).toBeTruthy();
    const banner = await screen.findByTestId('cancelled-banner');
    expect(within(banner).getByText('Reason: The car broke down')).toBeTruthy();
    expect(calls.find((call) => call.path === 'ride.cancel')?.input).toEqual({ id: 7, reason: 'The car broke down' });
    // Once cancelled, neither Edit Ride nor Cancel Ride is offered any more.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel Ride' })).toBeNull());
    expect(screen.queryByRole('link', { name: 'Edit Ride' })).toBeNull();
    expect(screen.getByText('Cancelled')).toBeTruthy();
  });

  it('shows the server refusal in a toast and keeps the modal open', async () => {
    render(
      asOrganiser({
        'ride.cancel': () => {
          throw apiError('CONFLICT', 'A past ride cannot be cancelled', 'RIDE_PAST');
        },
      }),
    );
    const dialog = await openModal();
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Too late' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel Ride' }));
    expect(await screen.findByText('A past ride cannot be cancelled')).toBeTruthy();
    expect(screen.getByText('Could not cancel the ride')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Cancel this ride?' })).toBeTruthy();
  });

  it.each([
    ['a past ride', { date: inDays(-1) }],
    ['a cancelled ride', CANCELLED],
  ])('hides Edit Ride and Cancel Ride on %s', async (_label, overrides) => {
    render(asOrganiser({ 'ride.byId': () => makeRideDetail(overrides) }));
    expect(await screen.findByRole('heading', { name: 'You Are Organizing This Ride' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Edit Ride' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel Ride' })).toBeNull();
  });

  it('offers both to the organiser of a future ride others joined', async () => {
    render(asOrganiser());
    expect(await screen.findByRole('link', { name: 'Edit Ride' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel Ride' })).toBeTruthy();
  });
});

describe('a cancelled ride seen by others', () => {
  it('shows a passenger the banner with the reason and the cancelled card, no join form', async () => {
    render({
      'auth.me': () => makeUser({ id: 2 }),
      'ride.byId': () => makeRideDetail(CANCELLED),
      'passenger.list': () => [organizerEntry, passengerEntry],
    });
    const banner = await screen.findByTestId('cancelled-banner');
    expect(within(banner).getByText('Reason: The car broke down')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'This Ride Was Cancelled' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: "You've Joined This Ride" })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel Ride' })).toBeNull();
  });

  it('refuses the join card to a member who has not joined', async () => {
    render({
      'auth.me': () => makeUser({ id: 3 }),
      'ride.byId': () => makeRideDetail(CANCELLED),
      'passenger.list': () => [organizerEntry],
    });
    expect(await screen.findByRole('heading', { name: 'This Ride Was Cancelled' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Join This Ride' })).toBeNull();
  });

  it('shows a visitor the banner too', async () => {
    render({ 'ride.byId': () => makeRideDetail(CANCELLED) });
    expect(await screen.findByTestId('cancelled-banner')).toBeTruthy();
  });
});
