/**
 * A member's record and the thumbs of completed rides (docs/record.md). Giving a thumb locks the
 * ride row, so the party it is checked against stays as read until the thumb is written, and two
 * identical calls at once run one after the other: the second changes the first's thumb.
 */
import type { Database, Db } from '@rideshare/db';
import {
  assertCanRate,
  DomainError,
  type GivenThumb,
  isInRatingParty,
  isRatingOpen,
  notFound,
  rateableSubjects,
  ratingClosesAt,
  type RideThumbs,
  type MemberRecord,
  RATING_NOT_IN_PARTY_MESSAGE,
  RATING_REMOVED_MESSAGE,
  type RatingInput,
  type RatingParty,
  type ReceivedThumb,
  THUMB_NOTICE_EVERY_HOURS,
} from '@rideshare/domain';
import type { Kysely, Transaction } from 'kysely';

import { publishUserEvent } from '../events/publish';
import { foldRideNotifications } from '../repositories/notification-repository';
import {
  claimThumbNotice,
  findThumbForUpdate,
  insertThumb,
  listGivenThumbs,
  listReceivedThumbs,
  readRecord,
  removeThumb,
  subjectNames,
  verifiedUserIds,
  updateThumb,
} from '../repositories/record-repository';
import { listNoShowUserIds } from '../repositories/trip-repository';
import { findRide, lockExistingRide, readParty, type PartyRide } from './ride-party';

/** The record of a member; 404 when there is no such member. */
export async function memberRecord(db: Kysely<Database>, userId: number): Promise<MemberRecord> {
  const record = await readRecord(db, userId);
  if (!record) throw notFound('user');
  return record;
}

/**
 * The ride's party as the thumbs read it (docs/record.md#thumbs): the one party
 * (src/services/ride-party.ts, the vendor while approved) with the riders marked as not showing up.
 */
async function ratingPartyOf(db: Db, ride: PartyRide): Promise<RatingParty> {
  const party = await readParty(db, ride);
  return {
    creatorId: party.organiserId,
    vendorId: party.vendorId,
    riderIds: party.riders.map((rider) => rider.userId),
    noShowIds: await listNoShowUserIds(db, ride.id),
  };
}

/**
 * Tells the subject of a new thumb, without who gave it, at most once in THUMB_NOTICE_EVERY_HOURS
 * (docs/record.md#notices): thumbs in between only count.
 */
async function tellSubject(trx: Transaction<Database>, ride: PartyRide, subjectId: number, now: Date) {
  const since = new Date(now.getTime() - THUMB_NOTICE_EVERY_HOURS * 3_600_000);
  if (!(await claimThumbNotice(trx, subjectId, now, since))) return;
  await foldRideNotifications(trx, [subjectId], {
    kind: 'thumb_received',
    rideId: ride.id,
    rideDirection: ride.direction,
    rideDate: ride.date,
    detail: null,
  });
  await publishUserEvent(trx, 'notifications.changed', subjectId, ride.id);
}

/**
 * Gives (or changes) the caller's thumb for one member of a completed ride's party (domain
 * `assertCanRate`). A thumb an administrator removed is not given again. Answers the thumb.
 */
export async function giveThumb(
  db: Kysely<Database>,
  args: RatingInput & { raterId: number; now: Date },
): Promise<GivenThumb> {
  const { raterId, subjectId, now } = args;
  return db.transaction().execute(async (trx) => {
    const ride = await lockExistingRide(trx, args.rideId);
    const party = await ratingPartyOf(trx, ride);
    assertCanRate({ party, raterId, subjectId, status: ride.status, completedAt: ride.completedAt, now });
    const key = { rideId: ride.id, raterId, subjectId };
    const existing = await findThumbForUpdate(trx, key);
    if (existing?.removedAt) throw new DomainError('RATING_CLOSED', RATING_REMOVED_MESSAGE);
    if (existing) {
      await updateThumb(trx, existing.id, { value: args.value, note: args.note, at: now });
    } else {
      await insertThumb(trx, { ...key, value: args.value, note: args.note, at: now });
      await tellSubject(trx, ride, subjectId, now);
    }
    return {
      subjectId,
      value: args.value,
      note: args.note,
      createdAt: (existing?.createdAt ?? now).toISOString(),
      updatedAt: now.toISOString(),
    };
  });
}

/** The ride's party as the caller may read it for thumbs: 404 without the ride, 403 outside its party. */
async function partyForRater(db: Kysely<Database>, rideId: number, raterId: number) {
  const ride = await findRide(db, rideId);
  if (!ride) throw notFound('ride');
  const party = await ratingPartyOf(db, ride);
  if (!isInRatingParty(party, raterId)) throw new DomainError('NOT_IN_PARTY', RATING_NOT_IN_PARTY_MESSAGE);
  return { ...party, status: ride.status, completedAt: ride.completedAt };
}

/** The thumbs the caller gave on a ride of theirs; 403 for anyone outside its party. */
export async function myThumbs(db: Kysely<Database>, args: { rideId: number; raterId: number }): Promise<GivenThumb[]> {
  await partyForRater(db, args.rideId, args.raterId);
  return listGivenThumbs(db, args.rideId, args.raterId);
}

/** Whom the caller may thumb on a ride of theirs (with names), what they gave and until when. */
export async function rideThumbs(
  db: Kysely<Database>,
  args: { rideId: number; raterId: number; now: Date },
): Promise<RideThumbs> {
  const party = await partyForRater(db, args.rideId, args.raterId);
  const ids = rateableSubjects(party, args.raterId);
  const names = await subjectNames(db, ids);
  const verified = await verifiedUserIds(db, ids);
  const completedAt = party.status === 'completed' ? party.completedAt : null;
  return {
    open: completedAt !== null && isRatingOpen(completedAt, args.now),
    closesAt: completedAt ? ratingClosesAt(completedAt).toISOString() : null,
    subjects: ids.map((id) => ({
      id,
      name: names.get(id) ?? 'A member',
      role: id === party.creatorId ? 'organizer' : id === party.vendorId ? 'vendor' : 'rider',
      discordVerified: verified.has(id),
    })),
    given: await listGivenThumbs(db, args.rideId, args.raterId),
  };
}

/** The thumbs a member received, with their notes: for the member themselves and administrators. */
export async function receivedThumbs(
  db: Kysely<Database>,
  args: { userId: number; viewer: { id: number; isAdmin: boolean } },
): Promise<ReceivedThumb[]> {
  if (args.viewer.id !== args.userId && !args.viewer.isAdmin) {
    throw new DomainError('NOT_OWN_PROFILE', 'Only the member and the administrators read the notes of their thumbs');
  }
  return listReceivedThumbs(db, args.userId);
}

/** An administrator removes a thumb and its note; 404 when there is no such thumb. */
export async function removeThumbAsAdmin(
  db: Kysely<Database>,
  args: { ratingId: number; adminId: number; now: Date },
): Promise<{ ok: true }> {
  const removed = await removeThumb(db, { id: args.ratingId, adminId: args.adminId, at: args.now });
  if (!removed) throw notFound('thumb');
  return { ok: true };
}
