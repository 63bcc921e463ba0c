/**
 * The words of one notification: a sentence built from its kind, the ride's direction and departure
 * as they were when it was written, and its `detail` (a reason, a company, a time). Dates read the
 * product's way (`formatRideDate`: en-SG, 12-hour, Singapore time). The inbox and the phone
 * notifications (docs/product.md#phone-notifications) both say it with this.
 *
 * @example notificationSentence({ kind: 'ride_cancelled', rideDirection: 'SG->FC',
 *   rideDate: '2025-12-01T02:00:00Z', detail: 'Car broke down' })
 *   // 'Your ride SG → FC on Mon, 1 Dec 2025, 10:00 am was cancelled: Car broke down'
 */
import { checklistItemShortName } from './border-reminders';
import { isChecklistItemId } from './border-rules';
import type { Direction } from './constants';
import type { NotificationKind } from './notifications';
import { paymentSentence } from './payment-notification-text';
import { unreadMessageCount } from './messages';
import { orderWords } from './sequence';
import { formatRideDate, formatRideDateOnly } from './time';

/** The fields of a notification its sentence is made of (dates as ISO strings). */
export interface NotificationFields {
  kind: NotificationKind;
  rideDirection: Direction | null;
  rideDate: string | null;
  detail: string | null;
}

const ROUTES: Record<Direction, string> = {
  'SG->FC': 'SG → FC',
  'FC->SG': 'FC → SG',
};

/** What the account notice says: someone guessed, strangers' browsers wait, the member's do not. */
export const SIGN_IN_GUESSING_SENTENCE =
  'Many wrong passwords for your account were tried from different places. Browsers that never signed in to it must now wait before trying again; the ones you use are not affected. If this worries you, change your password.';

export function notificationSentence(item: NotificationFields): string {
  const detail = item.detail?.trim() ? item.detail.trim() : null;
  // Decisions on a vendor account are about no ride.
  switch (item.kind) {
    case 'vendor_application':
      return `New vendor application${detail ? ` from ${detail}` : ''}: review it on the Admin page`;
    case 'vendor_approved':
      return 'Your vendor account was approved: you can now take rides';
    case 'vendor_rejected':
      return detail ? `Your vendor application was rejected: ${detail}` : 'Your vendor application was rejected';
    case 'vendor_suspended':
      return detail ? `Your vendor account was suspended: ${detail}` : 'Your vendor account was suspended';
    case 'sign_in_guessing':
      return SIGN_IN_GUESSING_SENTENCE;
    case 'discord_name_claimed':
      return `The verified Discord owner of your username claimed it; you now sign in as ${detail ?? 'a new username'}. Everything else on your account is kept.`;
    case 'discord_name_claim': {
      const [name, renamed] = (detail ?? '').split(' · ');
      return name && renamed
        ? `${name} was claimed by its verified Discord owner; the former holder is now ${renamed}`
        : 'A Discord name was claimed by its verified owner';
    }
    default:
      break;
  }
  if (item.rideDirection === null || item.rideDate === null) return 'Something changed on one of your rides';
  const route = ROUTES[item.rideDirection];
  const ride = `${route} on ${formatRideDate(item.rideDate)}`;
  switch (item.kind) {
    case 'ride_edited':
      return detail
        ? `Your ride ${route} now departs ${formatRideDate(item.rideDate)} instead of ${formatRideDate(detail)}`
        : `Your ride ${route} now departs ${formatRideDate(item.rideDate)}`;
    case 'ride_cancelled':
      return detail ? `Your ride ${ride} was cancelled: ${detail}` : `Your ride ${ride} was cancelled`;
    case 'passenger_removed':
      return `The organizer removed you from the ride ${ride}`;
    case 'vendor_assigned':
      return detail
        ? `A driver from ${detail} was assigned to your ride ${ride}`
        : `A driver was assigned to your ride ${ride}`;
    case 'vendor_released':
      return `The driver was released from the ride ${ride}; it is open for another driver`;
    case 'quote_received':
      return detail ? `New quote for your ride ${ride}: ${detail}` : `New quote for your ride ${ride}`;
    case 'quote_accepted':
      return detail
        ? `The organizer accepted your quote of ${detail} for the ride ${ride}: it is yours to drive`
        : `The organizer accepted your quote for the ride ${ride}: it is yours to drive`;
    case 'quote_declined':
      return `Your quote for the ride ${ride} was not chosen; the ride has a driver now`;
    case 'ride_price_changed':
      return detail
        ? `The price of your ride ${ride} changed with its new driver: ${detail}`
        : `The price of your ride ${ride} changed with its new driver`;
    case 'passenger_joined':
      return detail ? `${detail} joined your ride ${ride}` : `Someone joined your ride ${ride}`;
    case 'passenger_left':
      return detail ? `${detail} left your ride ${ride}` : `A passenger left your ride ${ride}`;
    case 'waitlist_offer':
      return detail
        ? `Seats are free for your group on the ride ${ride}: join by ${formatRideDate(detail)}`
        : `Seats are free for your group on the ride ${ride}`;
    case 'group_qr_outdated':
      return `The party on your ride ${ride} changed: make a new group QR code for the checkpoint`;
    case 'border_window_open':
      return detail && isChecklistItemId(detail)
        ? `You can now submit your ${checklistItemShortName(detail)} for the ride ${ride}`
        : `A border document can now be submitted for the ride ${ride}`;
    case 'border_evening_before':
      return borderEveningSentence(ride, detail);
    case 'ride_alert_match':
      return alertMatchSentence(ride, detail);
    case 'ride_message':
      return rideMessageSentence(item.rideDirection, item.rideDate, detail);
    case 'trip_stage':
      return detail ? `Your ride ${ride}: ${detail}` : `Your ride ${ride} moved on`;
    case 'trip_late':
      return lateSentence(ride, detail);
    case 'trip_no_show':
      return detail
        ? `${detail} was marked as not showing up for the ride ${ride}`
        : `You were marked as not showing up for the ride ${ride}: if that is wrong, say so in the ride chat`;
    case 'order_place_newcomer':
      return `Place ${detail ?? 'the newcomer'} in the ${orderWords(item.rideDirection).title.toLowerCase()} of your ride ${ride}`;
    case 'order_changed':
      return detail
        ? `The ${orderWords(item.rideDirection).title.toLowerCase()} of your ride ${ride} changed: you are Stop #${detail}`
        : `The ${orderWords(item.rideDirection).title.toLowerCase()} of your ride ${ride} changed`;
    case 'thumb_received':
      return `Someone from your ride ${ride} gave you a thumb: your record is on your profile`;
    default:
      return paymentSentence(item.kind, ride, detail) ?? 'Something changed on one of your rides';
  }
}

/**
 * A ride alert's notice, folded (docs/alerts.md#folded): `detail` counts the new rides it stands for
 * (null: one), the ride being the newest.
 */
function alertMatchSentence(ride: string, detail: string | null): string {
  const rides = Number(detail ?? '1');
  if (!Number.isInteger(rides) || rides <= 1) return `A new ride matches your alert: ${ride}`;
  return `${String(rides)} new rides match your alert, the latest: ${ride}`;
}

/** A late notice (docs/trip-day.md#late): `detail` is 'Ann · 10'. */
function lateSentence(ride: string, detail: string | null): string {
  const match = /^(.*) · (\d+)$/.exec(detail ?? '');
  if (!match) return `A rider is running late for the ride ${ride}`;
  return `${match[1] ?? ''} is running ${match[2] ?? ''} minutes late for the ride ${ride}`;
}

/**
 * The unread chat notice (docs/messages.md#notices): '3 new messages on Sun 29 Nov, SG → FC'.
 */
function rideMessageSentence(direction: Direction, rideDate: string, detail: string | null): string {
  const count = unreadMessageCount(detail);
  const day = formatRideDateOnly(rideDate).replace(/^(\w+), (\d+ \w+) \d+$/, '$1 $2');
  return `${String(count)} new message${count === 1 ? '' : 's'} on ${day}, ${ROUTES[direction]}`;
}

/** The evening-before reminder: `detail` is how many checklist items are open ('0': no travel profile). */
function borderEveningSentence(ride: string, detail: string | null): string {
  const open = Number(detail ?? '0');
  if (!Number.isInteger(open) || open <= 0) {
    return `Your ride ${ride} is coming up: add your travel documents on your profile to see your border checklist`;
  }
  return `Your ride ${ride} is coming up: ${String(open)} border checklist item${open === 1 ? '' : 's'} still to do`;
}
