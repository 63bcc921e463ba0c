/**
 * Ride alerts (docs/alerts.md): a member asks to be told when a ride in one direction appears
 * within a window of days, optionally on some weekdays and between two times of day. Every date,
 * weekday and time here is Singapore's (UTC+8, no daylight saving; docs/architecture.md#time).
 * The SQL that matches alerts to a ride mirrors {@link alertMatchesRide}.
 */
import type { Direction, RideStatus } from './constants';
import { DomainError, NOT_FOUND_MESSAGES } from './errors';
import { singaporeDay } from './vendor-approval';

/** Most live alerts one member may keep (docs/alerts.md#limits). */
export const MAX_LIVE_ALERTS = 10;
/** Longest window an alert may cover, in days, both ends included (docs/alerts.md#limits). */
export const MAX_ALERT_WINDOW_DAYS = 90;
/** Furthest ahead an alert's window may start, in days from today (docs/alerts.md#limits). */
export const MAX_ALERT_START_DAYS_AHEAD = 365;
/** ISO weekdays: 1 is Monday, 7 is Sunday. */
export const ALERT_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type AlertWeekday = (typeof ALERT_WEEKDAYS)[number];

const WEEKDAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
const SINGAPORE_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export const ALERT_MESSAGES = {
  endBeforeStart: 'The alert ends before it starts: pick an end date on or after the start date',
  inThePast: 'The alert starts in the past: pick a start date from today on (Singapore time)',
  tooLong: `An alert covers at most ${String(MAX_ALERT_WINDOW_DAYS)} days: pick a shorter date range`,
  tooFarAhead: `An alert may start at most ${String(MAX_ALERT_START_DAYS_AHEAD)} days ahead`,
  limit: `You already have ${String(MAX_LIVE_ALERTS)} live alerts, the most allowed: delete one first`,
  notFound: NOT_FOUND_MESSAGES.alert,
  vendors: 'Vendor accounts cannot set ride alerts',
} as const;

/** What an alert asks for: dates 'YYYY-MM-DD', times as minutes after midnight, all in Singapore. */
export interface RideAlertRule {
  direction: Direction;
  fromDate: string;
  toDate: string;
  /** ISO weekdays the ride must fall on; null for any day. */
  weekdays: readonly number[] | null;
  /** Earliest and latest departure, minutes after Singapore midnight, both included; null for none. */
  earliestMinute: number | null;
  latestMinute: number | null;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** The Singapore wall clock of an instant, read with UTC getters. */
function singaporeWall(instant: Date): Date {
  return new Date(instant.getTime() + SINGAPORE_OFFSET_MS);
}

/**
 * The ISO weekday (1 Monday … 7 Sunday) of an instant in Singapore.
 *
 * @example singaporeWeekdayOf(new Date('2026-11-29T16:30:00Z')) // 1 (Monday 30 Nov, 00:30 in Singapore)
 */
export function singaporeWeekdayOf(instant: Date): number {
  const day = singaporeWall(instant).getUTCDay();
  return day === 0 ? 7 : day;
}

/**
 * Minutes after Singapore midnight of an instant.
 *
 * @example singaporeMinuteOf(new Date('2026-11-29T23:30:00Z')) // 450 (7:30 am)
 */
export function singaporeMinuteOf(instant: Date): number {
  const wall = singaporeWall(instant);
  return wall.getUTCHours() * 60 + wall.getUTCMinutes();
}

/**
 * Whole days from one calendar date to another ('YYYY-MM-DD'); negative when `to` is earlier.
 *
 * @example daysBetween('2026-11-25', '2026-12-02') // 7
 */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * The calendar date `days` after another ('YYYY-MM-DD').
 *
 * @example addDays('2026-11-25', 7) // '2026-12-02'
 */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * A clock time 'HH:MM' (24-hour) as minutes after midnight, or null when it is not one.
 *
 * @example parseClockTime('07:30') // 450
 */
export function parseClockTime(value: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/**
 * Minutes after midnight as 'HH:MM'.
 *
 * @example formatClockTime(450) // '07:30'
 */
export function formatClockTime(minutes: number): string {
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/**
 * Refuses a window that ends before it starts, starts before today or too far ahead, or covers
 * more than {@link MAX_ALERT_WINDOW_DAYS} days (docs/alerts.md#window). `now` is the clock.
 */
export function assertAlertWindow(window: { fromDate: string; toDate: string }, now: Date): void {
  const today = singaporeDay(now);
  if (daysBetween(window.fromDate, window.toDate) < 0) {
    throw new DomainError('VALIDATION_FAILED', ALERT_MESSAGES.endBeforeStart);
  }
  if (daysBetween(today, window.fromDate) < 0) throw new DomainError('VALIDATION_FAILED', ALERT_MESSAGES.inThePast);
  if (daysBetween(window.fromDate, window.toDate) + 1 > MAX_ALERT_WINDOW_DAYS) {
    throw new DomainError('VALIDATION_FAILED', ALERT_MESSAGES.tooLong);
  }
  if (daysBetween(today, window.fromDate) > MAX_ALERT_START_DAYS_AHEAD) {
    throw new DomainError('VALIDATION_FAILED', ALERT_MESSAGES.tooFarAhead);
  }
}

/** Refuses an alert past {@link MAX_LIVE_ALERTS} live ones (docs/alerts.md#limits). */
export function assertCanAddAlert(liveAlerts: number): void {
  if (liveAlerts >= MAX_LIVE_ALERTS) throw new DomainError('ALERT_LIMIT_REACHED', ALERT_MESSAGES.limit);
}

/**
 * An alert is live until the end of its last day in Singapore (docs/alerts.md#limits).
 *
 * @example isAlertLive({ toDate: '2026-11-30' }, new Date('2026-11-30T15:59:00Z')) // true (23:59 there)
 */
export function isAlertLive(alert: { toDate: string }, now: Date): boolean {
  return daysBetween(singaporeDay(now), alert.toDate) >= 0;
}

/** A ride as matching sees it. */
export interface AlertCandidateRide {
  direction: Direction;
  date: Date;
  status: RideStatus;
  creatorId: number;
  maxPassengers: number;
  currentPassengers: number;
}

/**
 * Whether a ride is one the alert's owner wants to hear of (docs/alerts.md#matching): same
 * direction, departing on a day of the window (and of the weekdays, between the times, if set), still
 * open or assigned, with a free seat, and organised by someone else.
 */
export function alertMatchesRide(alert: RideAlertRule & { userId: number }, ride: AlertCandidateRide): boolean {
  if (alert.userId === ride.creatorId || alert.direction !== ride.direction) return false;
  if (ride.status !== 'open' && ride.status !== 'assigned') return false;
  if (ride.currentPassengers >= ride.maxPassengers) return false;
  const day = singaporeDay(ride.date);
  if (daysBetween(alert.fromDate, day) < 0 || daysBetween(day, alert.toDate) < 0) return false;
  if (alert.weekdays && !alert.weekdays.includes(singaporeWeekdayOf(ride.date))) return false;
  const minute = singaporeMinuteOf(ride.date);
  if (alert.earliestMinute !== null && minute < alert.earliestMinute) return false;
  return alert.latestMinute === null || minute <= alert.latestMinute;
}

function shortDate(value: string): string {
  const [year, month, day] = value.split('-').map(Number);
  const name = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1)).toLocaleString('en-SG', {
    month: 'short',
    timeZone: 'UTC',
  });
  return `${String(day)} ${name} ${String(year)}`;
}

function clock12(minutes: number): string {
  const hour = Math.floor(minutes / 60);
  const suffix = hour < 12 ? 'am' : 'pm';
  return `${String(hour % 12 === 0 ? 12 : hour % 12)}:${pad(minutes % 60)} ${suffix}`;
}

/**
 * The alert's days and times in words, as the profile lists it.
 *
 * @example describeAlertWindow({ fromDate: '2026-11-28', toDate: '2026-12-05', weekdays: [1, 3], earliestMinute: 420, latestMinute: 540 })
 *   // '28 Nov 2026 – 5 Dec 2026 · Mon, Wed · 7:00 am – 9:00 am'
 */
export function describeAlertWindow(alert: Omit<RideAlertRule, 'direction'>): string {
  const parts = [`${shortDate(alert.fromDate)} – ${shortDate(alert.toDate)}`];
  if (alert.weekdays && alert.weekdays.length < 7) {
    parts.push(alert.weekdays.map((day) => WEEKDAY_NAMES[day - 1] ?? '').join(', '));
  }
  if (alert.earliestMinute !== null || alert.latestMinute !== null) {
    const { earliestMinute: from, latestMinute: to } = alert;
    if (from !== null && to !== null) parts.push(`${clock12(from)} – ${clock12(to)}`);
    else parts.push(from !== null ? `from ${clock12(from)}` : `until ${clock12(to ?? 0)}`);
  }
  return parts.join(' · ');
}

/** Weekday names for a picker, Monday first, with their ISO numbers. */
export const ALERT_WEEKDAY_OPTIONS: readonly { value: AlertWeekday; label: string }[] = ALERT_WEEKDAYS.map((value) => ({
  value,
  label: WEEKDAY_NAMES[value - 1] ?? '',
}));
