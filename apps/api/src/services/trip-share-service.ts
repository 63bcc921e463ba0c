/**
 * The links family can follow (docs/trip-day.md#share): made by a member of the party, revoked by
 * their maker or the ride's organizer, and dead once their maker is no longer of the party.
 */
import type { Database, Db } from '@rideshare/db';
import {
  assertCanShare,
  assertNotCancelled,
  isShareLive,
  messageAuthorName,
  notFound,
  shareExpiresAt,
  stageLabel,
  TRIP_CANCELLED_MESSAGE,
  TRIP_FORBIDDEN_MESSAGE,
} from '@rideshare/domain';
import type { Kysely } from 'kysely';

import { generateLinkToken, hashLinkToken } from '../auth/link-token';
import { findChatRide } from '../repositories/message-repository';
import {
  countShares,
  deleteShare,
  deleteShareById,
  listShares,
  findSharedRide,
  insertShare,
  listStages,
} from '../repositories/trip-repository';
import { assertPartyMember, lockRide, partyRole } from './ride-party';
import { currentOf, rideOrNotFound, type TripMember } from './trip-service';
import type { z } from 'zod';
import type { publicTripOutput, tripShareListOutput, tripShareOutput } from '../routers/trip.outputs';

/** The trip as a share link shows it: no names, numbers or addresses (GET /api/trip/:token). */
export type PublicTripView = z.output<typeof publicTripOutput>;

export type ShareLink = z.output<typeof tripShareOutput>;

async function arrivedAt(db: Db, rideId: number): Promise<Date | null> {
  return (await listStages(db, rideId)).find((row) => row.stage === 'arrived')?.postedAt ?? null;
}

/**
 * A member of the party makes a link family can follow without signing in; at most 5 live per
 * member and ride. Only the token's digest is kept.
 */
export async function createShareLink(
  db: Kysely<Database>,
  args: { rideId: number; member: TripMember; now: Date; origin: string },
): Promise<ShareLink> {
  return db.transaction().execute(async (trx) => {
    const ride = rideOrNotFound(await lockRide(trx, args.rideId));
    await assertPartyMember(trx, ride, args.member, TRIP_FORBIDDEN_MESSAGE);
    assertNotCancelled(ride, TRIP_CANCELLED_MESSAGE);
    const expiresAt = shareExpiresAt(ride.date, await arrivedAt(trx, ride.id));
    assertCanShare(await countShares(trx, ride.id, args.member.id), expiresAt, args.now);
    const token = generateLinkToken();
    await insertShare(trx, {
      rideId: ride.id,
      userId: args.member.id,
      tokenHash: hashLinkToken(token),
      createdAt: args.now,
    });
    return { token, url: `${args.origin}/t/${token}`, expiresAt: expiresAt.toISOString() };
  });
}

/**
 * Revokes a link for the ride: its maker revokes their own, the ride's organizer any link on it
 * (404 when it is neither theirs nor on their ride, or gone).
 */
export async function revokeShareLink(
  db: Kysely<Database>,
  args: { rideId: number; member: TripMember; token: string },
): Promise<{ revoked: true }> {
  return db.transaction().execute(async (trx) => {
    const ride = rideOrNotFound(await lockRide(trx, args.rideId));
    const role = await assertPartyMember(trx, ride, args.member, TRIP_FORBIDDEN_MESSAGE);
    const removed = await deleteShare(trx, {
      rideId: ride.id,
      userId: role === 'organizer' ? null : args.member.id,
      tokenHash: hashLinkToken(args.token),
    });
    if (!removed) throw notFound('tripLink');
    return { revoked: true as const };
  });
}

/** A live link on the ride as the list of links names it (never its token, which only its maker had). */
export type ShareLinkRow = z.output<typeof tripShareListOutput>[number];

/**
 * The live links on a ride the caller may revoke: the organizer sees every one (so they can take
 * back any), anyone else of the party their own. None once the trip's links have lapsed.
 */
export async function listShareLinks(
  db: Db,
  args: { rideId: number; member: TripMember; now: Date },
): Promise<ShareLinkRow[]> {
  const ride = rideOrNotFound(await findChatRide(db, args.rideId));
  const role = await assertPartyMember(db, ride, args.member, TRIP_FORBIDDEN_MESSAGE);
  const expiresAt = shareExpiresAt(ride.date, await arrivedAt(db, ride.id));
  if (ride.status === 'cancelled' || !isShareLive(expiresAt, args.now)) return [];
  const rows = await listShares(db, ride.id, role === 'organizer' ? null : args.member.id);
  return rows.map((row) => ({
    id: row.id,
    madeBy: {
      id: row.userId,
      name: messageAuthorName('passenger', { name: row.name, discordUsername: row.discordUsername, companyName: null }),
    },
    mine: row.userId === args.member.id,
    createdAt: row.createdAt.toISOString(),
    expiresAt: expiresAt.toISOString(),
  }));
}

/** Revokes a link by its id from the list: the maker their own, the organizer any on the ride (404 else). */
export async function revokeShareLinkById(
  db: Kysely<Database>,
  args: { rideId: number; member: TripMember; linkId: number },
): Promise<{ revoked: true }> {
  return db.transaction().execute(async (trx) => {
    const ride = rideOrNotFound(await lockRide(trx, args.rideId));
    const role = await assertPartyMember(trx, ride, args.member, TRIP_FORBIDDEN_MESSAGE);
    const removed = await deleteShareById(trx, {
      rideId: ride.id,
      userId: role === 'organizer' ? null : args.member.id,
      id: args.linkId,
    });
    if (!removed) throw notFound('tripLink');
    return { revoked: true as const };
  });
}

/** What a share link shows anyone: the route, the stages and the vehicle, nobody's personal data. */
export async function publicTrip(db: Db, args: { token: string; now: Date }): Promise<PublicTripView> {
  const tokenHash = hashLinkToken(args.token);
  const ride = await findSharedRide(db, tokenHash);
  if (!ride || ride.status === 'cancelled') throw notFound('tripLink');
  // A link dies with its maker's place in the party (they left, were taken off, or stopped driving it).
  if ((await partyRole(db, ride, ride.makerId)) === null) throw notFound('tripLink');
  const stages = await listStages(db, ride.id);
  const arrived = stages.find((row) => row.stage === 'arrived')?.postedAt ?? null;
  if (!isShareLive(shareExpiresAt(ride.date, arrived), args.now)) {
    throw notFound('tripLink');
  }
  return {
    direction: ride.direction,
    crossing: ride.crossing,
    date: ride.date.toISOString(),
    stages: stages.map((row) => ({
      stage: row.stage,
      label: stageLabel(row.stage, ride.direction, ride.crossing),
      at: row.postedAt.toISOString(),
    })),
    current: currentOf(stages)?.stage ?? null,
    vehicle: ride.vendorId === null ? null : { company: ride.companyName, carNumber: ride.carNumber },
  };
}
