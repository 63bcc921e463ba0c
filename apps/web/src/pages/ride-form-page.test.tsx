import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  apiError,
  makePublicConfig,
  makeRideDetail,
  makeUser,
  renderWithProviders,
  type ApiHandlers,
  type TestRideDetail,
} from '../test-utils';
import { RideFormPage } from './ride-form-page';

const organiser = makeUser({ id: 7, name: 'Olivia Organiser', discordUsername: 'olivia' });

function rideDetail(overrides: Partial<TestRideDetail> = {}): TestRideDetail {
  return makeRideDetail({
    id: 12,
    creatorId: organiser.id,
    direction: 'FC->SG',
    date: '2099-05-01T10:00:00.000Z',
    currentPassengers: 3,
    pickupLocation: 'Forest City',
    dropoffLocations: [
      { location: 'Tampines Mall', passengerCount: 2 },
      { location: 'Bedok', passengerCount: 1 },
    ],
    additionalStops: 1,
    cost: 120,
    stopPrice: 10,
    creator: {
      id: organiser.id,
      name: 'Olivia Organiser',
      discordUsername: 'olivia',
      discordVerified: false,
      whatsappNumber: null,
      malaysianNumber: null,
    },
    ...overrides,
  });
}

function renderEdit(api: ApiHandlers, route = '/rides/edit/12') {
  return renderWithProviders(<RideFormPage />, { path: '/rides/edit/:id', route, api });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('RideFormPage, create', () => {
  it('creates the ride, says so and opens it', async () => {
    const created = rideDetail({ id: 31, direction: 'SG->FC' });
    const { calls, router } = renderWithProviders(<RideFormPage />, {
      path: '/rides/create',
      api: { 'auth.me': () => organiser, 'ride.create': () => created },
    });
    const location = await screen.findByLabelText('Your Pickup Location in Singapore', { exact: false });
    fireEvent.change(location, { target: { value: 'Pasir Ris MRT' } });
    fireEvent.change(screen.getByLabelText('Date and Time', { exact: false }), {
      target: { value: '2099-03-14T09:30' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create Ride' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/rides/31'));
    expect(await screen.findByText('Ride created successfully')).toBeTruthy();
    expect(calls.find((call) => call.path === 'ride.create')?.input).toEqual({
      direction: 'SG->FC',
      maxPassengers: 5,
      date: '2099-03-14T01:30:00.000Z',
      organizerPassengerCount: 1,
      pickupLocation: 'Pasir Ris MRT',
      dropoffLocations: [{ location: 'Pasir Ris MRT', passengerCount: 1 }],
      cost: 80,
      stopPrice: 5,
      minPassengers: null,
      crossing: 'second-link',
    });
  });

  it('offers Announce on Discord, ticked, only when the server has a webhook; unticked it sends announce: false', async () => {
    const created = rideDetail({ id: 32, direction: 'SG->FC' });
    const config = makePublicConfig({ placeSearchUrl: '', discordAnnouncements: true });
    const { calls, router } = renderWithProviders(<RideFormPage />, {
      path: '/rides/create',
      api: { 'auth.me': () => organiser, 'ride.create': () => created, 'config.get': () => config },
    });
    const box = await screen.findByRole('checkbox', { name: /Announce on Discord/ });
    expect((box as HTMLInputElement).checked).toBe(true);
    fireEvent.click(box);
    fireEvent.change(screen.getByLabelText('Your Pickup Location in Singapore', { exact: false }), {
      target: { value: 'Pasir Ris MRT' },
    });
    fireEvent.change(screen.getByLabelText('Date and Time', { exact: false }), {
      target: { value: '2099-03-14T09:30' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create Ride' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rides/32'));
    expect(calls.find((call) => call.path === 'ride.create')?.input).toMatchObject({ announce: false });
  });

  it('shows no Announce on Discord box when no webhook is configured', async () => {
    renderWithProviders(<RideFormPage />, { path: '/rides/create', api: { 'auth.me': () => organiser } });
    await screen.findByRole('button', { name: 'Create Ride' });
    expect(screen.queryByRole('checkbox', { name: /Announce on Discord/ })).toBeNull();
  });

  it('shows a server refusal as an Error toast and stays on the form', async () => {
    const { router } = renderWithProviders(<RideFormPage />, {
      path: '/rides/create',
      api: {
        'auth.me': () => organiser,
        'ride.create': () => {
          throw apiError('BAD_REQUEST', 'The ride date must be in the future', 'VALIDATION_FAILED');
        },
      },
    });
    fireEvent.change(await screen.findByLabelText('Your Pickup Location in Singapore', { exact: false }), {
      target: { value: 'Pasir Ris MRT' },
    });
    fireEvent.change(screen.getByLabelText('Date and Time', { exact: false }), {
      target: { value: '2099-03-14T09:30' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create Ride' }));
    expect(await screen.findByText('The ride date must be in the future')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/rides/create');
  });
});

describe('RideFormPage, edit', () => {
  it('pre-fills the form from the ride (Singapore time, organiser’s drop-off and group)', async () => {
    renderEdit({ 'auth.me': () => organiser, 'ride.byId': () => rideDetail() });
    const location = (await screen.findByLabelText('Your Drop-off Location in Singapore', {
      exact: false,
    })) as HTMLTextAreaElement;
    expect(location.value).toBe('Tampines Mall');
    expect((screen.getByLabelText('Date and Time', { exact: false }) as HTMLInputElement).value).toBe(
      '2099-05-01T18:00',
    );
    expect((screen.getByLabelText('Maximum Total Passengers', { exact: false }) as HTMLInputElement).value).toBe('4');
    expect(
      (screen.getByLabelText('Number of Passengers at Your Location', { exact: false }) as HTMLInputElement).value,
    ).toBe('2');
    expect((screen.getByLabelText('Base Cost (SGD)', { exact: false }) as HTMLInputElement).value).toBe('120');
    expect((screen.getByLabelText('Price per Additional Stop (SGD)', { exact: false }) as HTMLInputElement).value).toBe(
      '10',
    );
    expect((screen.getByRole('radio', { name: 'Forest City to Singapore' }) as HTMLInputElement).checked).toBe(true);
  });

  it('updates the ride with the other drop-offs kept, then opens it', async () => {
    const { calls, router } = renderEdit({
      'auth.me': () => organiser,
      'ride.byId': () => rideDetail(),
      'ride.update': (input) => ({ ...rideDetail(), ...(input as object) }),
    });
    fireEvent.change(await screen.findByLabelText('Maximum Total Passengers', { exact: false }), {
      target: { value: '6' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Update Ride' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rides/12'));
    expect(await screen.findByText('Ride updated successfully')).toBeTruthy();
    expect(calls.find((call) => call.path === 'ride.update')?.input).toEqual({
      id: 12,
      direction: 'FC->SG',
      maxPassengers: 6,
      date: '2099-05-01T10:00:00.000Z',
      organizerPassengerCount: 2,
      pickupLocation: 'Forest City',
      dropoffLocations: [
        { location: 'Tampines Mall', passengerCount: 2 },
        { location: 'Bedok', passengerCount: 1 },
      ],
      cost: 120,
      stopPrice: 10,
      minPassengers: null,
      crossing: 'second-link',
    });
  });

  it('after the price lock asks before a cost that raises riders’ shares, showing each one, then confirms', async () => {
    const locked = rideDetail({ priceLockedAt: '2099-04-29T10:00:00.000Z' });
    const { calls, router } = renderEdit({
      'auth.me': () => organiser,
      'ride.byId': () => locked,
      'payment.preview': () => ({
        rideId: 12,
        locked: true,
        totalBefore: 130,
        totalAfter: 160,
        changes: [
          {
            passengerId: 3,
            userId: 9,
            name: 'Ben',
            before: 43.33,
            after: 53.33,
            topUpDue: 10,
            refundDue: 0,
            left: false,
          },
        ],
      }),
      'ride.update': (input) => ({ ...locked, ...(input as object) }),
    });
    fireEvent.change(await screen.findByLabelText('Base Cost (SGD)', { exact: false }), { target: { value: '150' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Ride' }));
    const dialog = await screen.findByRole('dialog', { name: 'Raise what riders owe?' });
    expect(dialog.textContent).toContain('Ben: SGD 43.33 → SGD 53.33 · SGD 10.00 top-up due');
    expect(calls.find((call) => call.path === 'payment.preview')?.input).toEqual({
      rideId: 12,
      cost: 150,
      stopPrice: 10,
    });
    expect(calls.some((call) => call.path === 'ride.update')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save New Price' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rides/12'));
    expect(calls.find((call) => call.path === 'ride.update')?.input).toMatchObject({ cost: 150, confirmAmounts: true });
  });

  it('sends anyone but the organiser to /home with the not-authorised toast', async () => {
    const { router, calls } = renderEdit({
      'auth.me': () => makeUser({ id: 99 }),
      'ride.byId': () => rideDetail(),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(await screen.findByText('You are not authorized to edit this ride')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
    expect(calls.some((call) => call.path === 'ride.update')).toBe(false);
  });

  it('shows Ride Not Found for an unknown ride and for an id that is not a number', async () => {
    renderEdit({
      'auth.me': () => organiser,
      'ride.byId': () => {
        throw apiError('NOT_FOUND', 'Ride not found', 'NOT_FOUND');
      },
    });
    expect(await screen.findByRole('heading', { name: 'Ride Not Found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Available Rides' }).getAttribute('href')).toBe('/home');
    expect(screen.getByRole('link', { name: 'Create a New Ride' }).getAttribute('href')).toBe('/rides/create');
  });

  it('rejects a non-numeric id without asking the server', async () => {
    const { calls } = renderEdit({ 'auth.me': () => organiser }, '/rides/edit/abc');
    expect(await screen.findByRole('heading', { name: 'Ride Not Found' })).toBeTruthy();
    expect(calls.some((call) => call.path === 'ride.byId')).toBe(false);
  });
});

describe('RideFormPage, two-step delete', () => {
  it('warns on the first click and deletes on the second, then goes home', async () => {
    const { calls, router } = renderEdit({
      'auth.me': () => organiser,
      'ride.byId': () => rideDetail(),
      'ride.delete': () => ({ id: 12, message: 'Ride deleted successfully' }),
    });
    const button = await screen.findByRole('button', { name: 'Delete Ride' });
    fireEvent.click(button);
    expect(await screen.findByText('Confirm Deletion')).toBeTruthy();
    expect(screen.getByText('Click Delete again to confirm. This action cannot be undone.')).toBeTruthy();
    expect(calls.some((call) => call.path === 'ride.delete')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Ride' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(await screen.findByText('Ride deleted successfully')).toBeTruthy();
    expect(calls.filter((call) => call.path === 'ride.delete').map((call) => call.input)).toEqual([{ id: 12 }]);
  });

  it('needs two fresh clicks once the 5-second window has passed', async () => {
    const { calls } = renderEdit({
      'auth.me': () => organiser,
      'ride.byId': () => rideDetail(),
      'ride.delete': () => ({ id: 12, message: 'Ride deleted successfully' }),
    });
    const button = await screen.findByRole('button', { name: 'Delete Ride' });
    vi.useFakeTimers();
    fireEvent.click(button);
    await vi.advanceTimersByTimeAsync(5001);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Ride' }));
    await vi.advanceTimersByTimeAsync(50);
    expect(calls.some((call) => call.path === 'ride.delete')).toBe(false);
    // The second click armed it again and warned again (the first toast may still be fading out).
    expect(screen.getAllByText('Confirm Deletion').length).toBeGreaterThan(0);
    expect(screen.getByText('Click Delete Ride again within 5 seconds to delete this ride.')).toBeTruthy();
  });
});
