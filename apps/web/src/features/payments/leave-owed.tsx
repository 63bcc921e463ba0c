/**
 * The Leave dialog's sentence about money (docs/payments.md#still-owed): before the rider leaves,
 * what leaving will leave them owing and to whom ("You will still owe SGD 30 to Ana unless they
 * waive it"), from their own payment row once the price is locked; plainly that nothing is owed
 * otherwise. The row comes from the same query as the ride page's payment card.
 */
import { Text } from '@mantine/core';
import { formatSgd, leaveOwedSentence, organizerName, stillOwedOn, type OwedOnLeaving } from '@rideshare/domain';

import type { RideDetail } from '../../lib/api-types';
import { trpc } from '../../lib/trpc';

export function LeaveOwedNote({ ride }: { ride: RideDetail }) {
  const locked = ride.priceLockedAt !== null;
  const table = trpc.payment.list.useQuery({ rideId: ride.id }, { enabled: locked });
  if (locked && table.isLoading) {
    return (
      <Text size="sm" c="dimmed" role="status">
        Checking what you would still owe...
      </Text>
    );
  }
  if (locked && (table.error || !table.data)) {
    return (
      <Text size="sm" c="orange.9" data-testid="leave-owed">
        Your share could not be read. After the price locked, a rider who leaves still owes their share unless the
        organizer waives it.
      </Text>
    );
  }
  const rows = table.data?.payments ?? [];
  // The rider's current row (one kept from an earlier entry they left is not this seat).
  const mine = rows.find((row) => !row.left);
  const owing: OwedOnLeaving =
    locked && mine
      ? { locked: true, owed: stillOwedOn(mine), to: organizerName(ride.creator ?? { name: ride.creatorName }) }
      : { locked: false };
  const owed = owing.locked && owing.owed > 0;
  return (
    <Text size="sm" fw={owed ? 600 : undefined} c={owed ? 'orange.9' : undefined} data-testid="leave-owed">
      {leaveOwedSentence(owing)}
    </Text>
  );
}

/** The toast's words after leaving, from the leave's own answer. */
export function leftOwingText(answer: { stillOwed: number | null; owedTo: string | null }): string {
  if (answer.stillOwed !== null && answer.stillOwed > 0 && answer.owedTo) {
    return `You have left the ride. You still owe ${formatSgd(answer.stillOwed)} to ${answer.owedTo}: it stays on My Rides until it is paid or waived.`;
  }
  return 'You have left the ride.';
}
