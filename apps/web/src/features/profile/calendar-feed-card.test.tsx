import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { apiError, mockClipboard, renderWithProviders, type ApiCall, type ApiHandlers } from '../../test-utils';
import { CalendarFeedCard } from './calendar-feed-card';

const URL_1 = 'http://127.0.0.1:3000/api/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics';
const URL_2 = 'http://127.0.0.1:3000/api/calendar/BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB.ics';
const CREATED = '2026-11-21T07:30:00.000Z';

const writeText = mockClipboard();

const render = (api: ApiHandlers) => renderWithProviders(<CalendarFeedCard />, { api });
const callsTo = (calls: ApiCall[], path: string) => calls.filter((call) => call.path === path);
const status = () => screen.getByTestId('calendar-feed-status').textContent;

/** Clicks a button as a keyboard user would reach it: focused first. */
function press(button: HTMLElement) {
  button.focus();
  fireEvent.click(button);
}

/**
 * Asserts focus lands on `element` and stays there past the confirmation dialog's focus return
 * (Mantine puts focus back on the control that opened it in a timer a moment after it closes):
 * the timers still pending, that one included, are run before the second look.
 */
async function expectFocusSettledOn(element: HTMLElement) {
  await waitFor(() => expect(document.activeElement).toBe(element));
  act(() => {
    vi.runOnlyPendingTimers();
  });
  expect(document.activeElement).toBe(element);
}

// Timers still advance with the clock (waitFor and the mocked API need them); the focus return's
// can also be run at once.
beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => vi.useRealTimers());

describe('CalendarFeedCard', () => {
  it('shows a loading state, then offers to create a link when there is none', async () => {
    render({ 'user.calendarFeed': () => ({ active: false, createdAt: null }) });
    expect(screen.getByRole('status', { name: 'Loading calendar feed...' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Create feed link' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Calendar feed' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Rotate link' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Turn off' })).toBeNull();
  });

  it('creates a link and shows it once, read-only, with Copy', async () => {
    const { calls } = render({
      'user.calendarFeed': () => ({ active: false, createdAt: null }),
      'user.rotateCalendarFeed': () => ({ url: URL_1, createdAt: CREATED }),
    });
    press(await screen.findByRole('button', { name: 'Create feed link' }));
    const field = (await screen.findByLabelText('Your calendar feed link')) as HTMLInputElement;
    expect(field.value).toBe(URL_1);
    expect(field.readOnly).toBe(true);
    expect(status()).toBe('Feed link created.');
    // The button that had focus is gone: focus moves to the new link, selected for copying.
    await expectFocusSettledOn(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, URL_1.length]);
    expect(callsTo(calls, 'user.rotateCalendarFeed')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(URL_1));
    expect(await screen.findByText('Calendar feed link copied to clipboard')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Rotate link' })).toBeTruthy();
  });

  it('says an existing feed is on without showing any link, and rotates only after confirming', async () => {
    const { calls } = render({
      'user.calendarFeed': () => ({ active: true, createdAt: CREATED }),
      'user.rotateCalendarFeed': () => ({ url: URL_2, createdAt: CREATED }),
    });
    expect(await screen.findByText(/Your feed link is on/)).toBeTruthy();
    expect(screen.getByText('Sat, 21 Nov 2026, 3:30 pm')).toBeTruthy();
    expect(screen.queryByLabelText('Your calendar feed link')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Rotate link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rotate your feed link?' });
    expect(within(dialog).getByText(/The old link stops working at once/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(calls, 'user.rotateCalendarFeed')).toHaveLength(0);

    press(screen.getByRole('button', { name: 'Rotate link' }));
    const again = await screen.findByRole('dialog', { name: 'Rotate your feed link?' });
    press(within(again).getByRole('button', { name: 'Rotate link' }));
    const field = (await screen.findByLabelText('Your calendar feed link')) as HTMLInputElement;
    expect(field.value).toBe(URL_2);
    expect(status()).toBe('New feed link created; the old link no longer works.');
    // Focus goes to the new link, not back to 'Rotate link'.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expectFocusSettledOn(field);
    expect(callsTo(calls, 'user.rotateCalendarFeed')).toHaveLength(1);
  });

  it('turns the feed off after confirming', async () => {
    const { calls } = render({
      'user.calendarFeed': () => ({ active: true, createdAt: CREATED }),
      'user.disableCalendarFeed': () => ({ active: false }),
    });
    press(await screen.findByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off your calendar feed?' });
    press(within(dialog).getByRole('button', { name: 'Turn off' }));
    const create = await screen.findByRole('button', { name: 'Create feed link' });
    expect(status()).toBe('Calendar feed turned off.');
    // 'Turn off', which opened the dialog, is gone: focus moves to 'Create feed link'.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expectFocusSettledOn(create);
    expect(callsTo(calls, 'user.disableCalendarFeed')).toHaveLength(1);
  });

  it('shows a failed load with Try again', async () => {
    let fail = true;
    render({
      'user.calendarFeed': () => {
        if (fail) throw apiError('INTERNAL_SERVER_ERROR', 'Internal server error');
        return { active: false, createdAt: null };
      },
    });
    expect(await screen.findByText('Could not load your calendar feed')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Create feed link' })).toBeTruthy();
  });

  it('shows a refused change as an error toast and keeps the card as it was', async () => {
    render({
      'user.calendarFeed': () => ({ active: false, createdAt: null }),
      'user.rotateCalendarFeed': () => {
        throw apiError('UNAUTHORIZED', 'You must be logged in', 'UNAUTHENTICATED');
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Create feed link' }));
    expect(await screen.findByText('You must be logged in')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create feed link' })).toBeTruthy();
    expect(screen.queryByLabelText('Your calendar feed link')).toBeNull();
  });
});
