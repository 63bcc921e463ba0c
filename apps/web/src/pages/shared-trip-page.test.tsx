import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiError, renderWithProviders } from '../test-utils';
import { SharedTripPage } from './shared-trip-page';

const TOKEN = 'abcDEF123_-xyz456789012345678901234567890123';

const renderPage = (answer: () => unknown) =>
  renderWithProviders(<SharedTripPage />, {
    path: '/t/:token',
    route: `/t/${TOKEN}`,
    api: { 'trip.public': answer as never },
  });

describe('SharedTripPage', () => {
  it('shows the route, the stages with their times and the car, and asks with the token', async () => {
    const { calls } = renderPage(() => ({
      direction: 'FC->SG',
      crossing: 'causeway',
      date: '2026-12-02T01:00:00.000Z',
      stages: [{ stage: 'at-exit-checkpoint', label: 'At Bangunan Sultan Iskandar', at: '2026-12-02T01:40:00.000Z' }],
      current: 'at-exit-checkpoint',
      vehicle: { company: 'Acme Cabs', carNumber: 'SGX1234A' },
    }));
    expect((await screen.findByTestId('shared-current')).textContent).toBe('At Bangunan Sultan Iskandar');
    const stages = screen.getByRole('list', { name: 'Trip stages' });
    expect(
      within(stages)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'At the pick-up (skipped)–',
      'Departed (skipped)–',
      'At Bangunan Sultan Iskandar9:40 am',
      'Cleared Bangunan Sultan Iskandar–',
      'At Woodlands Checkpoint–',
      'Cleared Woodlands Checkpoint–',
      'Arrived–',
    ]);
    expect(screen.getByTestId('shared-vehicle').textContent).toBe('Car: Acme Cabs · SGX1234A');
    expect(screen.getByText('Via the Causeway (Woodlands)')).toBeTruthy();
    expect(calls.find((call) => call.path === 'trip.public')?.input).toEqual({ token: TOKEN });
    // No app navigation: the page stands alone.
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('says the link has ended when it lapsed or was revoked', async () => {
    renderPage(() => {
      throw apiError('NOT_FOUND', 'This trip link does not exist or has ended', 'NOT_FOUND');
    });
    expect(await screen.findByText('This link has ended')).toBeTruthy();
  });
});
