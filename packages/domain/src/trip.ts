/**
 * The day of the trip (docs/trip-day.md): the stages a ride goes through from the pick-up to
 * arrival, their labels by direction and crossing, who may post them and when, late notices,
 * no-shows and the links family can follow. Every rule takes `now`.
 */
import type { Direction } from './constants';
import { DomainError } from './errors';
import { formatRideDate, toSingaporeInputValue } from './time';

/** The stages in the order a trip goes through them (docs/trip-day.md#stages). */
export const TRIP_STAGES = [
  'at-pickup',
  'departed',
  'at-exit-checkpoint',
  'cleared-exit-checkpoint',
  'at-entry-checkpoint',
  'cleared-entry-checkpoint',
  'arrived',
] as const;
export type TripStage = (typeof TRIP_STAGES)[number];

/** The bridge a ride crosses by (docs/trip-day.md#crossing). */
export const CROSSINGS = ['second-link', 'causeway'] as const;
export type Crossing = (typeof CROSSINGS)[number];
export const DEFAULT_CROSSING: Crossing = 'second-link';

/** Who posts stages: the organizer or the assigned approved vendor. */
export const TRIP_POSTER_ROLES = ['organizer', 'vendor'] as const;
export type TripPosterRole = (typeof TRIP_POSTER_ROLES)[number];

/** How late a rider may say they are running, in minutes. */
export const LATE_MINUTES = [5, 10, 15, 30] as const;
export type LateMinutes = (typeof LATE_MINUTES)[number];

/** The trip window opens this many hours before departure unless TRIP_WINDOW_HOURS_BEFORE says otherwise. */
export const DEFAULT_TRIP_WINDOW_HOURS_BEFORE = 3;
/**
 * `departed` and the stages after it are taken from this many minutes before the departure time
 * unless TRIP_DEPART_EARLY_MINUTES says otherwise (docs/trip-day.md#clock).
 */
export const DEFAULT_TRIP_DEPART_EARLY_MINUTES = 30;
/** A rider's phone hears of one kind of trip news (a stage, a no-show) at most once in this many minutes. */
export const TRIP_PUSH_EVERY_MINUTES = 10;
/** The trip window closes this many hours after departure. */
export const TRIP_WINDOW_HOURS_AFTER = 24;
/** The newest stage may be taken back by whoever posted it for this many minutes. */
export const STAGE_UNDO_MINUTES = 10;
/** A share link lapses this many hours after departure ... */
export const SHARE_HOURS_AFTER_DEPARTURE = 24;
/** ... or this many hours after `arrived`, whichever comes first. */
export const SHARE_HOURS_AFTER_ARRIVED = 6;
/** The most live share links one member holds for one ride. */
export const MAX_LIVE_SHARES = 5;

export const TRIP_FORBIDDEN_MESSAGE =
  "Only the ride's organizer, its riders and its assigned driver can follow this trip";
export const TRIP_CREW_MESSAGE = "Only the ride's organizer or its assigned driver can do this";
export const LATE_RIDERS_ONLY_MESSAGE = "Only the ride's riders can say they are running late";
export const TRIP_CANCELLED_MESSAGE = 'This ride was cancelled: its trip cannot change';

/**
 * Stages and no-shows are posted by the organizer or the assigned approved vendor (the crew);
 * NOT_TRIP_CREW (403) for a rider.
 */
export function assertTripCrew(role: 'organizer' | 'passenger' | 'vendor'): TripPosterRole {
  if (role === 'passenger') throw new DomainError('NOT_TRIP_CREW', TRIP_CREW_MESSAGE);
  return role;
}

/** Stages after which the car has set off: no-shows may be marked once one of them is reached. */
const DEPARTED_INDEX = 1;
const HOUR_MS = 3_600_000;

/** One checkpoint by its full name and the short one the rides list uses. */
export interface Checkpoint {
  name: string;
  short: string;
}

const CHECKPOINTS: Record<Crossing, { sg: Checkpoint; my: Checkpoint }> = {
  'second-link': {
    sg: { name: 'Tuas Checkpoint', short: 'Tuas' },
    my: { name: 'Sultan Abu Bakar CIQ', short: 'Sultan Abu Bakar' },
  },
  causeway: {
    sg: { name: 'Woodlands Checkpoint', short: 'Woodlands' },
    my: { name: 'Bangunan Sultan Iskandar', short: 'Sultan Iskandar' },
  },
};

/** What the crossing is called in the ride form and on the ride page. */
export const CROSSING_LABELS: Record<Crossing, string> = {
  'second-link': 'Second Link (Tuas)',
  causeway: 'Causeway (Woodlands)',
};

/**
 * The checkpoint a ride leaves its country through and the one it enters by: SG->FC leaves
 * Singapore, FC->SG leaves Malaysia.
 *
 * @example tripCheckpoints('SG->FC', 'second-link').exit.name // 'Tuas Checkpoint'
 */
export function tripCheckpoints(direction: Direction, crossing: Crossing): { exit: Checkpoint; entry: Checkpoint } {
  const { sg, my } = CHECKPOINTS[crossing];
  return direction === 'SG->FC' ? { exit: sg, entry: my } : { exit: my, entry: sg };
}

/**
 * A stage's label for a ride's direction and crossing, and the short form the rides list shows
 * after "On the way ·".
 *
 * @example stageLabel('cleared-exit-checkpoint', 'SG->FC', 'second-link') // 'Cleared Tuas Checkpoint'
 * @example stageShortLabel('cleared-exit-checkpoint', 'SG->FC', 'second-link') // 'cleared Tuas'
 */
export function stageLabel(stage: TripStage, direction: Direction, crossing: Crossing): string {
  const { exit, entry } = tripCheckpoints(direction, crossing);
  return stageWords(stage, exit.name, entry.name, 'At the pick-up');
}

export function stageShortLabel(stage: TripStage, direction: Direction, crossing: Crossing): string {
  const { exit, entry } = tripCheckpoints(direction, crossing);
  const words = stageWords(stage, exit.short, entry.short, 'At pick-up');
  return words.charAt(0).toLowerCase() + words.slice(1);
}

function stageWords(stage: TripStage, exit: string, entry: string, pickup: string): string {
  switch (stage) {
    case 'at-pickup':
      return pickup;
    case 'departed':
      return 'Departed';
    case 'at-exit-checkpoint':
      return `At ${exit}`;
    case 'cleared-exit-checkpoint':
      return `Cleared ${exit}`;
    case 'at-entry-checkpoint':
      return `At ${entry}`;
    case 'cleared-entry-checkpoint':
      return `Cleared ${entry}`;
    case 'arrived':
      return 'Arrived';
  }
}

/** Every stage of a ride's trip with its label, in order. */
export function tripStageList(direction: Direction, crossing: Crossing): { stage: TripStage; label: string }[] {
  return TRIP_STAGES.map((stage) => ({ stage, label: stageLabel(stage, direction, crossing) }));
}

export function isTripStage(value: unknown): value is TripStage {
  return typeof value === 'string' && (TRIP_STAGES as readonly string[]).includes(value);
}

export function isCrossing(value: unknown): value is Crossing {
  return typeof value === 'string' && (CROSSINGS as readonly string[]).includes(value);
}

/** A stage's place in the order (0 for `at-pickup`). */
export function stageIndex(stage: TripStage): number {
  return TRIP_STAGES.indexOf(stage);
}

/** The stage after `current` (the first one when none was posted), or null after `arrived`. */
export function nextStage(current: TripStage | null): TripStage | null {
  if (current === null) return TRIP_STAGES[0];
  return TRIP_STAGES[stageIndex(current) + 1] ?? null;
}

/** The stages at which the car has phone-worthy news: it left, cleared a checkpoint, arrived. */
export const PUSHED_STAGES: readonly TripStage[] = [
  'departed',
  'cleared-exit-checkpoint',
  'cleared-entry-checkpoint',
  'arrived',
];

export function isPushedStage(stage: TripStage): boolean {
  return PUSHED_STAGES.includes(stage);
}

/**
 * Stages only go forward: a later one may skip some, an earlier or equal one is refused (409).
 *
 * @example assertStageForward('departed', 'at-pickup')
 *   // throws TRIP_STAGE_NOT_FORWARD 'The trip is already at "Departed": stages only go forward'
 */
export function assertStageForward(
  current: TripStage | null,
  next: TripStage,
  labelOf: (s: TripStage) => string,
): void {
  if (current !== null && stageIndex(next) <= stageIndex(current)) {
    throw new DomainError(
      'TRIP_STAGE_NOT_FORWARD',
      `The trip is already at "${labelOf(current)}": stages only go forward`,
    );
  }
}

/** When the trip window opens and closes for a ride leaving at `departure`. */
export function tripWindow(departure: Date | string, hoursBefore: number): { opens: Date; closes: Date } {
  const at = new Date(departure).getTime();
  return {
    opens: new Date(at - hoursBefore * HOUR_MS),
    closes: new Date(at + TRIP_WINDOW_HOURS_AFTER * HOUR_MS),
  };
}

/**
 * Whether `now` is inside the trip window: from `hoursBefore` hours before departure to 24 hours
 * after it, both ends included.
 */
export function isInTripWindow(departure: Date | string, hoursBefore: number, now: Date): boolean {
  const { opens, closes } = tripWindow(departure, hoursBefore);
  return now.getTime() >= opens.getTime() && now.getTime() <= closes.getTime();
}

/**
 * OUTSIDE_TRIP_WINDOW (409) naming the window when `now` is outside it.
 *
 * @example assertInTripWindow('2026-12-01T02:00:00Z', 3, new Date('2026-11-30T20:00:00Z'))
 *   // throws 'The trip can be updated from 3 hours before departure to 24 hours after it:
 *   //   Mon, 30 Nov 2026, 11:00 pm to Wed, 2 Dec 2026, 10:00 am'
 */
export function assertInTripWindow(departure: Date | string, hoursBefore: number, now: Date): void {
  if (isInTripWindow(departure, hoursBefore, now)) return;
  const { opens, closes } = tripWindow(departure, hoursBefore);
  throw new DomainError(
    'OUTSIDE_TRIP_WINDOW',
    `The trip can be updated from ${String(hoursBefore)} hours before departure to ${String(TRIP_WINDOW_HOURS_AFTER)} hours after it: ${formatRideDate(opens)} to ${formatRideDate(closes)}`,
  );
}

/**
 * Stages follow the clock (docs/trip-day.md#clock): `departed` and every later stage from
 * `departEarlyMinutes` before the departure time, `arrived` not before the departure time itself.
 * TRIP_TOO_EARLY (409) saying when it becomes possible, in Singapore time.
 *
 * @example assertStageOnTime('arrived', '2031-03-01T02:00:00Z', 30, new Date('2031-03-01T01:00:00Z'))
 *   // throws '"Arrived" can be posted from the departure time: Sat, 1 Mar 2031, 10:00 am'
 */
export function assertStageOnTime(
  stage: TripStage,
  departure: Date | string,
  departEarlyMinutes: number,
  now: Date,
  labelOf: (s: TripStage) => string = (s) => s,
): void {
  const from = stageOpensAt(stage, departure, departEarlyMinutes);
  if (from === null || now.getTime() >= from.getTime()) return;
  const when = stage === 'arrived' ? 'the departure time' : `${String(departEarlyMinutes)} minutes before departure`;
  throw new DomainError('TRIP_TOO_EARLY', `"${labelOf(stage)}" can be posted from ${when}: ${formatRideDate(from)}`);
}

/**
 * From when `stage` may be posted by the clock (docs/trip-day.md#clock): `arrived` from the
 * departure time, `departed` and the other later stages from `departEarlyMinutes` before it; null
 * for `at-pickup`, which needs only the trip window.
 *
 * @example stageOpensAt('departed', '2031-03-01T02:00:00Z', 30)?.toISOString() // '2031-03-01T01:30:00.000Z'
 */
export function stageOpensAt(stage: TripStage, departure: Date | string, departEarlyMinutes: number): Date | null {
  const at = new Date(departure).getTime();
  if (stage === 'arrived') return new Date(at);
  if (stageIndex(stage) >= DEPARTED_INDEX) return new Date(at - departEarlyMinutes * 60_000);
  return null;
}

/** Whether the car has set off at `stage` (`departed` or later). */
export function isDepartedStage(stage: TripStage | null): boolean {
  return stage !== null && stageIndex(stage) >= DEPARTED_INDEX;
}

/**
 * A ride takes nobody new once it is closed (docs/trip-day.md#closed): cancelled, completed, or the
 * car has departed. RIDE_CLOSED (409) for a join, a waitlist join or an accepted offer; a cancelled
 * ride answers as joins always did (RIDE_CANCELLED).
 */
export function assertRideTakesRiders(ride: { status: string }, current: TripStage | null): void {
  if (ride.status === 'completed') {
    throw new DomainError('RIDE_CLOSED', 'This ride is completed: it takes nobody new');
  }
  if (isDepartedStage(current)) {
    throw new DomainError('RIDE_CLOSED', 'This ride has departed: it takes nobody new');
  }
}

/**
 * The newest stage may be taken back within 10 minutes of its posting, only by whoever posted it.
 * NOT_TRIP_CREW (403) for anyone else, UNDO_NOT_ALLOWED (409) with no stage or once too late.
 */
export function assertCanUndoStage(
  last: { postedBy: number | null; postedAt: Date | string } | null,
  actorId: number,
  now: Date,
): void {
  if (last === null) throw new DomainError('UNDO_NOT_ALLOWED', 'No stage has been posted on this trip yet');
  if (last.postedBy !== actorId) {
    throw new DomainError('NOT_TRIP_CREW', 'Only whoever posted the latest stage can take it back');
  }
  if (now.getTime() - new Date(last.postedAt).getTime() > STAGE_UNDO_MINUTES * 60_000) {
    throw new DomainError(
      'UNDO_NOT_ALLOWED',
      `A stage can only be taken back within ${String(STAGE_UNDO_MINUTES)} minutes of posting it`,
    );
  }
}

export function isLateMinutes(value: unknown): value is LateMinutes {
  return typeof value === 'number' && (LATE_MINUTES as readonly number[]).includes(value);
}

export const LATE_MINUTES_MESSAGE = 'Say how late you are running: 5, 10, 15 or 30 minutes';

/**
 * No-shows are marked once the departure time has come and the car has departed (`departed` or a
 * later stage posted), until the trip window closes 24 hours after departure (docs/trip-day.md#clock).
 * TRIP_TOO_EARLY (409, naming the departure time) before the departure time, RIDE_NOT_DEPARTED (409)
 * before `departed`, OUTSIDE_TRIP_WINDOW after.
 */
export function assertNoShowOpen(current: TripStage | null, departure: Date | string, now: Date): void {
  if (now.getTime() > tripWindow(departure, 0).closes.getTime()) {
    throw new DomainError(
      'OUTSIDE_TRIP_WINDOW',
      `No-shows can only be marked until ${String(TRIP_WINDOW_HOURS_AFTER)} hours after departure`,
    );
  }
  if (now.getTime() < new Date(departure).getTime()) {
    throw new DomainError(
      'TRIP_TOO_EARLY',
      `No-shows can be marked from the departure time: ${formatRideDate(new Date(departure))}`,
    );
  }
  if (!isDepartedStage(current)) {
    throw new DomainError('RIDE_NOT_DEPARTED', 'No-shows can only be marked once the car has departed');
  }
}

/**
 * When a ride's share links lapse: 24 hours after departure, or 6 hours after `arrived` when that
 * comes first.
 *
 * @example shareExpiresAt('2026-12-01T02:00:00Z', null).toISOString() // '2026-12-02T02:00:00.000Z'
 */
export function shareExpiresAt(departure: Date | string, arrivedAt: Date | string | null): Date {
  const afterDeparture = new Date(departure).getTime() + SHARE_HOURS_AFTER_DEPARTURE * HOUR_MS;
  if (arrivedAt === null) return new Date(afterDeparture);
  return new Date(Math.min(afterDeparture, new Date(arrivedAt).getTime() + SHARE_HOURS_AFTER_ARRIVED * HOUR_MS));
}

export function isShareLive(expiresAt: Date, now: Date): boolean {
  return now.getTime() < expiresAt.getTime();
}

/** SHARE_LIMIT_REACHED (409) when the member already holds the most live links for this ride. */
export function assertCanShare(liveLinks: number, expiresAt: Date, now: Date): void {
  if (!isShareLive(expiresAt, now)) {
    throw new DomainError('OUTSIDE_TRIP_WINDOW', 'This trip has ended: it can no longer be shared');
  }
  if (liveLinks >= MAX_LIVE_SHARES) {
    throw new DomainError(
      'SHARE_LIMIT_REACHED',
      `You already have ${String(MAX_LIVE_SHARES)} live links for this trip: revoke one first`,
    );
  }
}

/**
 * What the rides list says of a ride in progress (a stage posted, not yet `arrived`), or null:
 * 'On the way · cleared Tuas 10:42' (the time in Singapore).
 */
export function tripProgressText(
  latest: { stage: TripStage; at: Date | string } | null,
  direction: Direction,
  crossing: Crossing,
): string | null {
  if (latest === null || latest.stage === 'arrived') return null;
  const time = toSingaporeInputValue(latest.at).slice(11, 16);
  return `On the way · ${stageShortLabel(latest.stage, direction, crossing)} ${time}`;
}
