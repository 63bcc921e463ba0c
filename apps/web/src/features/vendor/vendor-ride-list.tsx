/**
 * `VendorRideList`: one tab of the vendor dashboard: a spinner while the rides load, a red notice
 * with 'Try again' when they could not be loaded, `emptyText` when there are none, otherwise a grid
 * of cards drawn by `renderCard` (one column on a phone, two on a tablet, three on a desktop).
 */
import { Center, Loader, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';

import { LoadErrorAlert } from '../../components/load-error-alert';
import type { VendorRide } from '../../lib/api-types';

export interface VendorRideListProps {
  rides: VendorRide[] | undefined;
  isLoading: boolean;
  error: unknown;
  isFetching: boolean;
  onRetry: () => void;
  loadingLabel: string;
  errorTitle: string;
  emptyText: string;
  renderCard: (ride: VendorRide) => ReactNode;
}

export function VendorRideList({
  rides,
  isLoading,
  error,
  isFetching,
  onRetry,
  loadingLabel,
  errorTitle,
  emptyText,
  renderCard,
}: VendorRideListProps) {
  if (isLoading) {
    return (
      <Center py="xl" role="status" aria-label={loadingLabel}>
        <Loader />
      </Center>
    );
  }
  if (!rides) {
    return <LoadErrorAlert title={errorTitle} error={error} onRetry={onRetry} retrying={isFetching} />;
  }
  if (rides.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {emptyText}
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      {rides.map((ride) => (
        <div key={ride.id}>{renderCard(ride)}</div>
      ))}
    </SimpleGrid>
  );
}
