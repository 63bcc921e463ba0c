/**
 * The money screens a rider and an organiser act on (docs/payments.md#still-owed,
 * #refund-control, #paynow-actions): the Leave dialog's owed sentence, My Rides' "Still owed" line,
 * the organiser's "Mark refund sent" button beside its badges, and the PayNow code's save, share
 * and copy on the phone that pays (navigator.share, canShare and the clipboard mocked).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { paynowPayload } from '@rideshare/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { mockClipboard, renderWithProviders, type ApiHandlers } from '../../test-utils';
import { makePassengerEntry, makeRideDetail } from '../../test-utils/fixtures';
import type { PaymentRow, RidePayments } from '../../lib/api-types';
import { PassengersTab } from '../ride-details/passengers-tab';
import { MyRidesTab } from '../rides/my-rides-tab';
import { PaymentCard } from './payment-card';

const LOCKED = '2099-03-12T01:30:00.000Z';
const writeText = mockClipboard();

function row(overrides: Partial<PaymentRow> = {}): PaymentRow {
  return {
    passengerId: 31,
    userId: 2,
    name: 'Alice Tan',
    seats: 1,
    amountDue: 30,
    status: 'due',
    method: null,
    markedAt: null,
    confirmedAt: null,
    paynowPayload: null,
    revolutLink: null,
    refundDue: 0,
    left: false,
    ...overrides,
  };
}

const table = (payments: PaymentRow[], isOrganiser = false): RidePayments => ({
  rideId: 7,
  lockedAt: LOCKED,
  isOrganiser,
  total: 90,
  payments,
});

describe('the Leave dialog', () => {
  const organiser = makePassengerEntry(1, 50, 'Olivia Organiser');
  const alice = makePassengerEntry(2, 2, 'Alice Tan');

  function openLeave(ride: ReturnType<typeof makeRideDetail>, api: ApiHandlers = {}) {
    const result = renderWithProviders(
      <PassengersTab
        ride={ride}
        viewerId={2}
        passengers={[organiser, alice]}
        isLoading={false}
        error={null}
        onRetry={() => undefined}
      />,
      {
        api: {
          'config.get': () => ({
            mapStyleUrl: '',
            placeSearchUrl: 'https://search.example.test/search',
            riderContactsHoursBefore: 48,
            tripWindowHoursBefore: 3,
            discordAnnouncements: false,
          }),
          'message.unread': () => [],
          ...api,
        },
        unanswered: 'pending',
      },
    );
    fireEvent.click(screen.getByRole('button', { name: /Leave Ride/ }));
    return result;
  }

  it('after the lock names what the rider will still owe and to whom', async () => {
    openLeave(makeRideDetail({ id: 7, priceLockedAt: LOCKED }), { 'payment.list': () => table([row()]) });
    const dialog = await screen.findByRole('dialog', { name: 'Leave this ride?' });
    await waitFor(() =>
      expect(within(dialog).getByTestId('leave-owed').textContent).toBe(
        'You will still owe SGD 30 to Olivia Organiser unless they waive it.',
      ),
    );
  });

  it('says plainly when nothing would be owed: the share is already paid', async () => {
    openLeave(makeRideDetail({ id: 7, priceLockedAt: LOCKED }), {
      'payment.list': () => table([row({ status: 'marked-paid', method: 'paynow' })]),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Leave this ride?' });
    await waitFor(() =>
      expect(within(dialog).getByTestId('leave-owed').textContent).toBe(
        'Your share is already paid, so you will owe nothing more.',
      ),
    );
  });

  it('before the lock asks for no payment and says nothing is owed', async () => {
    const { calls } = openLeave(makeRideDetail({ id: 7, priceLockedAt: null }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave this ride?' });
    expect(within(dialog).getByTestId('leave-owed').textContent).toBe(
      'The price is not locked yet, so you will owe nothing.',
    );
    expect(calls.filter((call) => call.path === 'payment.list')).toHaveLength(0);
  });
});

describe('My Rides: Still owed', () => {
  const share = { owedTo: 'Olivia Organiser', direction: 'SG->FC' as const, date: '2099-03-13T01:30:00.000Z' };

  it('lists each left ride with something still due, with the amount, the organiser and where to pay', async () => {
    renderWithProviders(<MyRidesTab viewer={{ id: 2, isVendor: false, isApprovedVendor: false }} />, {
      api: {
        'message.unread': () => [],
        'ride.organized': () => [],
        'ride.joined': () => [],
        'payment.shares': () => [
          { ...share, rideId: 5, amountDue: 30, left: true, stillOwed: 30 },
          // Paid before leaving, or still on the ride: no line.
          { ...share, rideId: 6, amountDue: 30, left: true, stillOwed: 0 },
          { ...share, rideId: 8, amountDue: 25, left: false, stillOwed: 25 },
        ],
      },
    });
    const section = await screen.findByRole('region', { name: 'Still owed' });
    const lines = within(section).getAllByTestId('still-owed');
    expect(lines).toHaveLength(1);
    expect(within(lines[0] as HTMLElement).getByText('Still owed: SGD 30 to Olivia Organiser')).toBeTruthy();
    const pay = within(section).getByRole('link', { name: /^Pay SGD 30 to Olivia Organiser/ });
    expect(pay.getAttribute('href')).toBe('/rides/5');
    // Even with no ride left on the list, the debt shows.
    expect(screen.getByText("You haven't created or joined any rides yet.")).toBeTruthy();
  });

  it('shows no section when nothing is owed', async () => {
    renderWithProviders(<MyRidesTab viewer={{ id: 2, isVendor: false, isApprovedVendor: false }} />, {
      api: { 'message.unread': () => [], 'ride.organized': () => [], 'ride.joined': () => [] },
    });
    await screen.findByText("You haven't created or joined any rides yet.");
    expect(screen.queryByRole('region', { name: 'Still owed' })).toBeNull();
  });
});

describe("the organiser's refund control", () => {
  it('is a button with a verb; the statuses are badges beside it', async () => {
    const olive = row({ passengerId: 30, userId: 2, name: 'Olive', status: 'confirmed' });
    const ann = row({ passengerId: 31, userId: 9, name: 'Ann', status: 'confirmed', refundDue: 10 });
    renderWithProviders(<PaymentCard ride={makeRideDetail({ id: 7, priceLockedAt: LOCKED })} viewerId={2} inParty />, {
      api: { 'payment.list': () => table([olive, ann], true), 'payment.progress': () => [] },
    });
    const annRow = await screen.findByTestId('payment-row-31');
    const button = within(annRow).getByRole('button', { name: 'Mark refund sent to Ann' });
    expect(button.textContent).toBe('Mark refund sent');
    expect(within(annRow).queryByRole('button', { name: /Refunded/ })).toBeNull();
    // The statuses are not buttons.
    for (const status of ['Confirmed', 'Refund due']) {
      const badge = within(annRow).getByText(status);
      expect(badge.closest('button')).toBeNull();
    }
  });
});

describe('PayNow on the phone that pays', () => {
  const payload = paynowPayload({
    proxy: { type: 'uen', value: '201912345K' },
    amountCents: 3000,
    reference: 'RIDE 7',
    merchantName: 'Olive',
    expiresOn: '20990313',
  });
  const share = vi.fn<(data: ShareData) => Promise<void>>();
  const canShare = vi.fn<(data: ShareData) => boolean>();

  beforeEach(() => {
    share.mockReset().mockResolvedValue(undefined);
    canShare.mockReset();
    Object.defineProperty(navigator, 'share', { configurable: true, value: share });
    Object.defineProperty(navigator, 'canShare', { configurable: true, value: canShare });
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'share');
    Reflect.deleteProperty(navigator, 'canShare');
  });

  async function openQr() {
    renderWithProviders(<PaymentCard ride={makeRideDetail({ id: 7, priceLockedAt: LOCKED })} viewerId={2} inParty />, {
      api: { 'payment.list': () => table([row({ paynowPayload: payload })]) },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Show PayNow QR' }));
    await screen.findByRole('img', { name: 'PayNow QR code for SGD 30.00' });
  }

  it('saves the code as a PNG and shares that PNG where the browser shares files', async () => {
    canShare.mockImplementation((data) => (data.files?.length ?? 0) > 0);
    await openQr();
    const save = await screen.findByRole('link', { name: 'Save QR image' });
    expect(save.getAttribute('download')).toBe('paynow-ride-7.png');
    expect(save.getAttribute('href')).toMatch(/^data:image\/png;base64,/);
    expect(screen.getByTestId('paynow-caption').textContent).toMatch(
      /^Save or share this code, then open it in your banking app/,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Share the QR image' }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    const file = share.mock.calls[0]?.[0].files?.[0];
    expect(file?.name).toBe('paynow-ride-7.png');
    expect(file?.type).toBe('image/png');
  });

  it('hides Share where the browser cannot share files', async () => {
    canShare.mockReturnValue(false);
    await openQr();
    await screen.findByRole('link', { name: 'Save QR image' });
    expect(screen.queryByRole('button', { name: 'Share the QR image' })).toBeNull();
  });

  it('copies the UEN and the amount, and says so', async () => {
    canShare.mockReturnValue(false);
    await openQr();
    fireEvent.click(screen.getByRole('button', { name: 'Copy PayNow details' }));
    await waitFor(() =>
      expect(writeText).toHaveBeenCalledWith('PayNow to UEN 201912345K (Olive), amount SGD 30.00, reference RIDE 7'),
    );
    expect(await screen.findByText('PayNow details copied')).toBeTruthy();
  });
});
