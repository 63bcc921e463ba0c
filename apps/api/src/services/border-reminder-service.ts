/**
 * Border reminders (docs/border.md#reminders), sent by the periodic sweep: when a rider's
 * arrival-card window opens with the card still to do, and the evening before departure when
 * anything required is left. Each goes once per rider, ride and kind: the sent-marker row and the
 * notification are written in one transaction, and the marker's primary key refuses a second one.
 */
import type { Database } from '@rideshare/db';
import { eveningReminder, windowOpenReminder } from '@rideshare/domain';
import type { Kysely } from 'kysely';

import {
  findChecklistRide,
  findTravelProfiles,
  listChecklistTicks,
  listRideIdsDepartingBetween,
  markReminderSent,
} from '../repositories/travel-repository';
import { notifyAboutRide } from './ride-notifications';
import { checklistOf, ridersOf } from './travel-service';

/** How far ahead rides are looked at: windows open 3 days before the departure day, so 4 days covers them. */
export const BORDER_REMINDER_HORIZON_DAYS = 4;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Where the sweep reports a ride it could not remind about. */
export interface ReminderLog {
  error(details: { err: unknown; rideId: number }, message: string): void;
}

/** Sends the reminders due on one ride, in its own transaction; answers how many went out. */
async function remindRide(db: Kysely<Database>, rideId: number, now: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const ride = await findChecklistRide(trx, rideId);
    if (!ride || ride.status === 'cancelled') return 0;
    const riders = ridersOf(ride);
    const profiles = await findTravelProfiles(trx, riders);
    const ticks = await listChecklistTicks(trx, ride.id);
    let sent = 0;
    for (const userId of riders) {
      const items = checklistOf(ride, profiles.get(userId), ticks.get(userId), now);
      const opened = windowOpenReminder(items, ride.date, now);
      if (opened !== null && (await markReminderSent(trx, { rideId, userId, kind: 'window-open', now }))) {
        await notifyAboutRide(trx, [userId], ride, 'border_window_open', opened);
        sent += 1;
      }
      const open = eveningReminder(items, ride.date, now);
      if (open !== null && (await markReminderSent(trx, { rideId, userId, kind: 'evening-before', now }))) {
        await notifyAboutRide(trx, [userId], ride, 'border_evening_before', String(open));
        sent += 1;
      }
    }
    return sent;
  });
}

/**
 * Sends every border reminder due at `now` for rides departing in the next few days. Called by the
 * sweep while it holds its advisory lock, on the sweep's one connection; a ride that fails is
 * rolled back alone, logged and tried again at the next sweep. Answers how many reminders went out.
 */
export async function sendBorderReminders(db: Kysely<Database>, now: Date, log: ReminderLog): Promise<number> {
  const horizon = new Date(now.getTime() + BORDER_REMINDER_HORIZON_DAYS * DAY_MS);
  let sent = 0;
  for (const rideId of await listRideIdsDepartingBetween(db, now, horizon)) {
    try {
      sent += await remindRide(db, rideId, now);
    } catch (error) {
      log.error({ err: error, rideId }, 'border reminders failed for a ride; tried again at the next sweep');
    }
  }
  return sent;
}
