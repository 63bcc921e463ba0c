import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiError, renderWithProviders, type ApiHandlers } from '../../test-utils';
import { AlertsCard } from './alerts-card';

const ALERT = {
  id: 7,
  direction: 'FC->SG' as const,
  fromDate: '2099-11-28',
  toDate: '2099-12-05',
  weekdays: [1, 3],
  earliestTime: '07:00',
  latestTime: '09:00',
  createdAt: '2026-11-27T02:00:00.000Z',
};

const render = (api: ApiHandlers) => renderWithProviders(<AlertsCard />, { api });

describe('AlertsCard', () => {
  it('shows a loading state, then each alert in words with its own Delete', async () => {
    render({ 'alert.list': () => [ALERT] });
    expect(screen.getByRole('status', { name: 'Loading ride alerts...' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Your ride alerts' });
    const item = within(list).getByRole('listitem');
    expect(item.textContent).toContain('Forest City to Singapore');
    expect(item.textContent).toContain('28 Nov 2099 – 5 Dec 2099 · Mon, Wed · 7:00 am – 9:00 am');
    expect(within(item).queryByText('Ended')).toBeNull();
  });

  it('marks an ended alert', async () => {
    render({ 'alert.list': () => [{ ...ALERT, fromDate: '2020-01-01', toDate: '2020-01-02' }] });
    expect(await screen.findByText('Ended')).toBeTruthy();
  });

  it('deletes an alert and says so; the empty list points to the rides list', async () => {
    let alerts = [ALERT];
    const { calls } = render({
      'alert.list': () => alerts,
      'alert.delete': ({ id }) => {
        alerts = [];
        return { id, message: 'Alert deleted' };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Delete alert: Forest City to Singapore/ }));
    expect(await screen.findByText(/You have no ride alerts/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'rides list' }).getAttribute('href')).toBe('/home');
    expect(calls.filter((call) => call.path === 'alert.delete').map((call) => call.input)).toEqual([{ id: 7 }]);
    await waitFor(() =>
      expect(screen.getByRole('status', { name: '' }).textContent ?? '').toContain(
        'Alert for Forest City to Singapore rides deleted.',
      ),
    );
  });

  it('shows a failed load with Try again', async () => {
    render({
      'alert.list': () => {
        throw apiError('INTERNAL_SERVER_ERROR', 'Internal server error');
      },
    });
    expect(await screen.findByText('Could not load your ride alerts')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
