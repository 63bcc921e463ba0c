import { LOCALE, TIME_ZONE } from './constants';

/**
 * Singapore has kept UTC+8 without daylight saving since 1982, so converting between a wall time
 * and an instant is a fixed shift. Doing the arithmetic ourselves keeps picker values and week
 * windows identical on the server and in every browser, whatever their own zone.
 */
const SINGAPORE_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Text shown instead of a date that cannot be read. */
const INVALID_DATE_TEXT = 'Invalid date';

const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, {
  timeZone: TIME_ZONE,
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

function isValidDate(date: Date): boolean {
  return !Number.isNaN(date.getTime());
}

type RideDateParts = {
  weekday: string;
  day: string;
  month: string;
  year: string;
  hour: string;
  minute: string;
  dayPeriod: string;
};

/*
 * ICU versions differ in separators (commas, narrow no-break spaces before "pm"), so the pieces
 * are assembled by hand: the server, Node and every browser then produce the same text.
 */
function rideDateParts(date: Date): RideDateParts {
  const parts: RideDateParts = { weekday: '', day: '', month: '', year: '', hour: '', minute: '', dayPeriod: '' };
  for (const part of dateTimeFormat.formatToParts(date)) {
    if (part.type in parts) parts[part.type as keyof RideDateParts] = part.value;
  }
  return parts;
}

/**
 * Shows a ride's date and time the way the product does everywhere: en-SG, 12-hour clock,
 * Singapore time whatever the viewer's own zone. An unreadable date shows as 'Invalid date'.
 *
 * @example formatRideDate('2026-11-21T07:30:00Z') // 'Sat, 21 Nov 2026, 3:30 pm'
 */
export function formatRideDate(value: Date | string | number): string {
  const date = toDate(value);
  if (!isValidDate(date)) return INVALID_DATE_TEXT;
  const p = rideDateParts(date);
  return `${p.weekday}, ${p.day} ${p.month} ${p.year}, ${p.hour}:${p.minute} ${p.dayPeriod.toLowerCase()}`;
}

/**
 * The date half of {@link formatRideDate}, in Singapore time.
 *
 * @example formatRideDateOnly('2026-11-21T17:30:00Z') // 'Sun, 22 Nov 2026' (already Sunday in Singapore)
 */
export function formatRideDateOnly(value: Date | string | number): string {
  const date = toDate(value);
  if (!isValidDate(date)) return INVALID_DATE_TEXT;
  const p = rideDateParts(date);
  return `${p.weekday}, ${p.day} ${p.month} ${p.year}`;
}

/**
 * A ride's day in short, in Singapore time: weekday, day and month.
 *
 * @example formatRideDay('2026-12-06T02:00:00Z') // 'Sun 6 Dec'
 */
export function formatRideDay(value: Date | string | number): string {
  const date = toDate(value);
  if (!isValidDate(date)) return INVALID_DATE_TEXT;
  const p = rideDateParts(date);
  return `${p.weekday} ${p.day} ${p.month}`;
}

/**
 * The time half of {@link formatRideDate}: 12-hour Singapore time.
 *
 * @example formatRideTime('2026-11-21T07:30:00Z') // '3:30 pm'
 */
export function formatRideTime(value: Date | string | number): string {
  const date = toDate(value);
  if (!isValidDate(date)) return INVALID_DATE_TEXT;
  const p = rideDateParts(date);
  return `${p.hour}:${p.minute} ${p.dayPeriod.toLowerCase()}`;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/**
 * The value for an `<input type="datetime-local">`: the instant as a Singapore wall time, so the
 * picker always shows Singapore time. An unreadable date gives '' (an empty picker).
 *
 * @example toSingaporeInputValue(new Date('2026-11-21T07:30:00Z')) // '2026-11-21T15:30'
 */
export function toSingaporeInputValue(value: Date | string | number): string {
  const date = toDate(value);
  if (!isValidDate(date)) return '';
  const wall = new Date(date.getTime() + SINGAPORE_OFFSET_MS);
  return (
    `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}` +
    `T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`
  );
}

/**
 * An instant as Singapore time with its offset, to the second, for files people open elsewhere (the
 * payments CSV): unambiguous whatever the reader's time zone. An unreadable date gives ''.
 *
 * @example toSingaporeIso(new Date('2026-11-21T07:30:05Z')) // '2026-11-21T15:30:05+08:00'
 */
export function toSingaporeIso(value: Date | string | number): string {
  const minutes = toSingaporeInputValue(value);
  if (minutes === '') return '';
  return `${minutes}:${pad(toDate(value).getUTCSeconds())}+08:00`;
}

const WALL_TIME_PATTERN = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;

/**
 * Reads a date-time picker value ('YYYY-MM-DDTHH:mm', optionally with seconds) as a Singapore wall
 * time. Anything that is not a real calendar time (bad format, 30 February, 24:00) gives null, so
 * the form can ignore it.
 *
 * @example fromSingaporeInputValue('2026-11-21T15:30')?.toISOString() // '2026-11-21T07:30:00.000Z'
 */
export function fromSingaporeInputValue(value: string): Date | null {
  const match = WALL_TIME_PATTERN.exec(value.trim());
  if (!match) return null;
  const field = (index: number): number => Number(match[index] ?? '0');
  const year = field(1);
  const month = field(2);
  const day = field(3);
  const hour = field(4);
  const minute = field(5);
  const second = field(6);
  const millis = Number((match[7] ?? '0').padEnd(3, '0'));
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return null;
  const wall = new Date(Date.UTC(year, month - 1, day, hour, minute, second, millis));
  // Date.UTC would roll 31 April over to 1 May; a picker value like that is not a real time.
  if (wall.getUTCFullYear() !== year || wall.getUTCMonth() !== month - 1 || wall.getUTCDate() !== day) return null;
  // Date.UTC maps years 0-99 to 1900-1999; the year check above already refuses those.
  return new Date(wall.getTime() - SINGAPORE_OFFSET_MS);
}

/**
 * The window a "this week" filter covers: the next 7 days, from `now` up to (not including) the
 * same instant 7 days later (docs/product.md#list-order). `start <= date < end` is inside.
 *
 * @example weekWindow(new Date('2026-11-21T17:00:00Z'))
 *   // { start: 2026-11-21T17:00:00.000Z, end: 2026-11-28T17:00:00.000Z }
 */
export function weekWindow(now: Date): { start: Date; end: Date } {
  return { start: new Date(now.getTime()), end: new Date(now.getTime() + 7 * DAY_MS) };
}
