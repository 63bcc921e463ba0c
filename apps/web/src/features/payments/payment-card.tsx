/**
 * `PaymentCard` (ride page; docs/payments.md): "needs N more to go" while a minimum is not reached;
 * before the price locks, when it will; after, the rider's own share (with the PayNow QR code) or
 * the organiser's table. Loading, error and empty states included.
 */
import { Card, Stack, Text, Title } from '@mantine/core';
import { LoadingBlock } from '../../components/loading-block';
import { formatRideDate, isCancelled, passengersStillNeeded } from '@rideshare/domain';

import { LoadErrorAlert } from '../../components/load-error-alert';
import { trpc } from '../../lib/trpc';
import type { RideDetail } from '../../lib/api-types';
import { OrganiserPayments } from './organiser-payments';
import { RiderPayment } from './rider-payment';

/** "Needs 2 more to go" (docs/payments.md#minimum), or null once reached or without a minimum. */
export function minimumText(ride: Pick<RideDetail, 'minPassengers' | 'currentPassengers'>): string | null {
  const needed = passengersStillNeeded(ride);
  return needed > 0 ? `Needs ${String(needed)} more to go` : null;
}

function PaymentTable({ ride, viewerId }: { ride: RideDetail; viewerId: number }) {
  const table = trpc.payment.list.useQuery({ rideId: ride.id });
  if (table.isLoading) return <LoadingBlock height={96} radius="md" label="Loading payments..." />;
  if (table.error || !table.data) {
    return (
      <LoadErrorAlert
        title="Could not load the payments"
        error={table.error}
        onRetry={() => void table.refetch()}
        retrying={table.isFetching}
        retryVariant="light"
      />
    );
  }
  if (table.data.isOrganiser) return <OrganiserPayments table={table.data} organiserId={viewerId} />;
  const mine = table.data.payments[0];
  if (!mine) {
    // Only for a moment: a join after the lock gets its share in the same step (docs/payments.md#after-the-lock).
    return <Text size="sm">Your share is being set: it shows here in a moment.</Text>;
  }
  return <RiderPayment rideId={ride.id} row={mine} departure={ride.date} />;
}

export function PaymentCard({
  ride,
  viewerId,
  inParty,
}: {
  ride: RideDetail;
  viewerId: number | null;
  inParty: boolean;
}) {
  if (isCancelled(ride)) return null;
  const minimum = minimumText(ride);
  const locked = ride.priceLockedAt !== null;
  if (!inParty && !minimum) return null;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="payment-card-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="payment-card-title">
          Payment
        </Title>
        {minimum ? (
          <Text fw={600} c="orange.9" data-testid="minimum-note">
            {minimum}
          </Text>
        ) : null}
        {inParty && viewerId !== null ? (
          locked ? (
            <>
              <Text size="sm" c="dimmed" data-testid="price-locked">
                Price locked {formatRideDate(ride.priceLockedAt ?? ride.date)}: each join splits the total again; a
                share goes up only if the organizer changes the price, and everyone affected is told why.
              </Text>
              <PaymentTable ride={ride} viewerId={viewerId} />
            </>
          ) : (
            <Text size="sm" data-testid="price-estimate">
              The price is an estimate until it locks before departure; then everyone&apos;s share is fixed to the cent.
            </Text>
          )
        ) : null}
      </Stack>
    </Card>
  );
}
