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

export function OfflineNotice() {
  const fetchedAt = useSyncExternalStore(subscribeKeptCopyTime, keptCopyTime, () => null);
  if (fetchedAt === null) return null;
  return (
    <Alert role="status" color="yellow" variant="light" title={offlineNoticeText(fetchedAt)}>
      You are offline. Changes can be made once the connection is back.
    </Alert>
  );
}
