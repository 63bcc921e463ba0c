import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../test-utils';
import { offlineNoticeText } from '../offline/offline-notice';
import { keyBytes } from './browser-push';
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
