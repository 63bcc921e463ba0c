import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { RideDetailsPage } from '../../pages/ride-details-page';
import {
  apiError,
  makePassengerEntry,
  makeRecord,
  makeRideDetail,
  makeUser,
  renderWithProviders,
  type ApiHandlers,
} from '../../test-utils';

// Ride 7 (test-utils/fixtures.ts): organised by user 50, SGD 80, 2 of 4 seats taken.
const organizerEntry = makePassengerEntry(1, 50, 'Olivia Organiser', { passengerCount: 2 });
const QUOTE = {
  id: 31,
  rideId: 7,
  price: 120,
  note: 'Toyota Alphard',
  status: 'live' as const,
  createdAt: '2026-11-25T04:00:00.000Z',
  vendor: { id: 9, companyName: 'Acme Cabs', vehicleSeats: 6, permitCountry: 'SG' as const },
};

function render(overrides: ApiHandlers = {}) {
  const api: ApiHandlers = {
    'auth.me': () => makeUser({ id: 50 }),
    'ride.byId': () => makeRideDetail(),
    'passenger.list': () => [organizerEntry],
    ...overrides,
  };
  return renderWithProviders(<RideDetailsPage />, { path: '/rides/:id', route: '/rides/7', api });
}

const card = async () => screen.findByRole('region', { name: 'Quotes' });

describe('QuotesCard on the organiser’s ride page', () => {
  it('says when there are no quotes yet', async () => {
    render({ 'quote.list': () => [] });
    expect(await within(await card()).findByText(/No quotes yet\./)).toBeTruthy();
  });

  it('shows a load failure with Try again', async () => {
    render({
      'quote.list': () => {
        throw apiError('INTERNAL_SERVER_ERROR', 'Internal server error');
      },
    });
    expect(await within(await card()).findByText('Quotes could not be loaded')).toBeTruthy();
    expect(within(await card()).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it("shows each quoting vendor's record as a driver", async () => {
    render({
      'quote.list': () => [QUOTE],
      'record.get': ({ userId }) =>
        makeRecord(
          userId === 9
            ? { tripsCompleted: 5, asVendor: { completed: 5, onTime: 4, late: 1 }, thumbs: { up: 4, down: 1 } }
            : {},
        ),
    });
    const quotes = await card();
    expect(
      await within(quotes).findByText('5 trips driven · 4 on time · 1 late · 4 thumbs up · 1 thumb down'),
    ).toBeTruthy();
  });

  it('lists a quote and asks before accepting, with the new per-person figures', async () => {
    const { calls } = render({
      'quote.list': () => [QUOTE],
      'quote.accept': () => makeRideDetail({ status: 'assigned', vendorId: 9, cost: 120 }),
    });
    const quotes = await card();
    expect(await within(quotes).findByText('Acme Cabs')).toBeTruthy();
    expect(within(quotes).getByText('6 seats · Singapore permit')).toBeTruthy();
    fireEvent.click(within(quotes).getByRole('button', { name: "Accept Acme Cabs's quote of SGD 120" }));
    const dialog = await screen.findByRole('dialog', { name: "Accept Acme Cabs's quote?" });
    expect(within(dialog).getByTestId('accept-per-person').textContent).toBe(
      'Per person now: SGD 40.00 → SGD 60.00Per person if full: SGD 20.00 → SGD 30.00',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept Quote' }));
    await waitFor(() => {
      expect(calls.filter((call) => call.path === 'quote.accept').map((call) => call.input)).toEqual([
        { rideId: 7, quoteId: 31 },
      ]);
    });
  });

  it('after the lock shows each rider’s share before and after and confirms the amounts with the accept', async () => {
    const locked = '2099-03-12T01:30:00.000Z';
    const { calls } = render({
      'ride.byId': () => makeRideDetail({ priceLockedAt: locked }),
      'quote.list': () => [QUOTE],
      'payment.list': () => ({ rideId: 7, lockedAt: locked, isOrganiser: true, total: 80, payments: [] }),
      'payment.progress': () => [],
      'payment.preview': () => ({
        rideId: 7,
        locked: true,
        totalBefore: 80,
        totalAfter: 120,
        changes: [
          { passengerId: 2, userId: 9, name: 'Ben', before: 40, after: 60, topUpDue: 20, refundDue: 0, left: false },
        ],
      }),
      'quote.accept': () => makeRideDetail({ status: 'assigned', vendorId: 9, cost: 120 }),
    });
    const quotes = await card();
    fireEvent.click(await within(quotes).findByRole('button', { name: "Accept Acme Cabs's quote of SGD 120" }));
    const dialog = await screen.findByRole('dialog', { name: "Accept Acme Cabs's quote?" });
    const shares = await within(dialog).findByTestId('accept-shares');
    expect(shares.textContent).toContain('Ben: SGD 40.00 → SGD 60.00 · SGD 20.00 top-up due');
    expect(shares.textContent).toContain('Ride total: SGD 80.00 → SGD 120.00');
    expect(within(dialog).queryByTestId('accept-per-person')).toBeNull();
    expect(calls.find((call) => call.path === 'payment.preview')?.input).toEqual({ rideId: 7, cost: 120 });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept Quote' }));
    await waitFor(() => {
      expect(calls.filter((call) => call.path === 'quote.accept').map((call) => call.input)).toEqual([
        { rideId: 7, quoteId: 31, confirmAmounts: true },
      ]);
    });
  });

  it('is not shown on an assigned ride', async () => {
    render({ 'ride.byId': () => makeRideDetail({ status: 'assigned', vendorId: 9 }), 'quote.list': () => [] });
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Quotes' })).toBeNull();
  });
});
