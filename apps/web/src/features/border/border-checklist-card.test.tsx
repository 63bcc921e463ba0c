import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiError, renderWithProviders, type ApiHandlers } from '../../test-utils';
import { makeRideDetail } from '../../test-utils/fixtures';
import { BorderChecklistCard } from './border-checklist-card';

const LINK = 'https://imigresen-online.imi.gov.my/mdac/main';

function checklist(status: 'todo' | 'done') {
  return {
    rideId: 7,
    profileSet: true,
    ready: status === 'done',
    items: [
      {
        id: 'mdac' as const,
        title: 'Malaysia Digital Arrival Card (MDAC)',
        status,
        opensOn: '2026-12-15',
        link: LINK,
        required: true,
        selfDeclared: true,
      },
    ],
  };
}

const render = (inParty: boolean, api: ApiHandlers, readiness: { ready: number; total: number } | null = null) =>
  renderWithProviders(<BorderChecklistCard ride={makeRideDetail({ id: 7, readiness })} inParty={inParty} />, { api });

describe('BorderChecklistCard', () => {
  it('shows the vendor only the counts, and asks for no checklist', () => {
    const { calls } = render(false, {}, { ready: 3, total: 5 });
    expect(screen.getByTestId('border-readiness').textContent).toBe('3 of 5 riders ready');
    expect(calls.filter((call) => call.path === 'travel.checklist')).toHaveLength(0);
  });

  it('shows nothing to someone outside the party without counts', () => {
    render(false, {});
    expect(screen.queryByRole('heading', { name: 'Border checklist' })).toBeNull();
  });

  it('sends a rider without travel documents to the profile', async () => {
    render(true, { 'travel.checklist': () => ({ rideId: 7, profileSet: false, ready: false, items: [] }) });
    const link = await screen.findByRole('link', { name: 'profile' });
    expect(link.getAttribute('href')).toBe('/profile');
  });

  it('ticks at once, and puts the box back with the reason when the server refuses', async () => {
    let refuse: () => void = () => undefined;
    const refused = new Promise<void>((resolve) => {
      refuse = resolve;
    });
    render(true, {
      'travel.checklist': () => checklist('todo'),
      'travel.tick': async () => {
        await refused;
        throw apiError('CONFLICT', 'Malaysia Digital Arrival Card (MDAC) can be submitted from 15 Dec 2026');
      },
    });
    const box = (await screen.findByRole('checkbox', {
      name: 'Malaysia Digital Arrival Card (MDAC)',
    })) as HTMLInputElement;
    expect(screen.getByRole('link', { name: /Official page/ }).getAttribute('href')).toBe(LINK);
    fireEvent.click(box);
    await waitFor(() => expect(box.checked).toBe(true));
    refuse();
    expect(
      await screen.findByText('Malaysia Digital Arrival Card (MDAC) can be submitted from 15 Dec 2026'),
    ).toBeTruthy();
    await waitFor(() => expect(box.checked).toBe(false));
  });
});
