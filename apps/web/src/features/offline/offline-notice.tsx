/**
 * "Offline: last updated …" above a page whose data came from the service worker's kept copy
 * (docs/product.md#offline-rides); nothing while reads are live.
 */
import { Alert } from '@mantine/core';
import { formatRideDate } from '@rideshare/domain';
import { useSyncExternalStore } from 'react';

import { keptCopyTime, subscribeKeptCopyTime } from './service-worker';

export function offlineNoticeText(fetchedAt: string): string {
  const time = new Date(fetchedAt);
  return Number.isNaN(time.getTime())
    ? 'Offline: showing the copy kept on this device'
    : `Offline: last updated ${formatRideDate(time)}`;
}

/** When the kept copy on screen was fetched (an HTTP date), or null while reads are live. */
export function useKeptCopyTime(): string | null {
  return useSyncExternalStore(subscribeKeptCopyTime, keptCopyTime, () => null);
}

export function OfflineNotice() {
  const fetchedAt = useKeptCopyTime();
  if (fetchedAt === null) return null;
  return (
    <Alert role="status" color="yellow" variant="light" title={offlineNoticeText(fetchedAt)}>
      You are offline. Changes can be made once the connection is back.
    </Alert>
  );
}
