/**
 * The inputs of ride alerts (docs/alerts.md#api). Formats are checked here; the window's rules
 * that depend on today (not in the past, at most 90 days) are `assertAlertWindow` in `alerts.ts`.
 */
import { z } from 'zod';

import { ALERT_WEEKDAYS, parseClockTime } from '../alerts';
import { DIRECTIONS } from '../constants';
import { idInput, isCalendarDate } from './fields';

function calendarDate(label: string) {
  const message = `${label} must be a date (YYYY-MM-DD)`;
  return z.string({ error: message }).trim().refine(isCalendarDate, { error: message });
}

/** An optional 'HH:MM' Singapore time as minutes after midnight (blank or left out: none). */
function clockTime(label: string) {
  const message = `${label} must be a time of day (HH:MM, 24-hour)`;
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z
      .string({ error: message })
      .trim()
      .refine((value) => parseClockTime(value) !== null, { error: message })
      .transform((value) => parseClockTime(value))
      .nullish()
      .transform((value) => value ?? null),
  );
}

const WEEKDAYS_MESSAGE = 'Weekdays must be a list of day numbers from 1 (Monday) to 7 (Sunday)';

/** POST /api/alerts: what rides to be told of. Weekdays left out (or all seven) mean any day. */
export const alertCreateInput = z
  .object({
    direction: z.enum(DIRECTIONS, { error: 'Direction must be SG->FC or FC->SG' }),
    fromDate: calendarDate('From date'),
    toDate: calendarDate('To date'),
    weekdays: z
      .array(
        z.int({ error: WEEKDAYS_MESSAGE }).min(1, { error: WEEKDAYS_MESSAGE }).max(7, { error: WEEKDAYS_MESSAGE }),
        {
          error: WEEKDAYS_MESSAGE,
        },
      )
      .min(1, { error: 'Pick at least one weekday, or leave weekdays out for any day' })
      .max(ALERT_WEEKDAYS.length, { error: WEEKDAYS_MESSAGE })
      .nullish()
      .transform((days) => {
        if (!days) return null;
        const unique = [...new Set(days)].sort((a, b) => a - b);
        return unique.length === ALERT_WEEKDAYS.length ? null : unique;
      }),
    earliestTime: clockTime('Earliest time'),
    latestTime: clockTime('Latest time'),
  })
  .refine(
    (input) => input.earliestTime === null || input.latestTime === null || input.earliestTime <= input.latestTime,
    {
      error: 'The earliest time must not be after the latest time',
      path: ['latestTime'],
    },
  );
export type AlertCreateInput = z.input<typeof alertCreateInput>;
export type AlertCreate = z.output<typeof alertCreateInput>;

export const alertIdInput = z.object({ id: idInput });
