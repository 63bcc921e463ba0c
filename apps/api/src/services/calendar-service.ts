/**
 * Calendar files: one ride's event for whoever may see the ride, a member's personal feed behind a
 * secret token (calendar apps cannot send cookies), and the member's management of that token.
 * What an event shows is the domain's (`calendar.ts`); the file is written by `calendar-file.ts`.
 */
import type { Database } from '@rideshare/db';
import {
  CALENDAR_FEED_FILENAME,
  CALENDAR_FEED_NAME,
  CALENDAR_FEED_PAST_DAYS,
  calendarFeedPath,
  isCalendarToken,
  isUnplaced,
  notFound,
  rideCalendarEvent,
  rideCalendarFilename,
  stopNumbers,
} from '@rideshare/domain';
import type { Kysely } from 'kysely';

import { generateLinkToken, hashLinkToken } from '../auth/link-token';
import {
  findCalendarFeedOf,
  findCalendarRide,
  findUserIdByCalendarTokenHash,
  listCalendarRidesOf,
  listCalendarStopEntries,
  setCalendarTokenHash,
  type CalendarRideRow,
} from '../repositories/calendar-repository';
import { writeCalendar } from './calendar-file';
import type { z } from 'zod';
import type { calendarFileOutput } from '../routers/calendar.outputs';

const DAY_MS = 86_400_000;

/** A calendar file as the REST adapter sends it. */
export type CalendarFile = z.output<typeof calendarFileOutput>;

type OwnStops = Map<number, number | 'unplaced' | null>;

const eventOf = (row: CalendarRideRow, origin: string, stops: OwnStops = new Map()) =>
  rideCalendarEvent(
    row,
    {
      ownLocation: row.ownLocation,
      ownShare: row.ownShareCents === null ? null : row.ownShareCents / 100,
      ownStop: stops.get(row.id) ?? null,
    },
    origin,
  );

/**
 * The reader's stop in each ride's route order they are on (docs/product.md#route-order): the
 * number every screen shows (domain `stopNumbers`), 'unplaced' for a late joiner of a locked order
 * not placed yet (docs/product.md#late-joiners), null while unnumbered.
 */
async function ownStopsOf(db: Kysely<Database>, rows: readonly CalendarRideRow[], userId: number | null) {
  const stops: OwnStops = new Map();
  if (userId === null) return stops;
  const entries = await listCalendarStopEntries(
    db,
    rows.filter((row) => row.ownLocation !== null).map((row) => row.id),
  );
  const byRide = new Map<number, typeof entries>();
  for (const entry of entries) byRide.set(entry.rideId, [...(byRide.get(entry.rideId) ?? []), entry]);
  for (const [rideId, list] of byRide) {
    const own = list.find((entry) => entry.userId === userId);
    if (!own) continue;
    const locked = own.sequenceLocked;
    stops.set(rideId, isUnplaced(locked, own) ? 'unplaced' : (stopNumbers(list).get(own.id) ?? null));
  }
  return stops;
}

/**
 * One ride's calendar file, for anyone who may see the ride (rides are public): its pick-up as the
 * reader may see it (a passenger's own SG->FC pick-up, otherwise the ride's public one). Unknown
 * ride: NOT_FOUND 'Ride not found'.
 */
export async function rideCalendarFile(
  db: Kysely<Database>,
  args: { rideId: number; viewerId: number | null; origin: string; now: Date },
): Promise<CalendarFile> {
  const row = await findCalendarRide(db, args.rideId, args.viewerId);
  if (!row) throw notFound('ride');
  return {
    filename: rideCalendarFilename(row.id),
    body: writeCalendar({
      events: [eventOf(row, args.origin, await ownStopsOf(db, [row], args.viewerId))],
      now: args.now,
    }),
  };
}

/** The same answer for a token that never existed, was rotated away or turned off. */
function feedNotFound(): never {
  throw notFound('calendarFeed');
}

/**
 * The personal feed behind a token: the rides its member organised, joined or (vendors) was
 * assigned, from 30 days ago on, cancelled ones marked CANCELLED. The token is looked up by its
 * SHA-256 only; an unknown one is NOT_FOUND.
 */
export async function personalFeedFile(
  db: Kysely<Database>,
  args: { token: string; origin: string; now: Date },
): Promise<CalendarFile> {
  if (!isCalendarToken(args.token)) feedNotFound();
  const userId = await findUserIdByCalendarTokenHash(db, hashLinkToken(args.token));
  if (userId === null) feedNotFound();
  const since = new Date(args.now.getTime() - CALENDAR_FEED_PAST_DAYS * DAY_MS);
  const rows = await listCalendarRidesOf(db, userId, since);
  const stops = await ownStopsOf(db, rows, userId);
  return {
    filename: CALENDAR_FEED_FILENAME,
    body: writeCalendar({
      events: rows.map((row) => eventOf(row, args.origin, stops)),
      now: args.now,
      name: CALENDAR_FEED_NAME,
    }),
  };
}

/** Whether the member has a feed, and since when (the URL itself is never shown again). */
export async function calendarFeedStatus(
  db: Kysely<Database>,
  userId: number,
): Promise<{ active: boolean; createdAt: string | null }> {
  const feed = await findCalendarFeedOf(db, userId);
  return { active: feed !== null, createdAt: feed ? feed.createdAt.toISOString() : null };
}

/**
 * Makes a new feed URL for the member, replacing the old one (which stops working at once). The
 * answer is the only time the full URL is shown: only the token's SHA-256 is stored.
 */
export async function rotateCalendarFeed(
  db: Kysely<Database>,
  args: { userId: number; origin: string; now: Date },
): Promise<{ url: string; createdAt: string }> {
  const token = generateLinkToken();
  const saved = await setCalendarTokenHash(db, args.userId, { hash: hashLinkToken(token), createdAt: args.now });
  if (!saved) throw notFound('user');
  return { url: `${args.origin.replace(/\/+$/, '')}${calendarFeedPath(token)}`, createdAt: args.now.toISOString() };
}

/** Turns the member's feed off: its URL answers 404 from now on. */
export async function disableCalendarFeed(db: Kysely<Database>, userId: number): Promise<{ active: false }> {
  await setCalendarTokenHash(db, userId, null);
  return { active: false };
}
