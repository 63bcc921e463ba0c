import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiError, renderWithProviders, type ApiHandlers } from '../../test-utils';
import { makeRideDetail, makeUser } from '../../test-utils/fixtures';
import { LiveUpdates } from '../live/live-updates';
import { PaymentCard } from './payment-card';
import type { PaymentRow, RidePayments } from '../../lib/api-types';

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
    refundDue: 0,
    topUpDue: 0,
    paid: 0,
    absorbed: 0,
    left: false,
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
    // Once marked, the button says what it does now.
    expect(screen.getByRole('button', { name: 'Change how I paid' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Update: I have paid/ })).toBeNull();
  });

  it('the organiser confirms a rider; the count follows', async () => {
    const olive = row({ passengerId: 30, userId: 2, name: 'Olive', status: 'confirmed', amountDue: 26.67 });
    const ann = row({ passengerId: 31, userId: 9, name: 'Ann', status: 'marked-paid', method: 'cash' });
    render({
      'payment.list': () => table([olive, ann], true),
      'payment.confirm': () => table([olive, { ...ann, status: 'confirmed' }], true),
      'payment.progress': () => [],
    });
    // The riders only: Olive's own row is not counted.
    expect((await screen.findByTestId('paid-summary')).textContent).toBe('1 of 1 paid · total SGD 80.00');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm payment: Ann' }));
    expect(await screen.findByRole('button', { name: 'Undo confirmation: Ann' })).toBeTruthy();
  });

  it('the rider sees a refund due and a share kept after leaving', async () => {
    render({
      'payment.list': () => table([row({ status: 'marked-paid', method: 'cash', refundDue: 13.33, left: true })]),
    });
    expect((await screen.findByTestId('my-refund')).textContent).toBe('SGD 13.33 to come back from the organizer');
    expect(screen.getByTestId('my-left').textContent).toMatch(/stays yours unless the organizer waives it/);
  });

  it('a paid rider whose share rose sees a top-up line and pays only the top-up', async () => {
    const payload = '00020101021226490009SG.PAYNOW010100211+65912345670301004082099031452040000';
    render({
      'payment.list': () =>
        table([
          row({
            status: 'confirmed',
            amountDue: 35,
            paid: 30,
            topUpDue: 5,
            paynowPayload: payload,
            revolutLink: 'https://revolut.me/olive?amount=500&currency=SGD',
          }),
        ]),
    });
    expect((await screen.findByTestId('my-top-up')).textContent).toBe(
      'SGD 5.00 top-up due: your share rose after you paid SGD 30.00',
    );
    expect(screen.getByTestId('my-payment-status').textContent).toBe('Confirmed');
    expect(screen.getByRole('link', { name: /Pay SGD 5.00 with Revolut/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'I have paid the top-up' })).toBeTruthy();
  });

  it('the organiser sees a rider’s top-up and what their own row absorbs', async () => {
    const olive = row({ passengerId: 30, userId: 2, name: 'Olive', status: 'confirmed', amountDue: 48, absorbed: 16 });
    const ben = row({
      passengerId: 31,
      userId: 9,
      name: 'Ben',
      status: 'confirmed',
      amountDue: 35,
      paid: 30,
      topUpDue: 5,
    });
    render({ 'payment.list': () => table([olive, ben], true), 'payment.progress': () => [] });
    expect((await screen.findByTestId('top-up-31')).textContent).toBe('SGD 5.00 top-up due');
    expect(screen.getByTestId('absorbed-30').textContent).toBe('SGD 16.00 absorbed');
  });

  it('the organiser settles a refund and waives a leaver', async () => {
    const olive = row({ passengerId: 30, userId: 2, name: 'Olive', status: 'confirmed' });
    const ann = row({
      passengerId: 31,
      userId: 9,
      name: 'Ann',
      status: 'marked-paid',
      method: 'cash',
      refundDue: 13.33,
    });
    const ben = row({ passengerId: 32, userId: 10, name: 'Ben', left: true });
    const { calls } = render({
      'payment.list': () => table([olive, ann, ben], true),
      'payment.refunded': () => table([olive, { ...ann, refundDue: 0 }, ben], true),
      'payment.waive': () => table([olive, { ...ann, refundDue: 0 }], true),
      'payment.progress': () => [],
      'payment.shares': () => [],
    });
    expect((await screen.findByTestId('refund-31')).textContent).toBe('Refund SGD 13.33 to Ann');
    fireEvent.click(screen.getByRole('button', { name: 'Mark refund sent to Ann' }));
    await waitFor(() => expect(screen.queryByTestId('refund-31')).toBeNull());
    expect(calls.find((call) => call.path === 'payment.refunded')?.input).toEqual({ rideId: 7, passengerId: 31 });
    expect(screen.getByTestId('payment-row-32').textContent).toContain('Left');
    fireEvent.click(screen.getByRole('button', { name: 'Waive the share of Ben' }));
    await waitFor(() => expect(screen.queryByTestId('payment-row-32')).toBeNull());
    expect(calls.find((call) => call.path === 'payment.waive')?.input).toEqual({ rideId: 7, passengerId: 32 });
  });

  it('the organiser’s table follows payments.changed without a reload', async () => {
    const olive = row({ passengerId: 30, userId: 2, name: 'Olive', status: 'confirmed' });
    let ann = row({ passengerId: 31, userId: 9, name: 'Ann' });
    const { live } = renderWithProviders(
      <>
        <LiveUpdates />
        <PaymentCard ride={makeRideDetail({ id: 7, priceLockedAt: LOCKED })} viewerId={2} inParty />
      </>,
      {
        api: {
          'auth.me': () => makeUser({ id: 2 }),
          'payment.list': () => table([olive, ann], true),
          'payment.progress': () => [],
          'payment.shares': () => [],
        },
      },
    );
    expect((await screen.findByTestId('paid-summary')).textContent).toBe('0 of 1 paid · total SGD 80.00');
    await waitFor(() => expect(live.open).toBe(1));
    ann = { ...ann, status: 'marked-paid', method: 'paynow' };
    live.emit({ type: 'payments.changed', rideId: 7, version: 1 });
    await waitFor(() => expect(screen.getByTestId('paid-summary').textContent).toBe('1 of 1 paid · total SGD 80.00'));
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
