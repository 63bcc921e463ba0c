/**
 * The day of the trip (docs/trip-day.md): the party follows the car stage by stage, riders say
 * they are running late, the crew marks no-shows, and members share a link family can follow.
 * Every write locks the ride row first, so two posters on one ride (on one instance or two) run
 * one after the other and the second sees the first's stage.
 */
import type { Database, Db } from '@rideshare/db';
import {
  assertCanUndoStage,
  assertInTripWindow,
  assertNoShowOpen,
  assertNotCancelled,
  assertStageForward,
  assertStageOnTime,
  assertTripCrew,
  DomainError,
  isDepartedStage,
  isPushedStage,
  LATE_RIDERS_ONLY_MESSAGE,
  messageAuthorName,
  notFound,
  stageLabel,
  TRIP_CANCELLED_MESSAGE,
  TRIP_FORBIDDEN_MESSAGE,
  TRIP_PUSH_EVERY_MINUTES,
  type TripStage,
} from '@rideshare/domain';
import type { Kysely, Transaction } from 'kysely';

import { publishRideEvent, publishUserEvent } from '../events/publish';
import { findChatRide, type ChatRide } from '../repositories/message-repository';
import { deleteUnreadRideNotices, foldRideNotifications } from '../repositories/notification-repository';
import {
  claimTripPushes,
  deleteNoShow,
  deleteNoShowsSince,
  deleteStage,
  findRideEntry,
  insertNoShow,
  insertStage,
  listLateNotices,
  listNoShows,
  listNoShowUserIds,
  listStages,
  reopenCompletedRide,
  type StageRow,
  upsertLateNotice,
} from '../repositories/trip-repository';
import { type ChatMember } from './message-service';
import { assertPartyMember, lockRide, partyMemberIds, readParty } from './ride-party';
import { finishRide } from './vendor-service';
import type { z } from 'zod';
import type { tripOutput } from '../routers/trip.outputs';

/** The ride as the trip reads it: the chat's read (same party and lock, docs/architecture.md#ride-party). */
export type TripRide = ChatRide;

/** Who calls: the signed-in member with their vendor standing. */
export type TripMember = ChatMember;

/** One stage on the timeline: when it was reached and who posted it. */
export type TripStageView = TripView['stages'][number];

/** The trip as the party sees it (GET /api/rides/:id/trip). */
export type TripView = z.output<typeof tripOutput>;

export function rideOrNotFound(ride: TripRide | null): TripRide {
  if (!ride) throw notFound('ride');
  return ride;
}

export const currentOf = (stages: readonly StageRow[]): StageRow | null => stages.at(-1) ?? null;

function stageView(ride: TripRide, row: StageRow): TripStageView {
  const name = messageAuthorName(row.postedByRole, {
    name: row.posterName,
    discordUsername: row.posterDiscordUsername ?? 'former member',
    companyName: row.posterCompanyName,
  });
  return {
    stage: row.stage,
    label: stageLabel(row.stage, ride.direction, ride.crossing),
    at: row.postedAt.toISOString(),
    by: { id: row.postedBy, name, role: row.postedByRole },
  };
}

async function readTrip(db: Db, ride: TripRide): Promise<TripView> {
  const stages = await listStages(db, ride.id);
  const late = await listLateNotices(db, ride.id);
  return {
    crossing: ride.crossing,
    stages: stages.map((row) => stageView(ride, row)),
    current: currentOf(stages)?.stage ?? null,
    late: late.map((row) => ({
      userId: row.userId,
      name: messageAuthorName('passenger', { name: row.name, discordUsername: row.discordUsername, companyName: null }),
      minutes: row.minutes,
      at: row.sentAt.toISOString(),
    })),
    noShows: await listNoShows(db, ride.id),
  };
}

/** The trip of a ride, for its party (organizer, riders, assigned approved vendor). */
export async function getTrip(db: Db, args: { rideId: number; member: TripMember }): Promise<TripView> {
  const ride = rideOrNotFound(await findChatRide(db, args.rideId));
  await assertPartyMember(db, ride, args.member, TRIP_FORBIDDEN_MESSAGE);
  return readTrip(db, ride);
}

/**
 * Tells the party but `except` of a trip change (docs/trip-day.md#notices): one unread notice of
 * `kind` per member and ride, replaced by the next; quiet unless `loud`. A loud one reaches a
 * member's phone only when they had no phone notification of the same news (`pushKind`: the stage,
 * or 'no-show') about the ride in the last TRIP_PUSH_EVERY_MINUTES; the others get it quietly.
 */
async function tellParty(
  trx: Transaction<Database>,
  ride: TripRide,
  recipients: readonly number[],
  notice: {
    kind: 'trip_stage' | 'trip_late' | 'trip_no_show';
    detail: string | null;
    loud: false | { pushKind: string; now: Date };
  },
): Promise<void> {
  if (recipients.length === 0) return;
  const folded = {
    kind: notice.kind,
    rideId: ride.id,
    rideDirection: ride.direction,
    rideDate: ride.date,
    detail: notice.detail,
  };
  const pushed = notice.loud
    ? await claimTripPushes(trx, {
        rideId: ride.id,
        userIds: recipients,
        kind: notice.loud.pushKind,
        now: notice.loud.now,
        since: new Date(notice.loud.now.getTime() - TRIP_PUSH_EVERY_MINUTES * 60_000),
      })
    : new Set<number>();
  const quiet = recipients.filter((id) => !pushed.has(id));
  await foldRideNotifications(trx, [...pushed], folded, { quiet: false });
  await foldRideNotifications(trx, quiet, folded, { quiet: true });
  for (const userId of new Set(recipients)) await publishUserEvent(trx, 'notifications.changed', userId, ride.id);
}

type TripWrite = { rideId: number; member: TripMember; now: Date; hoursBefore: number };
type StageWrite = TripWrite & { departEarlyMinutes: number };

/**
 * Opens a trip write: locks the ride, checks the caller is of the party (answers their role),
 * that the ride is not cancelled and, unless `window` is false, that now is inside the trip window.
 */
async function openWrite(
  trx: Transaction<Database>,
  args: Pick<TripWrite, 'rideId' | 'member' | 'now' | 'hoursBefore'>,
  window = true,
): Promise<{ ride: TripRide; role: 'organizer' | 'passenger' | 'vendor' }> {
  const ride = rideOrNotFound(await lockRide(trx, args.rideId));
  const role = await assertPartyMember(trx, ride, args.member, TRIP_FORBIDDEN_MESSAGE);
  return { ride, role: checkOpen(ride, role, args, window) };
}

function checkOpen<R>(ride: TripRide, role: R, args: Pick<TripWrite, 'now' | 'hoursBefore'>, window: boolean): R {
  assertNotCancelled(ride, TRIP_CANCELLED_MESSAGE);
  if (window) assertInTripWindow(ride.date, args.hoursBefore, args.now);
  return role;
}

/**
 * The organizer or the assigned approved vendor posts the next stage (any later one: stages may be
 * skipped, never repeated or taken backwards), on the clock's terms (domain `assertStageOnTime`:
 * `departed` and later from TRIP_DEPART_EARLY_MINUTES before departure, `arrived` from departure).
 * `arrived` completes the ride through the same write as the vendor's Complete.
 */
export async function postStage(db: Kysely<Database>, args: StageWrite & { stage: TripStage }): Promise<TripView> {
  return db.transaction().execute(async (trx) => {
    const { ride, role } = await openWrite(trx, args);
    const posterRole = assertTripCrew(role);
    const stages = await listStages(trx, ride.id);
    const label = (stage: TripStage) => stageLabel(stage, ride.direction, ride.crossing);
    assertStageForward(currentOf(stages)?.stage ?? null, args.stage, label);
    assertStageOnTime(args.stage, ride.date, args.departEarlyMinutes, args.now, label);
    await insertStage(trx, {
      rideId: ride.id,
      stage: args.stage,
      postedBy: args.member.id,
      postedByRole: posterRole,
      postedAt: args.now,
    });
    if (args.stage === 'arrived' && ride.status !== 'completed') await finishRide(trx, ride.id, args.now);
    const party = partyMemberIds(await readParty(trx, ride)).filter((id) => id !== args.member.id);
    await tellParty(trx, ride, party, {
      kind: 'trip_stage',
      detail: label(args.stage),
      loud: isPushedStage(args.stage) && { pushKind: args.stage, now: args.now },
    });
    await publishRideEvent(trx, 'trip.changed', ride.id);
    return readTrip(trx, ride);
  });
}

/**
 * Whoever posted the newest stage takes it back within 10 minutes (docs/trip-day.md#undo), and
 * nobody's phone hears of it. Taking back `arrived` reopens the ride it completed; taking back the
 * car's departure takes back the no-shows marked since.
 */
export async function undoStage(db: Kysely<Database>, args: TripWrite): Promise<TripView> {
  return db.transaction().execute(async (trx) => {
    const { ride } = await openWrite(trx, args, false);
    const stages = await listStages(trx, ride.id);
    const last = currentOf(stages);
    assertCanUndoStage(last, args.member.id, args.now);
    if (!last) return readTrip(trx, ride);
    await deleteStage(trx, last.id);
    if (last.stage === 'arrived' && (await reopenCompletedRide(trx, ride.id, last.postedAt))) {
      await publishRideEvent(trx, 'ride.edited', ride.id);
    }
    const before = stages.at(-2)?.stage ?? null;
    if (isDepartedStage(last.stage) && !isDepartedStage(before)) {
      // The car had not left after all: no-shows marked since it "departed" go (docs/trip-day.md#clock).
      for (const userId of new Set(await deleteNoShowsSince(trx, ride.id, last.postedAt))) {
        await deleteUnreadRideNotices(trx, { userId, rideId: ride.id, kinds: ['trip_no_show'], since: new Date(0) });
        await publishUserEvent(trx, 'notifications.changed', userId, ride.id);
      }
    }
    await publishRideEvent(trx, 'trip.changed', ride.id);
    return readTrip(trx, ride);
  });
}

/** A rider (the organizer rides too) says how late they are running; a second notice replaces the first. */
export async function sendLateNotice(db: Kysely<Database>, args: TripWrite & { minutes: number }): Promise<TripView> {
  return db.transaction().execute(async (trx) => {
    const { ride, role } = await openWrite(trx, args);
    if (role === 'vendor') throw new DomainError('NOT_IN_PARTY', LATE_RIDERS_ONLY_MESSAGE);
    await upsertLateNotice(trx, { rideId: ride.id, userId: args.member.id, minutes: args.minutes, sentAt: args.now });
    const view = await readTrip(trx, ride);
    const name = view.late.find((row) => row.userId === args.member.id)?.name ?? 'A rider';
    const party = partyMemberIds(await readParty(trx, ride)).filter((id) => id !== args.member.id);
    await tellParty(trx, ride, party, { kind: 'trip_late', detail: `${name} · ${String(args.minutes)}`, loud: false });
    await publishRideEvent(trx, 'trip.changed', ride.id);
    return view;
  });
}

type NoShowWrite = Omit<TripWrite, 'hoursBefore'> & { passengerId: number };

/**
 * The crew marks a party as not showing up (`marked` true) or takes the mark back, once the car
 * departed and until 24 hours after departure. The rider is told; so is the rest of the party.
 */
export async function setNoShow(db: Kysely<Database>, args: NoShowWrite & { marked: boolean }): Promise<TripView> {
  return db.transaction().execute(async (trx) => {
    const ride = rideOrNotFound(await lockRide(trx, args.rideId));
    assertTripCrew(await assertPartyMember(trx, ride, args.member, TRIP_FORBIDDEN_MESSAGE));
    assertNotCancelled(ride, TRIP_CANCELLED_MESSAGE);
    const entry = await findRideEntry(trx, ride.id, args.passengerId);
    if (!entry) throw new DomainError('NOT_PASSENGER_OF_RIDE', 'That party is not on this ride');
    if (entry.userId === ride.creatorId) {
      throw new DomainError('CANNOT_REMOVE_ORGANIZER', "The organizer's own party cannot be marked as not showing up");
    }
    assertNoShowOpen(currentOf(await listStages(trx, ride.id))?.stage ?? null, ride.date, args.now);
    const name = messageAuthorName('passenger', { ...entry, companyName: null });
    if (args.marked) {
      const added = await insertNoShow(trx, {
        rideId: ride.id,
        passengerId: entry.id,
        userId: entry.userId,
        markedBy: args.member.id,
        markedAt: args.now,
      });
      if (added) {
        await tellParty(trx, ride, [entry.userId], {
          kind: 'trip_no_show',
          detail: null,
          loud: { pushKind: 'no-show', now: args.now },
        });
        // A marked rider keeps the notice about themselves rather than hear of the next one.
        const marked = new Set([args.member.id, ...(await listNoShowUserIds(trx, ride.id))]);
        const others = partyMemberIds(await readParty(trx, ride)).filter((id) => !marked.has(id));
        await tellParty(trx, ride, others, { kind: 'trip_no_show', detail: name, loud: false });
      }
    } else if (await deleteNoShow(trx, ride.id, entry.id)) {
      // The rider's unread notice of the mark goes with it.
      await deleteUnreadRideNotices(trx, {
        userId: entry.userId,
        rideId: ride.id,
        kinds: ['trip_no_show'],
        since: new Date(0),
      });
      await publishUserEvent(trx, 'notifications.changed', entry.userId, ride.id);
    }
    await publishRideEvent(trx, 'trip.changed', ride.id);
    return readTrip(trx, ride);
  });
}
