/**
 * Toasts. The product shows one toast at a time (docs/product.md#costs-and-constants), so a new toast replaces the one on screen instead of
 * queueing behind it (the Notifications host in main.tsx has `limit={1}` and 5000 ms autoClose).
 *
 * - `notifySuccess(title, message?)`: green, for completed actions ('Ride created successfully').
 * - `notifyError(title, message?)`: red ("destructive"), for failures ('Login failed').
 */
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';

type Tone = 'success' | 'error';

function show(tone: Tone, title: ReactNode, message?: ReactNode): string {
  notifications.clean();
  return notifications.show({
    title,
    // Mantine requires a body; a title-only toast repeats nothing and stays readable.
    message: message ?? '',
    color: tone === 'error' ? 'red' : 'teal',
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
