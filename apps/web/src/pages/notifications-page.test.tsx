import type { RouterOutputs } from '@rideshare/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiError, makeUser, renderWithProviders, type ApiCall, type ApiHandlers } from '../test-utils';
import { NotificationsPage } from './notifications-page';

type Item = RouterOutputs['notification']['list']['items'][number];
type ListPage = RouterOutputs['notification']['list'];

// 10:00 am on Monday 1 December 2025 in Singapore.
const RIDE_DATE = '2025-12-01T02:00:00.000Z';

function item(overrides: Partial<Item> = {}): Item {
  return {
    id: 1,
    kind: 'ride_cancelled',
    rideId: 12,
    rideDirection: 'SG->FC',
    rideDate: RIDE_DATE,
    detail: 'Car broke down',
    createdAt: '2025-11-28T04:00:00.000Z',
    readAt: null,
    ...overrides,
  };
}

function listPage(items: Item[], overrides: Partial<ListPage> = {}): ListPage {
  return {
    items,
    total: items.length,
    page: 1,
    pageSize: 20,
    unread: items.filter((one) => one.readAt === null).length,
    ...overrides,
  };
}

const CANCELLED = item({ id: 3 });
const ASSIGNED = item({
  id: 2,
  kind: 'vendor_assigned',
  detail: 'Causeway Cabs',
  rideId: 12,
  readAt: '2025-11-28T05:00:00.000Z',
});
const REMOVED = item({ id: 1, kind: 'passenger_removed', rideId: null, rideDirection: 'FC->SG', detail: null });

function api(overrides: ApiHandlers = {}): ApiHandlers {
  return {
    'auth.me': () => makeUser(),
    'notification.list': () => listPage([CANCELLED, ASSIGNED, REMOVED]),
    'notification.markRead': () => ({ updated: 1 }),
    ...overrides,
  };
}

const render = (handlers: ApiHandlers, route = '/notifications') =>
  renderWithProviders(<NotificationsPage />, { path: '/notifications', route, api: handlers });
const callsOf = (calls: ApiCall[], path: string) => calls.filter((call) => call.path === path);
const rows = () => within(screen.getByRole('list', { name: 'Notifications, newest first' })).getAllByRole('listitem');

describe('NotificationsPage', () => {
  it('lists the notifications as sentences in the order given (newest first), linking to their rides', async () => {
    const { calls } = render(api());
    await screen.findByText(/was cancelled: Car broke down/);
    expect(callsOf(calls, 'notification.list')[0]?.input).toEqual({ page: 1, pageSize: 20 });
    const [first, second, third] = rows();
    expect(first?.textContent).toContain(
      'Your ride SG → FC on Mon, 1 Dec 2025, 10:00 am was cancelled: Car broke down',
    );
    expect(
      within(first as HTMLElement)
        .getByRole('link', { name: /was cancelled/ })
        .getAttribute('href'),
    ).toBe('/rides/12');
    expect(second?.textContent).toContain('A driver from Causeway Cabs was assigned to your ride SG → FC');
    // A notification about a ride that no longer exists is plain text.
    expect(third?.textContent).toContain(
      'The organizer removed you from the ride FC → SG on Mon, 1 Dec 2025, 10:00 am',
    );
    expect(within(third as HTMLElement).queryByRole('link')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('You have 2 unread notifications.');
    expect(document.title).toBe('Notifications | RideShare');
  });

  it('marks unread ones visibly and for screen readers, with a Mark as read button only on them', async () => {
    render(api());
    await screen.findByText(/was cancelled/);
    const [unread, read] = rows();
    expect(unread?.getAttribute('data-unread')).toBe('true');
    expect(within(unread as HTMLElement).getByText('New')).toBeTruthy();
    expect(unread?.textContent).toMatch(/^Unread: /);
    // A dot and weight mark it, not an error's colours.
    expect(within(unread as HTMLElement).getByTestId('unread-dot')).toBeTruthy();
    expect(unread?.className ?? '').not.toMatch(/unread/);
    expect(within(read as HTMLElement).queryByTestId('unread-dot')).toBeNull();
    const button = within(unread as HTMLElement).getByRole('button', { name: 'Mark as read' });
    // The repeated button is told apart by the sentence it belongs to.
    const describedBy = button.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toContain('was cancelled');
    expect(read?.getAttribute('data-unread')).toBe('false');
    expect(within(read as HTMLElement).queryByText('New')).toBeNull();
    expect(within(read as HTMLElement).queryByRole('button', { name: 'Mark as read' })).toBeNull();
  });

  it('marks one read, then reads the list again', async () => {
    let marked = false;
    const { calls } = render(
      api({
        'notification.list': () =>
          listPage([marked ? { ...CANCELLED, readAt: '2025-11-29T00:00:00.000Z' } : CANCELLED, ASSIGNED]),
        'notification.markRead': () => {
          marked = true;
          return { updated: 1 };
        },
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('You are all caught up.'));
    expect(callsOf(calls, 'notification.markRead').map((call) => call.input)).toEqual([{ ids: [3] }]);
    expect(callsOf(calls, 'notification.list')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Mark as read' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Mark all as read' }).hasAttribute('disabled')).toBe(true);
  });

  it('moves focus from a Mark as read button that goes to its notification’s sentence', async () => {
    let marked = false;
    render(
      api({
        'notification.list': () =>
          listPage([marked ? { ...CANCELLED, readAt: '2025-11-29T00:00:00.000Z' } : CANCELLED, ASSIGNED]),
        'notification.markRead': () => {
          marked = true;
          return { updated: 1 };
        },
      }),
    );
    const button = await screen.findByRole('button', { name: 'Mark as read' });
    button.focus();
    fireEvent.click(button);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Mark as read' })).toBeNull());
    // The sentence (the element the button was described by), now read.
    const sentence = document.getElementById('notification-3');
    expect(rows()[0]?.contains(sentence)).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(sentence));
    expect(sentence?.textContent).toMatch(/^Your ride SG → FC .* was cancelled/);
  });

  it('marks all read with one call without ids, then moves focus to the heading', async () => {
    let marked = false;
    const { calls } = render(
      api({
        'notification.list': () =>
          marked ? listPage([{ ...CANCELLED, readAt: '2025-11-29T00:00:00.000Z' }]) : listPage([CANCELLED]),
        'notification.markRead': () => {
          marked = true;
          return { updated: 1 };
        },
      }),
    );
    await screen.findByText(/was cancelled/);
    const button = screen.getByRole('button', { name: 'Mark all as read' });
    button.focus();
    fireEvent.click(button);
    await waitFor(() => expect(callsOf(calls, 'notification.markRead')).toHaveLength(1));
    expect(callsOf(calls, 'notification.markRead')[0]?.input).toEqual({});
    // The button ends disabled (nothing unread), so it cannot keep focus.
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(true));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Notifications' })),
    );
  });

  it('following a link to an unread notification’s ride marks it read', async () => {
    const { calls, router } = render(api());
    fireEvent.click(await screen.findByRole('link', { name: /was cancelled/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rides/12'));
    await waitFor(() =>
      expect(callsOf(calls, 'notification.markRead').map((call) => call.input)).toEqual([{ ids: [3] }]),
    );
  });

  it('tells a refused mark-as-read with the server’s reason', async () => {
    render(
      api({
        'notification.markRead': () => Promise.reject(apiError('INTERNAL_SERVER_ERROR', 'Internal server error')),
      }),
    );
    const [first] = await screen.findAllByRole('button', { name: 'Mark as read' });
    first?.focus();
    fireEvent.click(first as HTMLElement);
    expect(await screen.findByText('Could not mark as read')).toBeTruthy();
    expect(screen.getByText('Internal server error')).toBeTruthy();
    // Still unread: focus stays on (or returns to) its button.
    await waitFor(() => expect(first?.hasAttribute('disabled')).toBe(false));
    expect(document.activeElement).toBe(first);
  });

  it('shows the empty state, with Mark all as read disabled', async () => {
    render(api({ 'notification.list': () => listPage([]) }));
    expect(await screen.findByText('No notifications yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mark all as read' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('You are all caught up.');
  });

  it('shows a loader, then a failed load with Try again', async () => {
    let attempts = 0;
    const { calls } = render(
      api({
        'notification.list': () => {
          attempts += 1;
          return attempts === 1
            ? Promise.reject(apiError('INTERNAL_SERVER_ERROR', 'Internal server error'))
            : listPage([CANCELLED]);
        },
      }),
    );
    expect(screen.getByRole('status', { name: 'Loading notifications...' })).toBeTruthy();
    expect(await screen.findByText('Could not load your notifications')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/was cancelled/)).toBeTruthy();
    expect(callsOf(calls, 'notification.list')).toHaveLength(2);
  });

  it('pages through the inbox with the page in the address', async () => {
    const { calls, router } = render(
      api({
        'notification.list': (input) =>
          listPage([item({ id: 50 - (input?.page ?? 1) })], { total: 45, page: input?.page ?? 1, unread: 45 }),
      }),
    );
    await screen.findByText(/was cancelled/);
    const pages = screen.getByRole('navigation', { name: 'Notification pages' });
    expect(within(pages).getByRole('button', { name: 'Page 3' })).toBeTruthy();
    fireEvent.click(within(pages).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(() => expect(callsOf(calls, 'notification.list').at(-1)?.input).toEqual({ page: 2, pageSize: 20 }));
  });

  it('offers the way back from a page past the end', async () => {
    const { router } = render(
      api({ 'notification.list': () => listPage([], { total: 3, page: 9 }) }),
      '/notifications?page=9',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Back to the newest' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
