/**
 * Weekly ride series: which departures a series makes and the limits on it (docs/series.md#dates).
 * Singapore keeps UTC+8 all year, so a wall date and time map to one instant by a fixed shift.
 */
import { formatRideDate, fromSingaporeInputValue } from './time';

/** A series covers at most this many weeks, counted from its first day (docs/series.md#limits). */
export const MAX_SERIES_WEEKS = 12;
/** A series makes at most this many rides (docs/series.md#limits). */
export const MAX_SERIES_RIDES = 24;
/** The longest span from the first day to the until date, both included. */
export const MAX_SERIES_DAYS = MAX_SERIES_WEEKS * 7;

/** ISO weekdays: 1 is Monday, 7 is Sunday. */
export const SERIES_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type SeriesWeekday = (typeof SERIES_WEEKDAYS)[number];
export const WEEKDAY_NAMES: Record<SeriesWeekday, string> = {
  1: 'Monday',
  2: 'Tuesday',
  3: 'Wednesday',
  4: 'Thursday',
  5: 'Friday',
  6: 'Saturday',
  7: 'Sunday',
};

export const SERIES_MESSAGES = {
  untilBeforeFrom: 'The until date must be on or after the start date',
  tooLong: `A weekly series can cover at most ${MAX_SERIES_WEEKS} weeks (${MAX_SERIES_DAYS} days from the start date)`,
  noDates: 'No ride falls between the start and until dates on the chosen weekdays',
  tooMany: (count: number) => `A weekly series can make at most ${MAX_SERIES_RIDES} rides; these choices make ${count}`,
  firstInPast: (first: Date) => `The first ride (${formatRideDate(first)}) must be in the future`,
} as const;

/** What a series repeats: weekdays at one Singapore time, from one calendar date to another (both included). */
export interface SeriesPlan {
  weekdays: readonly number[];
  /** 'HH:mm', Singapore time. */
  time: string;
  /** 'YYYY-MM-DD', Singapore calendar. */
  fromDate: string;
  untilDate: string;
}

export type SeriesField = 'untilDate' | 'weekdays' | 'fromDate';
export type SeriesDates = { ok: true; dates: Date[] } | { ok: false; field: SeriesField; message: string };

const DAY_MS = 24 * 60 * 60 * 1000;

function calendarDay(value: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const ms = Date.parse(`${value}T00:00:00Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value) return null;
  return ms;
}

/** Monday 1 … Sunday 7 of a UTC-midnight calendar day. */
function isoWeekday(dayMs: number): number {
  return ((new Date(dayMs).getUTCDay() + 6) % 7) + 1;
}

/**
 * The ISO weekday (Monday 1 … Sunday 7) of a Singapore calendar day 'YYYY-MM-DD', or null for text
 * that is not one. The create form starts a series on the weekday of its start date
 * (docs/series.md#web).
 *
 * @example weekdayOfDay('2027-02-01') // 1 (a Monday)
 */
export function weekdayOfDay(day: string): SeriesWeekday | null {
  const ms = calendarDay(day);
  return ms === null ? null : (isoWeekday(ms) as SeriesWeekday);
}

/**
 * The chosen weekdays in words, Monday first: "Mondays", "Mondays and Fridays", "Mondays, Wednesdays
 * and Fridays"; "no weekday" for none. Unknown numbers are left out.
 *
 * @example describeWeekdays([5, 1]) // 'Mondays and Fridays'
 */
export function describeWeekdays(weekdays: readonly number[]): string {
  const names = SERIES_WEEKDAYS.filter((day) => weekdays.includes(day)).map((day) => `${WEEKDAY_NAMES[day]}s`);
  if (names.length === 0) return 'no weekday';
  if (names.length === 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1] ?? ''}`;
}

/**
 * The departures of a series, soonest first: every day from `fromDate` to `untilDate` (both
 * included) whose weekday is chosen, at `time` Singapore time. Refused, naming why: an until date
 * before the start, a span over {@link MAX_SERIES_DAYS} days, no matching day, more than
 * {@link MAX_SERIES_RIDES} rides, and (with `now`) a first ride not ahead of `now`. An unreadable
 * date or time gives no dates (the input schema names those).
 *
 * @example expandSeriesDates({ weekdays: [1], time: '07:30', fromDate: '2026-11-30', untilDate: '2026-12-07' })
 *   // { ok: true, dates: [2026-11-29T23:30:00.000Z, 2026-12-06T23:30:00.000Z] }
 */
export function expandSeriesDates(plan: SeriesPlan, now?: Date): SeriesDates {
  const from = calendarDay(plan.fromDate);
  const until = calendarDay(plan.untilDate);
  if (from === null || until === null || !/^\d{2}:\d{2}$/.test(plan.time)) {
    return { ok: false, field: 'fromDate', message: 'Choose a start date, an until date and a time' };
  }
  if (until < from) return { ok: false, field: 'untilDate', message: SERIES_MESSAGES.untilBeforeFrom };
  if ((until - from) / DAY_MS + 1 > MAX_SERIES_DAYS) {
    return { ok: false, field: 'untilDate', message: SERIES_MESSAGES.tooLong };
  }
  const chosen = new Set(plan.weekdays);
  const dates: Date[] = [];
  for (let day = from; day <= until; day += DAY_MS) {
    if (!chosen.has(isoWeekday(day))) continue;
    const date = fromSingaporeInputValue(`${new Date(day).toISOString().slice(0, 10)}T${plan.time}`);
    if (!date) return { ok: false, field: 'fromDate', message: 'Choose a start date, an until date and a time' };
    dates.push(date);
  }
  if (dates.length === 0) return { ok: false, field: 'weekdays', message: SERIES_MESSAGES.noDates };
  if (dates.length > MAX_SERIES_RIDES) {
    return { ok: false, field: 'weekdays', message: SERIES_MESSAGES.tooMany(dates.length) };
  }
  const [first] = dates;
  if (now && first && first.getTime() <= now.getTime()) {
    return { ok: false, field: 'fromDate', message: SERIES_MESSAGES.firstInPast(first) };
  }
  return { ok: true, dates };
}

/**
 * A departure moved to another Singapore time of day, on its own Singapore calendar day (editing
 * "this and following" rides of a series). Null for a time that is not 'HH:mm'.
 *
 * @example atSingaporeTime(new Date('2026-11-29T23:30:00Z'), '18:00') // 2026-11-30T10:00:00.000Z
 */
export function atSingaporeTime(date: Date, time: string): Date | null {
  const wall = new Date(date.getTime() + 8 * 60 * 60 * 1000).toISOString().slice(0, 10);
  return /^\d{2}:\d{2}$/.test(time) ? fromSingaporeInputValue(`${wall}T${time}`) : null;
}
