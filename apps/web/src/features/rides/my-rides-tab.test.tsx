import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { inDays, makeRideSummary, renderWithProviders, type ApiHandlers } from '../../test-utils';
import { MyRidesTab } from './my-rides-tab';

const VIEWER = { id: 2, isVendor: false, isApprovedVendor: false };

function render(api: ApiHandlers) {
  return renderWithProviders(<MyRidesTab viewer={VIEWER} />, {
    api: { 'auth.me': () => null, 'message.unread': () => [], ...api },
  });
}

const ids = (region: HTMLElement) =>
  within(region)
    .getAllByRole('article')
    .map((card) => card.getAttribute('data-ride-id'))
    .sort();

describe('MyRidesTab, cancelled rides', () => {
  it('lists cancelled rides (organised or joined) in their own section, apart from the active ones', async () => {
    render({
      'ride.organized': () => [
        makeRideSummary({ id: 21, creatorId: 2 }),
        makeRideSummary({
          id: 22,
          creatorId: 2,
          direction: 'FC->SG',
          pickupLocation: 'Forest City',
          status: 'cancelled',
          cancelReason: 'Flight moved',
          cancelledAt: inDays(-1),
        }),
      ],
      'ride.joined': () => [
        makeRideSummary({ id: 31 }),
        makeRideSummary({ id: 32, status: 'cancelled', cancelReason: 'Car broke down', cancelledAt: inDays(-1) }),
      ],
    });

    const cancelled = await screen.findByRole('region', { name: 'Cancelled Rides' });
    expect(ids(cancelled)).toEqual(['22', '32']);
    expect(within(cancelled).getAllByText('Cancelled').length).toBe(2);
    expect(within(cancelled).getByText('Cancelled: Flight moved')).toBeTruthy();
    expect(within(cancelled).getByText('Cancelled: Car broke down')).toBeTruthy();
    // No Edit on a cancelled ride; View Details leads to the ride and its banner.
    expect(within(cancelled).queryByRole('link', { name: /^Edit/ })).toBeNull();
    expect(
      within(cancelled)
        .getAllByRole('link', { name: /^View Details/ })
        .map((link) => link.getAttribute('href'))
        .sort(),
    ).toEqual(['/rides/22', '/rides/32']);

    expect(ids(screen.getByRole('region', { name: 'Rides You Organized' }))).toEqual(['21']);
    expect(ids(screen.getByRole('region', { name: 'Rides You Joined' }))).toEqual(['31']);
    // The cancelled rides are not offered for route ordering; the organised one still ahead is.
    expect(ids(screen.getByRole('region', { name: 'Manage Route Order' }))).toEqual(['21']);
  });

  it('shows the section alone when every ride was cancelled', async () => {
    render({
      'ride.organized': () => [],
      'ride.joined': () => [
        makeRideSummary({ id: 41, status: 'cancelled', cancelReason: 'Sick', cancelledAt: inDays(-1) }),
      ],
    });
    expect(await screen.findByRole('region', { name: 'Cancelled Rides' })).toBeTruthy();
    expect(screen.queryByText("You haven't created or joined any rides yet.")).toBeNull();
  });

  it('hides Edit on a past organised ride and keeps it on a future one', async () => {
    render({
      'ride.organized': () => [
        makeRideSummary({ id: 51, creatorId: 2, date: inDays(-2) }),
        makeRideSummary({ id: 52, creatorId: 2, date: inDays(2) }),
      ],
      'ride.joined': () => [],
    });
    const organized = await screen.findByRole('region', { name: 'Rides You Organized' });
    expect(
      within(organized)
        .getAllByRole('link', { name: /^Edit/ })
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/rides/edit/52']);
  });
});

describe('MyRidesTab, unread chat messages', () => {
  it('links a ride with unread messages to its chat, with the count', async () => {
    render({
      'ride.organized': () => [makeRideSummary({ id: 21, creatorId: 2 })],
      'ride.joined': () => [makeRideSummary({ id: 31 })],
      'message.unread': () => [{ rideId: 31, unread: 2 }],
    });
    const link = await screen.findByRole('link', { name: /^Chat: 2 new messages/ });
    expect(link.getAttribute('href')).toBe('/rides/31?tab=chat');
    expect(link.textContent).toBe('Chat · 2 new');
    expect(screen.getAllByRole('link', { name: /^Chat:/ })).toHaveLength(1);
  });
});

describe('MyRidesTab, a weekly series', () => {
  const date = (days: number) => inDays(days);
  const weekly = (id: number, days: number, extra: Parameters<typeof makeRideSummary>[0] = {}) =>
    makeRideSummary({
      id,
      creatorId: 2,
      seriesId: 5,
      direction: 'FC->SG',
      pickupLocation: 'Forest City',
      date: date(days),
      ...extra,
    });

  it('is one card and one drop-off panel (the next date), the other dates on demand; counts leave cancelled dates out', async () => {
    render({
      'ride.organized': () => [
        weekly(41, 2),
        weekly(42, 9),
        weekly(43, 16),
        weekly(44, 23, { status: 'cancelled', cancelReason: 'Holiday', cancelledAt: inDays(-1) }),
      ],
      'ride.joined': () => [],
      'passenger.list': () => [],
    });
    const organized = await screen.findByRole('region', { name: 'Rides You Organized' });
    expect(within(organized).getAllByTestId('series-group')).toHaveLength(1);
    expect(ids(organized)).toEqual(['41']);
    expect(within(organized).getByTestId('series-summary').textContent).toMatch(/^Weekly · 3 rides · next /);

    const sequence = screen.getByRole('region', { name: 'Manage Route Order' });
    expect(ids(sequence)).toEqual(['41']);
    fireEvent.click(within(sequence).getByRole('button', { name: 'Order the other 2 dates' }));
    await waitFor(() => expect(ids(sequence)).toEqual(['41', '42', '43']));
  });
});
