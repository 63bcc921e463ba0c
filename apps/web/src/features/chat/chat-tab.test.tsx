import type { ChatMessage } from '@rideshare/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { apiError, inDays, renderWithProviders, type ApiHandlers } from '../../test-utils';
import { mediaQueryList } from '../../test-utils/media-query';
import { PHYSICAL_KEYBOARD_QUERY } from './chat-composer';
import { ChatTab } from './chat-tab';

const RIDE = { id: 7, creatorId: 1, status: 'open', date: inDays(3), cancelledAt: null };

const message = (id: number, over: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  rideId: 7,
  author: { id: 1, name: 'Olivia', role: 'organizer', discordVerified: true },
  body: `message ${String(id)}`,
  createdAt: '2031-03-01T02:05:00.000Z',
  deleted: false,
  ...over,
});

const THREAD = [
  message(1),
  message(2, {
    author: { id: 2, name: 'Paul', role: 'passenger', discordVerified: false },
    body: 'On my way\nsee you',
  }),
  message(3, {
    author: { id: 9, name: 'Acme Cabs', role: 'vendor', discordVerified: false },
    body: null,
    deleted: true,
  }),
];

function render(viewerId: number, api: ApiHandlers = {}) {
  return renderWithProviders(<ChatTab ride={RIDE} viewerId={viewerId} />, {
    api: {
      'message.list': () => ({ items: THREAD, nextBefore: null }),
      'message.markRead': () => ({ rideId: 7, unread: 0 }),
      'message.unread': () => [],
      ...api,
    },
  });
}

afterEach(() => window.sessionStorage.clear());

describe('ChatTab', () => {
  it('shows the thread oldest first with roles, Singapore times and the deleted stub, and reads it', async () => {
    const { calls } = render(2);
    const items = await screen.findAllByTestId('chat-message');
    const [first, second, third] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(items.map((item) => item.getAttribute('data-message-id'))).toEqual(['1', '2', '3']);
    expect(within(first).getByText('Organizer')).toBeTruthy();
    expect(within(second).getByText('You')).toBeTruthy();
    expect(within(third).getByText('Driver')).toBeTruthy();
    expect(within(third).getByText('message deleted')).toBeTruthy();
    // Olivia's name is her verified Discord name (docs/sign-in.md#verified); the vendor's is not.
    expect(within(first).getByTestId('verified-mark')).toBeTruthy();
    expect(within(third).queryByTestId('verified-mark')).toBeNull();
    // 02:05 UTC is 10:05 am in Singapore, whatever the machine's zone.
    expect(within(first).getByText('Sat, 1 Mar 2031, 10:05 am')).toBeTruthy();
    await waitFor(() => expect(calls.some((call) => call.path === 'message.markRead')).toBe(true));
  });

  it('offers delete on one’s own messages and report on others’; the organiser deletes any', async () => {
    render(2);
    await screen.findAllByTestId('chat-message');
    expect(screen.getAllByRole('button', { name: /^Delete message/ })).toHaveLength(1);
    expect(screen.getByRole('button', { name: /^Report message from Olivia/ })).toBeTruthy();
  });

  it('reports someone else’s message with a reason', async () => {
    const { calls } = render(2, {
      'message.report': (input) => ({ id: 1, messageId: input.messageId, alreadyReported: false }),
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Report message from Olivia/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Report message' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Send report' }));
    expect(await dialog.findByText('Say why you are reporting this message')).toBeTruthy();
    fireEvent.change(dialog.getByRole('textbox', { name: /Reason/ }), { target: { value: 'Rude' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Send report' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === 'message.report')?.input).toEqual({
        rideId: 7,
        messageId: 1,
        reason: 'Rude',
      }),
    );
  });

  it('lets the organiser delete someone else’s message, once they confirm', async () => {
    const { calls } = render(1, {
      'message.delete': (input) => ({ ...message(2), ...input, body: null, deleted: true }),
    });
    await screen.findAllByTestId('chat-message');
    fireEvent.click(screen.getByRole('button', { name: /^Delete message from Paul/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete this message?' }));
    expect(dialog.getByText(/in place of Paul’s message/)).toBeTruthy();
    // Asking deletes nothing.
    expect(calls.some((call) => call.path === 'message.delete')).toBe(false);
    fireEvent.click(dialog.getByRole('button', { name: 'Delete message' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === 'message.delete')?.input).toEqual({ rideId: 7, messageId: 2 }),
    );
  });

  it('a delete asks first, and Cancel leaves the message as it is', async () => {
    const { calls } = render(2, {
      'message.delete': (input) => ({ ...message(2), ...input, body: null, deleted: true }),
    });
    await screen.findAllByTestId('chat-message');
    fireEvent.click(screen.getByRole('button', { name: /^Delete message from you/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete this message?' }));
    expect(dialog.getByText(/This cannot be undone/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete this message?' })).toBeNull());
    expect(calls.some((call) => call.path === 'message.delete')).toBe(false);
    expect(screen.getByText(/On my way/)).toBeTruthy();
  });

  it('keeps the draft across a remount and sends the trimmed message', async () => {
    const sent: unknown[] = [];
    const first = render(2, { 'message.send': (input) => (sent.push(input), message(4, { body: input.body })) });
    fireEvent.change(await screen.findByLabelText('Message'), { target: { value: '  Running late  ' } });
    first.unmount();
    render(2, { 'message.send': (input) => (sent.push(input), message(4, { body: input.body })) });
    const box = await screen.findByLabelText<HTMLTextAreaElement>('Message');
    expect(box.value).toBe('  Running late  ');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent).toEqual([{ rideId: 7, body: 'Running late' }]));
    await waitFor(() => expect(box.value).toBe(''));
  });

  it('names Ctrl+Enter only where a physical keyboard is likely (a fine pointer that hovers)', async () => {
    const phone = vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => mediaQueryList(query, false));
    const first = render(2);
    await screen.findByRole('textbox', { name: 'Message' });
    expect(screen.queryByText('Ctrl+Enter sends')).toBeNull();
    first.unmount();
    phone.mockRestore();
    const desk = vi
      .spyOn(window, 'matchMedia')
      .mockImplementation((query: string) => mediaQueryList(query, query === PHYSICAL_KEYBOARD_QUERY));
    render(2);
    expect(await screen.findByText('Ctrl+Enter sends')).toBeTruthy();
    desk.mockRestore();
  });

  it('refuses an empty message with the rule, and shows the server’s refusal', async () => {
    const flood = 'You are sending messages too fast: at most 20 a minute. Try again in 30 seconds.';
    render(2, {
      'message.send': () => {
        throw apiError('TOO_MANY_REQUESTS', flood, 'RATE_LIMITED');
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Write a message (1 to 1000 characters)')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(flood)).toBeTruthy();
    expect(screen.getByLabelText<HTMLTextAreaElement>('Message').value).toBe('hello');
  });

  it('shows the read-only note instead of the composer once the ride is long over', async () => {
    renderWithProviders(<ChatTab ride={{ ...RIDE, status: 'completed', date: inDays(-10) }} viewerId={2} />, {
      api: {
        'message.list': () => ({ items: THREAD, nextBefore: null }),
        'message.markRead': () => ({ rideId: 7, unread: 0 }),
      },
    });
    expect(await screen.findByText('This ride ended more than 7 days ago: its chat is read-only')).toBeTruthy();
    expect(screen.queryByLabelText('Message')).toBeNull();
  });
});
