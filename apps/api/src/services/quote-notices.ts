/**
 * What the organiser is told of a vendor's quotes (docs/vendors.md#quote-notices): one unread
 * 'quote_received' notice per vendor and ride, replaced by the vendor's next quote and taken back
 * when the vendor withdraws, and a phone notification at most once in QUOTE_PUSH_EVERY_MINUTES per
 * vendor and ride (the rest are written quiet), so a vendor cycling quote → withdraw cannot buzz
 * the organiser's phone. The caller holds the ride's lock, inside the quote's transaction.
 */
import type { Database } from '@rideshare/db';
import { QUOTE_PUSH_EVERY_MINUTES } from '@rideshare/domain';
import type { Transaction } from 'kysely';

import { publishUserEvent } from '../events/publish';
import { countAction } from '../repositories/action-limit-repository';
import { foldRideNotifications, unfoldRideNotifications } from '../repositories/notification-repository';
import type { LockedRide } from '../repositories/ride-repository';

/** The action-limit bucket that spaces the organiser's phone notifications of one vendor's quotes. */
const QUOTE_PUSH_BUCKET = 'quoteNoticePush';

/** The organiser's one notice of `vendorId`'s quote on the ride; loud only once per window. */
export async function tellOrganiserOfQuote(
  trx: Transaction<Database>,
  ride: Pick<LockedRide, 'id' | 'creatorId' | 'direction' | 'date'>,
  quote: { vendorId: number; detail: string; now: Date },
): Promise<void> {
  const { count } = await countAction(trx, {
    bucket: QUOTE_PUSH_BUCKET,
    key: `${String(ride.creatorId)}:${String(ride.id)}:${String(quote.vendorId)}`,
    now: quote.now,
    windowMs: QUOTE_PUSH_EVERY_MINUTES * 60_000,
  });
  await foldRideNotifications(
    trx,
    [ride.creatorId],
    {
      kind: 'quote_received',
      rideId: ride.id,
      rideDirection: ride.direction,
      rideDate: ride.date,
      detail: quote.detail,
    },
    { about: quote.vendorId, quiet: count > 1 },
  );
  await publishUserEvent(trx, 'notifications.changed', ride.creatorId, ride.id);
}

/** The vendor withdrew: its unread notice to the organiser goes (a read one stays, as read). */
export async function takeBackQuoteNotice(
  trx: Transaction<Database>,
  ride: Pick<LockedRide, 'id' | 'creatorId'>,
  vendorId: number,
): Promise<void> {
  const removed = await unfoldRideNotifications(
    trx,
    [ride.creatorId],
    { kind: 'quote_received', rideId: ride.id },
    { about: vendorId },
  );
  if (removed > 0) await publishUserEvent(trx, 'notifications.changed', ride.creatorId, ride.id);
}
