/**
 * "2 of 4 paid" on the organiser's cards in My Rides (docs/payments.md#status): one query for all
 * of the organiser's locked rides; nothing shows before a ride's price locks.
 */
import { Badge } from '@mantine/core';

import { trpc } from '../../lib/trpc';
import { paidText } from './use-payments';

export function PaidCount({ rideId }: { rideId: number }) {
  const progress = trpc.payment.progress.useQuery(undefined, { staleTime: 30_000 });
  const entry = progress.data?.find((item) => item.rideId === rideId);
  if (!entry) return null;
  const done = entry.paid === entry.total;
  return (
    <Badge color={done ? 'green' : 'yellow'} variant="light" data-testid="paid-count">
      {paidText(entry.paid, entry.total)}
    </Badge>
  );
}
