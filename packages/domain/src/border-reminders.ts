/**
 * When a rider is reminded about their border checklist (docs/border.md#reminders): once when a
 * submission window opens and once the evening before departure if anything is still to do, each
 * at most once per rider per ride, in Singapore time whatever the server's zone.
 */
import { BORDER_RULES, type ChecklistItem, type ChecklistItemId } from './border-rules';
import { singaporeDay } from './vendor-approval';

export const BORDER_REMINDER_KINDS = ['window-open', 'evening-before'] as const;
export type BorderReminderKind = (typeof BORDER_REMINDER_KINDS)[number];

/** The hour (Singapore time) on the day before departure from which the evening reminder goes out. */
export const EVENING_REMINDER_HOUR = 18;

const SINGAPORE_OFFSET_MS = 8 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The instant the evening reminder becomes due: 18:00 Singapore time on the day before the
 * departure day.
 *
 * @example eveningReminderFrom(new Date('2026-12-18T01:00:00Z')) // 2026-12-17T10:00:00.000Z (6 pm on the 17th)
 */
export function eveningReminderFrom(departure: Date): Date {
  const departureDay = Date.parse(`${singaporeDay(departure)}T00:00:00Z`) - SINGAPORE_OFFSET_MS;
  return new Date(departureDay - DAY_MS + EVENING_REMINDER_HOUR * HOUR_MS);
}

/**
 * The windowed item whose window has opened by `now` and is still to do (the window-open
 * reminder's subject), or null. Only rides still ahead are reminded.
 */
export function windowOpenReminder(
  items: readonly ChecklistItem[] | null,
  departure: Date,
  now: Date,
): ChecklistItemId | null {
  if (items === null || now >= departure) return null;
  const due = items.find((item) => item.opensOn !== undefined && item.required && item.status === 'todo');
  return due ? due.id : null;
}

/**
 * Whether the evening reminder is due: from 18:00 Singapore time the day before departure until
 * departure, when the rider has no travel profile or something required is not done. Answers how
 * many required items are open (0 for "no travel profile yet"), or null when not due.
 */
export function eveningReminder(items: readonly ChecklistItem[] | null, departure: Date, now: Date): number | null {
  if (now >= departure || now < eveningReminderFrom(departure)) return null;
  if (items === null) return 0;
  const open = items.filter((item) => item.required && item.status !== 'done').length;
  return open > 0 ? open : null;
}

/** The short name a reminder uses for an item ("You can submit your MDAC ..."). */
export function checklistItemShortName(item: ChecklistItemId): string {
  if (item === 'mdac') return 'MDAC';
  if (item === 'sg-arrival-card') return 'SG Arrival Card';
  if (item === 'group-qr') return 'group QR code';
  return BORDER_RULES.passport.title;
}
