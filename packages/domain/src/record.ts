/**
 * A member's record (docs/record.md): what counts as a completed trip, a late cancellation, a late
 * leave, an on-time departure, and who may give whom a thumb after a completed ride. The API
 * counts with these rules and the web app explains them with the same numbers. The schemas that
 * read these limits are in `schemas/record.ts`.
 */
import type { Direction } from './constants';
import { DomainError } from './errors';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** An organiser's cancellation or a rider's leave this close to departure (or later) is late. */
export const LATE_NOTICE_HOURS = 24;
/** The vendor's `departed` stage this many minutes after departure is still on time. */
export const ON_TIME_MINUTES = 15;
/** Thumbs are given, and changed, until this many days after the ride was completed. */
export const RATING_WINDOW_DAYS = 14;
/** A thumb's note holds at most this many characters. */
export const MAX_RATING_NOTE_LENGTH = 280;
/** The subject hears of new thumbs at most once in this many hours. */
export const THUMB_NOTICE_EVERY_HOURS = 24;

export const THUMB_VALUES = ['up', 'down'] as const;
export type ThumbValue = (typeof THUMB_VALUES)[number];

/** The record of one member, as `GET /api/users/:id/record` answers it. */
export interface MemberRecord {
  tripsCompleted: number;
  /** `removedLate`: rides from which they took a rider off within 24 hours of departure. */
  asOrganizer: { completed: number; cancelledLate: number; removedLate: number };
  asRider: { completed: number; noShows: number; leftLate: number };
  /** Null for a member who never was a vendor. */
  asVendor: { completed: number; onTime: number; late: number } | null;
  thumbs: { up: number; down: number };
}

/** A thumb the caller gave on a ride (`GET /api/rides/:id/ratings/mine`). */
export interface GivenThumb {
  subjectId: number;
  value: ThumbValue;
  note: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Whom the caller may thumb on a ride, what they gave, and until when (the web app's thumbs card). */
export interface RideThumbs {
  /** Whether thumbs may be given or changed now. */
  open: boolean;
  /** When thumbs close (ISO); null until the ride is completed. */
  closesAt: string | null;
  /** `discordVerified`: the member's username is their verified Discord name (docs/sign-in.md#verified). */
  subjects: { id: number; name: string; role: 'organizer' | 'vendor' | 'rider'; discordVerified: boolean }[];
  given: GivenThumb[];
}

/**
 * A thumb as its subject reads it (docs/record.md#thumbs): its value and note, never who gave it,
 * on which ride or when; the note only once two or more members have given the subject a thumb.
 */
export interface ReceivedThumb {
  id: number;
  value: ThumbValue;
  note: string | null;
}

/** Notes reach their subject once at least this many different members have given them a thumb. */
export const NOTE_READERS_MIN_GIVERS = 2;

/** A thumb as the administrator reads it: who gave it to whom, on which ride and when, with the note. */
export interface AdminThumb extends ReceivedThumb {
  rideId: number;
  rideDirection: Direction;
  rideDate: string;
  updatedAt: string;
  rater: { id: number; name: string };
  subject: { id: number; name: string };
}

/**
 * Whether something done at `at` for a ride departing at `departure` came within
 * {@link LATE_NOTICE_HOURS} of it (or after it): a late cancellation or a late leave.
 *
 * @example isLateNotice(new Date('2026-12-01T10:00:00Z'), new Date('2026-12-02T02:00:00Z')) // true
 * @example isLateNotice(new Date('2026-11-30T10:00:00Z'), new Date('2026-12-02T02:00:00Z')) // false
 */
export function isLateNotice(at: Date, departure: Date): boolean {
  return at.getTime() > departure.getTime() - LATE_NOTICE_HOURS * HOUR_MS;
}

/**
 * A member with nothing on their record yet: no trip, no late cancellation or leave, no no-show and
 * no thumb. The app says "New member" rather than a row of zeros.
 */
export function isNewMember(record: MemberRecord): boolean {
  const counts = [
    record.tripsCompleted,
    record.asOrganizer.cancelledLate,
    record.asOrganizer.removedLate,
    record.asRider.noShows,
    record.asRider.leftLate,
    record.asVendor?.late ?? 0,
    record.thumbs.up,
    record.thumbs.down,
  ];
  return counts.every((count) => count === 0);
}

/** A completed ride's party, as the rating rules read it. */
export interface RatingParty {
  creatorId: number;
  /** The assigned vendor; null when none. */
  vendorId: number | null;
  /** Members with an entry on the ride (the organiser's own entry included or not). */
  riderIds: readonly number[];
  /** Riders marked as not showing up (docs/trip-day.md#no-shows): they did not travel. */
  noShowIds: readonly number[];
}

/**
 * Whether `userId` travelled on the ride: its organiser, its assigned vendor, or a rider on it who
 * was not marked as not showing up. Nobody joins a ride once it departed (docs/trip-day.md#closed),
 * so a rider on it now was on it when it departed.
 */
export function travelledOn(party: RatingParty, userId: number): boolean {
  if (userId === party.creatorId || userId === party.vendorId) return true;
  return party.riderIds.includes(userId) && !party.noShowIds.includes(userId);
}

/** Whether `userId` is in the ride's party: its organiser, a rider on it or its assigned vendor. */
export function isInRatingParty(party: RatingParty, userId: number): boolean {
  return userId === party.creatorId || userId === party.vendorId || party.riderIds.includes(userId);
}

/**
 * Whom `raterId` may give a thumb on a completed ride: every member of the party rates the
 * organiser and the assigned vendor; the organiser also rates each rider. Never oneself.
 *
 * A rider marked as not showing up rates nobody.
 *
 * @example rateableSubjects({ creatorId: 1, vendorId: 9, riderIds: [1, 2, 3], noShowIds: [] }, 2) // [1, 9]
 * @example rateableSubjects({ creatorId: 1, vendorId: 9, riderIds: [1, 2, 3], noShowIds: [] }, 1) // [9, 2, 3]
 * @example rateableSubjects({ creatorId: 1, vendorId: 9, riderIds: [1, 2, 3], noShowIds: [3] }, 3) // []
 */
export function rateableSubjects(party: RatingParty, raterId: number): number[] {
  if (!travelledOn(party, raterId)) return [];
  const subjects = [party.creatorId, ...(party.vendorId === null ? [] : [party.vendorId])];
  if (raterId === party.creatorId) subjects.push(...party.riderIds);
  return [...new Set(subjects)].filter((id) => id !== raterId);
}

export const RATING_NOT_IN_PARTY_MESSAGE = "Only the ride's organizer, its riders and its driver can give thumbs";
export const RATING_SELF_MESSAGE = 'You cannot give yourself a thumb';
export const RATING_RIDER_MESSAGE =
  'Riders give thumbs to the organizer and the driver; only the organizer rates riders';
export const RATING_SUBJECT_MESSAGE = 'That member was not on this ride';
export const RATING_NO_SHOW_MESSAGE =
  'You were marked as not showing up on this ride: only members who travelled give thumbs';
export const RATING_NOT_COMPLETED_MESSAGE = 'Thumbs open once the ride is completed';
export const RATING_CLOSED_MESSAGE = `Thumbs close ${String(RATING_WINDOW_DAYS)} days after the ride was completed`;
export const RATING_REMOVED_MESSAGE = 'An administrator removed this thumb; it cannot be given again';

/**
 * Refuses a thumb the rules do not allow (docs/record.md#thumbs), in this order: a rater outside
 * the party or rating themselves (NOT_IN_PARTY, CANNOT_RATE: 403), a rider who did not travel
 * (marked as not showing up: CANNOT_RATE, 403), a subject outside the party
 * (SUBJECT_NOT_IN_PARTY: 400), a rider rating another rider (CANNOT_RATE: 403), a ride not
 * completed (RIDE_NOT_COMPLETED: 409) and a ride completed more than {@link RATING_WINDOW_DAYS} days
 * ago (RATING_CLOSED: 409).
 */
export function assertCanRate(args: {
  party: RatingParty;
  raterId: number;
  subjectId: number;
  status: string;
  completedAt: Date | null;
  now: Date;
}): void {
  const { party, raterId, subjectId } = args;
  if (!isInRatingParty(party, raterId)) throw new DomainError('NOT_IN_PARTY', RATING_NOT_IN_PARTY_MESSAGE);
  if (raterId === subjectId) throw new DomainError('CANNOT_RATE', RATING_SELF_MESSAGE);
  if (!travelledOn(party, raterId)) throw new DomainError('CANNOT_RATE', RATING_NO_SHOW_MESSAGE);
  if (!isInRatingParty(party, subjectId)) throw new DomainError('SUBJECT_NOT_IN_PARTY', RATING_SUBJECT_MESSAGE);
  if (!rateableSubjects(party, raterId).includes(subjectId)) throw new DomainError('CANNOT_RATE', RATING_RIDER_MESSAGE);
  if (args.status !== 'completed' || args.completedAt === null) {
    throw new DomainError('RIDE_NOT_COMPLETED', RATING_NOT_COMPLETED_MESSAGE);
  }
  if (!isRatingOpen(args.completedAt, args.now)) throw new DomainError('RATING_CLOSED', RATING_CLOSED_MESSAGE);
}

/**
 * Whether thumbs of a ride completed at `completedAt` may still be given or changed at `now`.
 *
 * @example isRatingOpen(new Date('2026-12-01T00:00:00Z'), new Date('2026-12-15T00:00:00Z')) // true
 */
export function isRatingOpen(completedAt: Date, now: Date): boolean {
  return now.getTime() <= ratingClosesAt(completedAt).getTime();
}

/** When thumbs of a ride completed at `completedAt` close: {@link RATING_WINDOW_DAYS} days later. */
export function ratingClosesAt(completedAt: Date): Date {
  return new Date(completedAt.getTime() + RATING_WINDOW_DAYS * DAY_MS);
}
