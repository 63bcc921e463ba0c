/**
 * Toasts. The product shows one toast at a time (docs/product.md#costs-and-constants), so a new toast replaces the one on screen instead of
 * queueing behind it (the Notifications host in main.tsx has `limit={1}` and 5000 ms autoClose).
 *
 * - `notifySuccess(title, message?)`: green, for completed actions ('Ride created successfully').
 * - `notifyError(title, message?)`: red ("destructive"), for refusals and failures only ('Login failed').
 * - `notifyInfo(title, message?)`: blue, for routine notices that are neither ('Contact not
 *   available', 'Confirm Deletion'): nothing went wrong, so nothing is red.
 */
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';

type Tone = 'success' | 'error' | 'info';

const TONE_COLORS: Record<Tone, string> = { success: 'teal', error: 'red', info: 'blue' };

function show(tone: Tone, title: ReactNode, message?: ReactNode): string {
  notifications.clean();
  return notifications.show({
    title,
    // Mantine requires a body; a title-only toast repeats nothing and stays readable.
    message: message ?? '',
    color: TONE_COLORS[tone],
    withBorder: true,
    // Focusable so F8 (app-providers.tsx) can move keyboard focus onto it.
    tabIndex: -1,
    'data-tone': tone,
  });
}

export function notifySuccess(title: ReactNode, message?: ReactNode): string {
  return show('success', title, message);
}

export function notifyError(title: ReactNode, message?: ReactNode): string {
  return show('error', title, message);
}

export function notifyInfo(title: ReactNode, message?: ReactNode): string {
  return show('info', title, message);
}
