/**
 * The ride's party and its row lock, in one place (docs/architecture.md#ride-party): every write on
 * a ride (seats, entries, sequence, assignment, quotes, payments, chat, trip, trip links, thumbs)
 * locks the ride row through {@link lockRide} first, and every question of who is in the party
 * (who pays, who reads the chat and the trip, who is told, who gives thumbs) is answered by
 * {@link readParty} and {@link partyRole}.
 */
import type { Database, Db } from '@rideshare/db';
import {
  assertInChatParty,
  type MessageAuthorRole,
  notFound,
  type RideEntry,
  type VendorStanding,
} from '@rideshare/domain';
import type { Transaction } from 'kysely';

import { listRideEntries } from '../repositories/passenger-repository';
import {
  findPartyRide,
  hasEntryOn,
  isApprovedVendor,
  listPartyRiders,
  lockRideRow,
  type PartyRide,
  type PartyRider,
} from '../repositories/ride-party-repository';

export type { PartyRide, PartyRider };

/**
 * Locks the ride row until the transaction ends (`SELECT … FOR UPDATE`, docs/architecture.md#ride-party)
 * and answers it; null when there is none.
 */
export function lockRide(trx: Transaction<Database>, rideId: number): Promise<PartyRide | null> {
  return lockRideRow(trx, rideId);
}

/** {@link lockRide}; an unknown ride is NOT_FOUND 'Ride not found'. */
export async function lockExistingRide(trx: Transaction<Database>, rideId: number): Promise<PartyRide> {
  const ride = await lockRideRow(trx, rideId);
  if (!ride) throw notFound('ride');
  return ride;
}

/** Locks the ride and reads its entries after the lock; an unknown ride is NOT_FOUND 'Ride not found'. */
export async function lockRideWithEntries(
  trx: Transaction<Database>,
  rideId: number,
): Promise<{ ride: PartyRide; entries: RideEntry[] }> {
  const ride = await lockExistingRide(trx, rideId);
  return { ride, entries: await listRideEntries(trx, rideId) };
}

/** The ride as a read sees it, without a lock; null when there is none. */
export function findRide(db: Db, rideId: number): Promise<PartyRide | null> {
  return findPartyRide(db, rideId);
}

/**
 * Who is in a ride's party now: its organiser, the riders on it (every passenger entry: a rider who
 * left or was removed has none, someone waitlisted or offered a seat has none yet) and its assigned
 * vendor while that vendor is approved.
 */
export interface RideParty {
  organiserId: number;
  /** The entries, the organiser's own first, then in the order they joined. */
  riders: PartyRider[];
  /** The assigned vendor while approved; null without one, or when it is no longer approved. */
  vendorId: number | null;
}

/** The party of the ride (call after locking the ride when a write decides with it). */
export async function readParty(
  db: Db,
  ride: { id: number; creatorId: number; vendorId: number | null },
): Promise<RideParty> {
  return partyWith(db, ride, await listPartyRiders(db, ride));
}

/**
 * The party from entries the write already read under the ride's lock (`lockRideWithEntries`):
 * only the vendor's standing is read.
 */
export async function partyOfEntries(
  db: Db,
  ride: { creatorId: number; vendorId: number | null },
  entries: readonly Pick<RideEntry, 'id' | 'userId' | 'passengerCount'>[],
): Promise<RideParty> {
  const riders = entries.map((entry) => ({ passengerId: entry.id, userId: entry.userId, seats: entry.passengerCount }));
  return partyWith(db, ride, riders);
}

async function partyWith(
  db: Db,
  ride: { creatorId: number; vendorId: number | null },
  riders: PartyRider[],
): Promise<RideParty> {
  const vendorId = ride.vendorId !== null && (await isApprovedVendor(db, ride.vendorId)) ? ride.vendorId : null;
  return { organiserId: ride.creatorId, riders, vendorId };
}

/** The riders alone (the party's entries, as the payment ledger splits over them), organiser's first. */
export function partyRiders(db: Db, ride: { id: number; creatorId: number }): Promise<PartyRider[]> {
  return listPartyRiders(db, ride);
}

/** Everyone in the party once (the organiser, the riders, the approved vendor), but those in `except`. */
export function partyMemberIds(party: RideParty, except: readonly (number | null)[] = []): number[] {
  const ids = new Set([party.organiserId, ...party.riders.map((rider) => rider.userId)]);
  if (party.vendorId !== null) ids.add(party.vendorId);
  for (const id of except) if (id !== null) ids.delete(id);
  return [...ids];
}

/** A member's place in a ride's party. */
export type PartyRole = 'organiser' | 'rider' | 'vendor';

/**
 * The member's role in the ride's party, or null outside it: the organiser first, then the
 * assigned vendor (only while approved: a vendor no longer approved is outside), then a rider.
 */
export async function partyRole(
  db: Db,
  ride: { id: number; creatorId: number; vendorId: number | null },
  memberId: number,
): Promise<PartyRole | null> {
  if (memberId === ride.creatorId) return 'organiser';
  if (memberId === ride.vendorId) return (await isApprovedVendor(db, memberId)) ? 'vendor' : null;
  return (await hasEntryOn(db, ride.id, memberId)) ? 'rider' : null;
}

/** Whether the member has a passenger entry on the ride (the organiser's own entry counts). */
export function isRiderOn(db: Db, rideId: number, memberId: number): Promise<boolean> {
  return hasEntryOn(db, rideId, memberId);
}

/** Who calls a party-only path: the member with their vendor standing, read fresh for the request. */
export interface PartyMember extends VendorStanding {
  id: number;
}

/**
 * The member's role as a message or trip stage records it; refuses anyone outside the party with
 * `forbidden` (docs/messages.md#party, docs/trip-day.md#party), and the assigned vendor that is no
 * longer approved with the message of its status.
 */
export async function assertPartyMember(
  db: Db,
  ride: { id: number; creatorId: number; vendorId: number | null },
  member: PartyMember,
  forbidden?: string,
): Promise<MessageAuthorRole> {
  const role = await partyRole(db, ride, member.id);
  const asRideRole =
    role === 'organiser'
      ? 'organiser'
      : role === 'rider'
        ? 'passenger'
        : role === 'vendor' || member.id === ride.vendorId
          ? 'vendor'
          : 'member';
  return assertInChatParty(asRideRole, member, forbidden);
}
