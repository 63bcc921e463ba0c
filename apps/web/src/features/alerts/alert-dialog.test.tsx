import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiError, renderWithProviders, type ApiHandlers } from '../../test-utils';
import { NotifyMeButton } from './notify-me-button';

const CREATED = {
  id: 1,
  direction: 'FC->SG' as const,
  fromDate: '2099-01-01',
  toDate: '2099-01-14',
  weekdays: null,
  earliestTime: null,
  latestTime: null,
  createdAt: '2026-11-27T02:00:00.000Z',
};

const render = (api: ApiHandlers, direction: 'all' | 'FC->SG' = 'FC->SG') =>
  renderWithProviders(<NotifyMeButton direction={direction} />, { api });

async function openDialog() {
  fireEvent.click(screen.getByRole('button', { name: 'Notify me of rides like this' }));
  return screen.findByRole('dialog', { name: 'Notify me of rides like this' });
}

describe('NotifyMeButton and its dialog', () => {
  it('takes the list’s direction and sends the chosen days and times', async () => {
    const { calls } = render({ 'alert.create': () => CREATED });
    const dialog = await openDialog();
    expect((within(dialog).getByRole('radio', { name: 'Forest City to Singapore' }) as HTMLInputElement).checked).toBe(
      true,
    );
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Mon' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Fri' }));
    fireEvent.change(within(dialog).getByLabelText('Earliest departure (optional)'), { target: { value: '07:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save alert' }));

    expect(await screen.findByText('Alert saved')).toBeTruthy();
    const sent = calls.filter((call) => call.path === 'alert.create').map((call) => call.input);
    expect(sent).toMatchObject([{ direction: 'FC->SG', weekdays: [1, 5], earliestTime: '07:00', latestTime: '' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('starts from Singapore to Forest City when the list shows both directions', async () => {
    render({}, 'all');
    const dialog = await openDialog();
    expect((within(dialog).getByRole('radio', { name: 'Singapore to Forest City' }) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it('shows the server’s refusal in the dialog and keeps it open', async () => {
    render({
      'alert.create': () => {
        throw apiError(
          'CONFLICT',
          'You already have 10 live alerts, the most allowed: delete one first',
          'ALERT_LIMIT_REACHED',
        );
      },
    });
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save alert' }));
    const refusal = await within(dialog).findByRole('alert');
    expect(refusal.textContent).toContain('You already have 10 live alerts, the most allowed: delete one first');
    expect(screen.getByRole('dialog', { name: 'Notify me of rides like this' })).toBeTruthy();
  });
});
