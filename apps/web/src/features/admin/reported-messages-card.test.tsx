import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../test-utils';
import { ReportedMessagesCard } from './reported-messages-card';

const REPORT = {
  id: 4,
  reason: 'Asks for my bank PIN',
  createdAt: '2031-03-01T03:00:00.000Z',
  reporter: { name: 'Paul' },
  ride: { id: 7, label: 'Singapore to Forest City · Wed, 5 Mar 2031, 10:00 am' },
  message: {
    id: 11,
    rideId: 7,
    author: { id: 3, name: 'Rita', role: 'passenger' as const, discordVerified: false },
    body: 'send me your bank PIN',
    createdAt: '2031-03-01T02:00:00.000Z',
    deleted: false,
  },
};

describe('ReportedMessagesCard', () => {
  it('shows each report with its message, and deletes the message or dismisses the report', async () => {
    let open = [REPORT];
    const { calls } = renderWithProviders(<ReportedMessagesCard />, {
      api: {
        'message.reports': () => open,
        'message.delete': (input) => {
          open = [];
          return { ...REPORT.message, ...input, id: input.messageId, body: null, deleted: true };
        },
        'message.dismissReport': (input) => ({ id: input.reportId }),
      },
    });
    const card = within(await screen.findByRole('region', { name: 'Reported messages' }));
    expect(await card.findByText('send me your bank PIN')).toBeTruthy();
    expect(card.getByText(/Reported by Paul: Asks for my bank PIN/)).toBeTruthy();
    expect(card.getByRole('link', { name: REPORT.ride.label }).getAttribute('href')).toBe('/rides/7');
    fireEvent.click(card.getByRole('button', { name: 'Delete message' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === 'message.delete')?.input).toEqual({ rideId: 7, messageId: 11 }),
    );
    expect(await card.findByText('No reported messages.')).toBeTruthy();
  });

  it('shows a message its author or the organiser deleted as reported, marked, with only Dismiss report', async () => {
    const deleted = { ...REPORT, message: { ...REPORT.message, deleted: true } };
    const { calls } = renderWithProviders(<ReportedMessagesCard />, {
      api: {
        'message.reports': () => [deleted],
        'message.dismissReport': (input) => ({ id: input.reportId }),
      },
    });
    const card = within(await screen.findByRole('region', { name: 'Reported messages' }));
    expect(await card.findByText('send me your bank PIN')).toBeTruthy();
    expect(card.getByText('Deleted from the chat')).toBeTruthy();
    expect(card.queryByRole('button', { name: 'Delete message' })).toBeNull();
    fireEvent.click(card.getByRole('button', { name: 'Dismiss report' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === 'message.dismissReport')?.input).toEqual({ reportId: 4 }),
    );
  });
});
