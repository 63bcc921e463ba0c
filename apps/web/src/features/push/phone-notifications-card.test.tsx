import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../test-utils';
import { offlineNoticeText } from '../offline/offline-notice';
import { keyBytes, NOTIFICATIONS_BLOCKED_SENTENCE } from './browser-push';
import { PhoneNotificationsCard } from './phone-notifications-card';

describe('PhoneNotificationsCard', () => {
  it('is disabled and says why in a browser without push support', () => {
    renderWithProviders(<PhoneNotificationsCard />);
    expect(screen.getByRole('heading', { name: 'Phone notifications' })).toBeTruthy();
    const toggle = screen.getByRole('switch', { name: /^Phone notifications/ });
    expect((toggle as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText(/This browser cannot receive notifications/)).toBeTruthy();
  });
});

describe('PhoneNotificationsCard in a browser that refuses notifications', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  /** A browser with push support whose answer to the permission request and subscribe is given. */
  function stubBrowser(permission: NotificationPermission, subscribe: () => Promise<never>) {
    const registration = { pushManager: { getSubscription: () => Promise.resolve(null), subscribe } };
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: {
        getRegistration: () => Promise.resolve(registration),
        register: () => Promise.resolve(registration),
        ready: Promise.resolve(registration),
      },
    });
    vi.stubGlobal('PushManager', vi.fn());
    vi.stubGlobal('Notification', { permission: 'default', requestPermission: () => Promise.resolve(permission) });
  }

  it.each([
    ['the user says no', 'denied' as const],
    ['Chrome answers "Registration failed - permission denied"', 'granted' as const],
  ])('says how to allow them when %s, not as an error', async (_label, permission) => {
    stubBrowser(permission, () =>
      Promise.reject(new DOMException('Registration failed - permission denied', 'NotAllowedError')),
    );
    renderWithProviders(<PhoneNotificationsCard />, { api: { 'push.key': () => ({ publicKey: 'BAEC_w' }) } });
    const toggle = await screen.findByRole('switch', { name: /^Phone notifications/ });
    await vi.waitFor(() => expect((toggle as HTMLInputElement).disabled).toBe(false));
    fireEvent.click(toggle);
    expect((await screen.findByTestId('notifications-blocked')).textContent).toContain(NOTIFICATIONS_BLOCKED_SENTENCE);
    expect(screen.queryByText(/Registration failed/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('keyBytes', () => {
  it('decodes a base64url key', () => {
    expect([...keyBytes('BAEC_w')]).toEqual([4, 1, 2, 255]);
  });
});

describe('offlineNoticeText', () => {
  it('gives the time the kept copy was fetched, in Singapore time', () => {
    expect(offlineNoticeText('Fri, 27 Nov 2026 02:05:00 GMT')).toBe('Offline: last updated Fri, 27 Nov 2026, 10:05 am');
    expect(offlineNoticeText('unknown')).toBe('Offline: showing the copy kept on this device');
  });
});
