/**
 * The money notices a rider gets (docs/payments.md#quiet): the price locked with their share, their
 * share changed, the day-before reminder. Within MONEY_NOTICE_FOLD_MINUTES a newer one replaces the
 * rider's unread money notice about the same ride instead of piling up, through the shared folded
 * notices (docs/architecture.md#folded-notifications). And the organiser's notice of a rider's marks
 * (docs/payments.md#mark-notices): one unread per rider and ride, on the phone at most once per
 * MONEY_NOTICE_FOLD_MINUTES.
 */
import type { Database } from '@rideshare/db';
import type { NotificationKind } from '@rideshare/domain';
import type { Transaction } from 'kysely';

import { publishUserEvent } from '../events/publish';
import { deleteUnreadRideNotices, foldRideNotifications } from '../repositories/notification-repository';
import { findMarkNotice, replaceMarkNotification, saveMarkNotice } from '../repositories/payment-notice-repository';
import type { NotifiedRide } from './ride-notifications';

/** The window within which a rider's money notices about one ride are coalesced. */
export const MONEY_NOTICE_FOLD_MINUTES = 10;

/** The notices about a rider's own share; the organiser's `payment_marked` is not among them. */
export const RIDER_MONEY_KINDS = ['price_locked', 'payment_amount_changed', 'payment_reminder'] as const;
export type RiderMoneyKind = (typeof RIDER_MONEY_KINDS)[number];

/**
 * Tells one rider about their share on `ride`: their unread money notices about it written within
 * the window (of any money kind) give way to this one.
 */
export async function tellRiderAboutMoney(
  trx: Transaction<Database>,
  userId: number,
  ride: NotifiedRide,
  notice: { kind: RiderMoneyKind; detail: string; now: Date },
): Promise<void> {
  const since = new Date(notice.now.getTime() - MONEY_NOTICE_FOLD_MINUTES * 60_000);
  const others: NotificationKind[] = RIDER_MONEY_KINDS.filter((kind) => kind !== notice.kind);
  await deleteUnreadRideNotices(trx, { userId, rideId: ride.id, kinds: others, since });
  // Written at the injected clock, so the window is measured on the same clock as `since`.
  const folded = {
    kind: notice.kind,
    rideId: ride.id,
    rideDirection: ride.direction,
    rideDate: ride.date,
    detail: notice.detail,
    createdAt: notice.now,
  };
  await foldRideNotifications(trx, [userId], folded, { since });
  await publishUserEvent(trx, 'notifications.changed', userId, ride.id);
}

/**
 * Tells the organiser that a rider marked their share paid (`payment_marked`, detail "Ben · SGD 30.00
 * · Revolut"): the organiser's unread notice of that rider's marks on this ride gives way to this
 * one, whatever the method, and it reaches the phone only when none did within the window. The
 * caller holds the ride row's lock.
 */
export async function tellOrganiserOfMark(
  trx: Transaction<Database>,
  ride: NotifiedRide & { creatorId: number },
  mark: { riderId: number; detail: string; now: Date },
): Promise<void> {
  const previous = await findMarkNotice(trx, ride.id, mark.riderId);
  const windowMs = MONEY_NOTICE_FOLD_MINUTES * 60_000;
  const loud = !previous?.pushedAt || mark.now.getTime() - previous.pushedAt.getTime() >= windowMs;
  const notificationId = await replaceMarkNotification(trx, {
    userId: ride.creatorId,
    replaced: previous?.unreadNotificationId ?? null,
    notification: {
      kind: 'payment_marked',
      rideId: ride.id,
      rideDirection: ride.direction,
      rideDate: ride.date,
      detail: mark.detail,
    },
    quiet: !loud,
    now: mark.now,
  });
  await saveMarkNotice(trx, {
    rideId: ride.id,
    riderId: mark.riderId,
    notificationId,
    pushedAt: loud ? mark.now : null,
  });
  await publishUserEvent(trx, 'notifications.changed', ride.creatorId, ride.id);
}
