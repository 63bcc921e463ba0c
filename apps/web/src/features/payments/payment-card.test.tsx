import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiError, renderWithProviders, type ApiHandlers } from '../../test-utils';
import { makeRideDetail } from '../../test-utils/fixtures';
import { PaymentCard } from './payment-card';
import type { PaymentRow, RidePayments } from './use-payments';

const LOCKED = '2099-03-12T01:30:00.000Z';

function row(overrides: Partial<PaymentRow> = {}): PaymentRow {
  return {
    passengerId: 31,
    userId: 2,
    name: 'Alice Tan',
    seats: 1,
    amountDue: 26.67,
    status: 'due',
    method: null,
    markedAt: null,
    confirmedAt: null,
    paynowPayload: null,
    revolutLink: null,
    ...overrides,
  };
}

function table(payments: PaymentRow[], isOrganiser = false): RidePayments {
  return { rideId: 7, lockedAt: LOCKED, isOrganiser, total: 80, payments };
}

const render = (api: ApiHandlers, ride = makeRideDetail({ id: 7, priceLockedAt: LOCKED }), inParty = true) =>
  renderWithProviders(<PaymentCard ride={ride} viewerId={2} inParty={inParty} />, { api });

describe('PaymentCard', () => {
  it('before the lock: the estimate, and how many more the ride needs', () => {
    const { calls } = render({}, makeRideDetail({ id: 7, minPassengers: 4, currentPassengers: 2 }));
    expect(screen.getByTestId('minimum-note').textContent).toBe('Needs 2 more to go');
    expect(screen.getByTestId('price-estimate')).toBeTruthy();
    expect(calls.filter((call) => call.path === 'payment.list')).toHaveLength(0);
  });

  it('shows nothing to someone outside the party when no minimum is pending', () => {
    render({}, makeRideDetail({ id: 7 }), false);
    expect(screen.queryByRole('heading', { name: 'Payment' })).toBeNull();
  });

  it('the rider sees their share, opens the PayNow QR and marks it paid', async () => {
    const payload = '00020101021226490009SG.PAYNOW010100211+65912345670301004082099031452040000';
    const { calls } = render({
      'payment.list': () =>
        table([row({ paynowPayload: payload, revolutLink: 'https://revolut.me/olive?amount=2667&currency=SGD' })]),
      'payment.markMine': ({ method }) => table([row({ status: 'marked-paid', method })]),
    });
    expect((await screen.findByTestId('my-amount')).textContent).toBe('Your share: SGD 26.67');
    expect(screen.getByRole('link', { name: /Pay SGD 26.67 with Revolut/ }).getAttribute('href')).toBe(
      'https://revolut.me/olive?amount=2667&currency=SGD',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show PayNow QR' }));
    const qr = await screen.findByRole('img', { name: 'PayNow QR code for SGD 26.67' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    fireEvent.click(screen.getByRole('button', { name: 'I have paid' }));
    await waitFor(() => expect(screen.getByTestId('my-payment-status').textContent).toBe('Marked paid'));
    expect(calls.find((call) => call.path === 'payment.markMine')?.input).toEqual({ rideId: 7, method: 'paynow' });
  });

  it('the organiser confirms a rider; the count follows', async () => {
    const olive = row({ passengerId: 30, userId: 2, name: 'Olive', status: 'confirmed', amountDue: 26.67 });
    const ann = row({ passengerId: 31, userId: 9, name: 'Ann', status: 'marked-paid', method: 'cash' });
    render({
      'payment.list': () => table([olive, ann], true),
      'payment.confirm': () => table([olive, { ...ann, status: 'confirmed' }], true),
      'payment.progress': () => [],
    });
    expect((await screen.findByTestId('paid-summary')).textContent).toBe('2 of 2 paid · total SGD 80.00');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm payment: Ann' }));
    expect(await screen.findByRole('button', { name: 'Undo confirmation: Ann' })).toBeTruthy();
  });

  it('says so when the payments cannot be loaded', async () => {
    render({
      'payment.list': () => {
        throw apiError('INTERNAL_SERVER_ERROR', 'Internal server error');
      },
    });
    expect(await screen.findByText('Could not load the payments')).toBeTruthy();
  });
});
