import { focusManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { makeUser, renderApp, renderWithProviders, type ApiCall } from '../../test-utils';
import { bellLabel, NotificationBell } from './notification-bell';

/** happy-dom's own controls: its viewport width decides Mantine's hiddenFrom / visibleFrom. */
const { happyDOM } = window as unknown as {
  happyDOM: { setViewport: (viewport: { width: number; height: number }) => void };
};

const countCalls = (calls: ApiCall[]) => calls.filter((call) => call.path === 'notification.unreadCount');

afterEach(() => {
  focusManager.setFocused(undefined);
});

describe('bellLabel', () => {
  it.each([
    [0, 'Notifications'],
    [1, 'Notifications, 1 unread'],
    [120, 'Notifications, 120 unread'],
  ])('%i unread reads %s', (unread, label) => {
    expect(bellLabel(unread)).toBe(label);
  });
});

describe('NotificationBell', () => {
  it('links to /notifications, named with the unread count, with the count as a badge', async () => {
    renderWithProviders(<NotificationBell variant="icon" />, {
      api: { 'notification.unreadCount': () => ({ unread: 3 }) },
    });
    const bell = await screen.findByRole('link', { name: 'Notifications, 3 unread' });
    expect(bell.getAttribute('href')).toBe('/notifications');
    expect(bell.textContent).toBe('3');
  });

  it('caps the badge at 99+ and shows none at zero', async () => {
    const { unmount } = renderWithProviders(<NotificationBell variant="icon" />, {
      api: { 'notification.unreadCount': () => ({ unread: 150 }) },
    });
    expect((await screen.findByRole('link', { name: 'Notifications, 150 unread' })).textContent).toBe('99+');
    unmount();
    renderWithProviders(<NotificationBell variant="menu" />, {
      api: { 'notification.unreadCount': () => ({ unread: 0 }) },
    });
    const row = await screen.findByRole('link', { name: 'Notifications' });
    expect(row.textContent).toBe('Notifications');
  });

  it('reads the count again when the window regains focus, and announces a rise', async () => {
    let unread = 1;
    const { calls } = renderWithProviders(<NotificationBell variant="icon" />, {
      api: { 'notification.unreadCount': () => ({ unread }) },
    });
    await screen.findByRole('link', { name: 'Notifications, 1 unread' });
    expect(screen.getByRole('status').textContent).toBe('');

    unread = 2;
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    expect(await screen.findByRole('link', { name: 'Notifications, 2 unread' })).toBeTruthy();
    expect(countCalls(calls)).toHaveLength(2);
    expect(screen.getByRole('status').textContent).toBe('New notification. 2 unread.');
  });
});

describe('the top bar', () => {
  it('shows a signed-in member the bell in the wide bar', async () => {
    renderApp('/guide', { api: { 'auth.me': () => makeUser(), 'notification.unreadCount': () => ({ unread: 4 }) } });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const bell = await within(nav).findByRole('link', { name: 'Notifications, 4 unread' });
    expect(bell.getAttribute('href')).toBe('/notifications');
  });

  it('at 375px shows the bell beside the burger and as a row of the phone menu', async () => {
    happyDOM.setViewport({ width: 375, height: 800 });
    try {
      renderApp('/guide', { api: { 'auth.me': () => makeUser(), 'notification.unreadCount': () => ({ unread: 4 }) } });
      const header = await screen.findByRole('banner');
      const burger = await within(header).findByRole('button', { name: 'Toggle navigation' });
      await waitFor(() =>
        expect(within(header).getAllByRole('link', { name: 'Notifications, 4 unread' })).toHaveLength(1),
      );
      act(() => {
        burger.click();
      });
      const menu = await within(header).findByRole('navigation', { name: 'Main' });
      const row = await within(menu).findByRole('link', { name: 'Notifications, 4 unread' });
      expect(row.textContent).toBe('Notifications4');
    } finally {
      happyDOM.setViewport({ width: 1024, height: 768 });
    }
  });

  it('shows a signed-out visitor no bell and asks for no count', async () => {
    const { calls } = renderApp('/guide');
    const header = await screen.findByRole('banner');
    await within(header).findByRole('link', { name: 'Login' });
    expect(within(header).queryByRole('link', { name: /^Notifications/ })).toBeNull();
    expect(countCalls(calls)).toEqual([]);
  });

  it('sends a signed-out visitor from /notifications to /auth', async () => {
    const { router } = renderApp('/notifications');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });

  it('opens the inbox page for a member', async () => {
    renderApp('/notifications', {
      api: {
        'auth.me': () => makeUser(),
        'notification.list': () => ({ items: [], total: 0, page: 1, pageSize: 20, unread: 0 }),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeTruthy();
    expect(await screen.findByText('No notifications yet')).toBeTruthy();
  });
});
