import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { RideDetailsPage } from '../../pages/ride-details-page';
import { RideFormPage } from '../../pages/ride-form-page';
import { makePassengerEntry, makeRideDetail, makeUser, renderWithProviders } from '../../test-utils';

const organiser = makeUser({ id: 50, name: 'Olivia Organiser' });
const seriesRide = makeRideDetail({ id: 7, seriesId: 3, date: '2099-03-16T00:30:00.000Z' });
/** The series answer (series.create, .update, .cancel) with these rides. */
const seriesAnswer = (rides: (typeof seriesRide)[]) => ({
  id: 3,
  creatorId: organiser.id,
  weekdays: [1],
  time: '08:30',
  fromDate: '2099-03-14',
  untilDate: '2099-03-31',
  rides,
});

async function fillCreateForm() {
  fireEvent.change(await screen.findByLabelText('Your Pickup Location in Singapore', { exact: false }), {
    target: { value: 'Pasir Ris MRT' },
  });
  fireEvent.click(screen.getByRole('switch', { name: /Repeat weekly/ }));
  fireEvent.change(screen.getByLabelText('Starting', { exact: false }), { target: { value: '2099-03-14' } });
  fireEvent.change(screen.getByLabelText('Until', { exact: false }), { target: { value: '2099-03-31' } });
  fireEvent.change(screen.getByLabelText('Departure time', { exact: false }), { target: { value: '08:30' } });
}

const weekdayChips = () => within(screen.getByRole('group', { name: 'Weekdays' }));
const chosenWeekdays = () =>
  weekdayChips()
    .getAllByRole('checkbox')
    .filter((chip) => (chip as HTMLInputElement).checked)
    .map((chip) => chip.getAttribute('aria-label'));

describe('Repeat weekly on the create form', () => {
  it('previews the dates and their count in Singapore time, shows a limit before sending, and creates the series', async () => {
    const { calls, router } = renderWithProviders(<RideFormPage />, {
      path: '/rides/create',
      api: { 'auth.me': () => organiser, 'series.create': () => seriesAnswer([seriesRide]) },
    });
    await fillCreateForm();
    // 14 March 2099 is a Saturday: the start day's weekday is chosen at first; add Monday, drop Saturday.
    expect(chosenWeekdays()).toEqual(['Saturday']);
    fireEvent.click(weekdayChips().getByRole('checkbox', { name: 'Monday' }));
    fireEvent.click(weekdayChips().getByRole('checkbox', { name: 'Saturday' }));
    const preview = screen.getByTestId('series-preview');
    await waitFor(() => expect(within(preview).getByText('3 rides')).toBeTruthy());
    expect(within(preview).getByTestId('series-weekdays').textContent).toBe('on Mondays');
    expect(
      within(preview)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Mon, 16 Mar 2099, 8:30 am', 'Mon, 23 Mar 2099, 8:30 am', 'Mon, 30 Mar 2099, 8:30 am']);

    fireEvent.change(screen.getByLabelText('Until', { exact: false }), { target: { value: '2099-07-31' } });
    expect(await within(preview).findByText(/at most 12 weeks/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Until', { exact: false }), { target: { value: '2099-03-31' } });
    await waitFor(() => expect(within(preview).getByText('3 rides')).toBeTruthy());

    fireEvent.click(screen.getByRole('button', { name: 'Create Weekly Rides' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rides/7'));
    expect(calls.find((call) => call.path === 'series.create')?.input).toEqual({
      direction: 'SG->FC',
      maxPassengers: 5,
      minPassengers: null,
      organizerPassengerCount: 1,
      pickupLocation: 'Pasir Ris MRT',
      dropoffLocations: [{ location: 'Pasir Ris MRT', passengerCount: 1 }],
      cost: 80,
      stopPrice: 5,
      crossing: 'second-link',
      weekdays: [1],
      time: '08:30',
      fromDate: '2099-03-14',
      untilDate: '2099-03-31',
    });
    expect(calls.some((call) => call.path === 'ride.create')).toBe(false);
  });

  it('starts on the weekday of tomorrow in Singapore, whatever the day the test runs', async () => {
    // TEST_NOW is Wednesday 2 December 2026, 10:00 in Singapore: the form starts on Thursday the 3rd.
    renderWithProviders(<RideFormPage />, { path: '/rides/create', api: { 'auth.me': () => organiser } });
    fireEvent.click(await screen.findByRole('switch', { name: /Repeat weekly/ }));
    expect((screen.getByLabelText('Starting', { exact: false }) as HTMLInputElement).value).toBe('2026-12-03');
    expect(chosenWeekdays()).toEqual(['Thursday']);
    expect(screen.getByTestId('series-weekdays').textContent).toBe('on Thursdays');
  });

  it('reads the start date in Singapore when UTC is still the day before', async () => {
    // 17:30 UTC on Sunday 31 January 2027 is already Monday 1 February, 01:30, in Singapore.
    renderWithProviders(<RideFormPage />, {
      path: '/rides/create',
      api: { 'auth.me': () => organiser },
      clock: () => new Date('2027-01-31T17:30:00Z'),
    });
    fireEvent.click(await screen.findByRole('switch', { name: /Repeat weekly/ }));
    expect((screen.getByLabelText('Starting', { exact: false }) as HTMLInputElement).value).toBe('2027-02-02');
    expect(chosenWeekdays()).toEqual(['Tuesday']);
  });

  it('follows the start date until the member picks weekdays, then keeps their choice', async () => {
    renderWithProviders(<RideFormPage />, { path: '/rides/create', api: { 'auth.me': () => organiser } });
    await fillCreateForm();
    expect(chosenWeekdays()).toEqual(['Saturday']);
    // Another start date, before touching the chips: its weekday replaces the old one.
    fireEvent.change(screen.getByLabelText('Starting', { exact: false }), { target: { value: '2099-03-16' } });
    expect(chosenWeekdays()).toEqual(['Monday']);
    await waitFor(() => expect(within(screen.getByTestId('series-preview')).getByText('3 rides')).toBeTruthy());

    // The member picks Friday too: from now on the start date no longer changes the weekdays.
    fireEvent.click(weekdayChips().getByRole('checkbox', { name: 'Friday' }));
    expect(chosenWeekdays()).toEqual(['Monday', 'Friday']);
    fireEvent.change(screen.getByLabelText('Starting', { exact: false }), { target: { value: '2099-03-18' } });
    expect(chosenWeekdays()).toEqual(['Monday', 'Friday']);
    const preview = screen.getByTestId('series-preview');
    expect(within(preview).getByTestId('series-weekdays').textContent).toBe('on Mondays and Fridays');
    // Fri 20, Mon 23, Fri 27, Mon 30 March.
    await waitFor(() => expect(within(preview).getByText('4 rides')).toBeTruthy());
  });
});

describe('a series ride', () => {
  const api = {
    'auth.me': () => organiser,
    'ride.byId': () => seriesRide,
    'passenger.list': () => [makePassengerEntry(1, 50, 'Olivia Organiser')],
    'quote.list': () => [],
    'series.cancel': () => seriesAnswer([]),
    'series.update': () => seriesAnswer([seriesRide]),
  };

  it('shows the Weekly badge and asks which rides to edit', async () => {
    const { router } = renderWithProviders(<RideDetailsPage />, { path: '/rides/:id', route: '/rides/7', api });
    expect(await screen.findByTestId('series-badge')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Ride' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit which rides?' });
    fireEvent.click(within(dialog).getByRole('link', { name: 'This and following rides' }));
    await waitFor(() => expect(router.state.location.search).toBe('?scope=following'));
    expect(router.state.location.pathname).toBe('/rides/edit/7');
  });

  it('cancels this and following rides with the reason, leaving when the ride itself is gone', async () => {
    const { calls, router } = renderWithProviders(<RideDetailsPage />, { path: '/rides/:id', route: '/rides/7', api });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel Ride' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this ride?' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'This and following rides' }));
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Moving house' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel Ride' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(calls.find((call) => call.path === 'series.cancel')?.input).toEqual({
      id: 3,
      fromRideId: 7,
      reason: 'Moving house',
    });
    expect(calls.some((call) => call.path === 'ride.cancel')).toBe(false);
  });

  it('edits this and following rides: the notice, then series.update with only a changed time', async () => {
    const { calls, router } = renderWithProviders(<RideFormPage />, {
      path: '/rides/edit/:id',
      route: '/rides/edit/7?scope=following',
      api,
    });
    expect(await screen.findByTestId('series-edit-scope')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Date and Time', { exact: false }), {
      target: { value: '2099-03-16T18:00' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Update Ride' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rides/7'));
    expect(calls.find((call) => call.path === 'series.update')?.input).toMatchObject({
      id: 3,
      fromRideId: 7,
      time: '18:00',
      maxPassengers: seriesRide.maxPassengers,
    });
    expect(calls.some((call) => call.path === 'ride.update')).toBe(false);
  });
});
