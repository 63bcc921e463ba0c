/**
 * What a party still owes after leaving a locked ride, for the leave's answer
 * (docs/payments.md#still-owed): their kept row's amount due less what they paid, owed to the
 * organiser. Read in the leave's own transaction, after the row was kept.
 */
import type { Db } from '@rideshare/db';
import { stillOwedOn } from '@rideshare/domain';

import { findPayee, listPayments } from '../repositories/payment-repository';
import type { z } from 'zod';
import type { passengerRemovedOutput } from '../routers/passenger.outputs';

export type StillOwed = Pick<z.output<typeof passengerRemovedOutput>, 'stillOwed' | 'owedTo'>;

export async function stillOwedAfterLeaving(
  db: Db,
  ride: { id: number; creatorId: number },
  passengerId: number,
): Promise<StillOwed> {
  const row = (await listPayments(db, ride.id)).find(
    (payment) => payment.passengerId === passengerId && payment.leftAt !== null,
  );
  if (!row) return { stillOwed: null, owedTo: null };
  const owed = stillOwedOn({
    amountDue: row.amountDueCents / 100,
    status: row.status,
    paid: row.paidCents / 100,
    topUpDue: row.topUpDueCents / 100,
  });
  if (owed <= 0) return { stillOwed: 0, owedTo: null };
  const organiser = await findPayee(db, ride.creatorId);
  return { stillOwed: owed, owedTo: organiser?.name ?? null };
}
