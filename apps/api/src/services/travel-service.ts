/**
 * The border checklist (docs/border.md): a rider's private travel profile, their checklist for a
 * ride, the readiness counts the organiser and the assigned vendor see, and what a change of party
 * does to a group QR code.
 */
import type { Database, Db } from '@rideshare/db';
import {
  assertPlausiblePassportExpiry,
  assertTickable,
  borderChecklist,
  type ChecklistItem,
  type ChecklistItemId,
  DomainError,
  isRiderReady,
  notFound,
  type TravelProfile,
  type VendorStatus,
} from '@rideshare/domain';
import type { Kysely, Transaction } from 'kysely';

import { publishRideEvent } from '../events/publish';
import { type LockedRide } from '../repositories/ride-repository';
import {
  clearChecklistItem,
  findChecklistRide,
  findTravelProfile,
  findTravelProfiles,
  listChecklistTicks,
  listUpcomingRideIdsOf,
  setChecklistTick,
  upsertTravelProfile,
  type ChecklistRide,
  type TickableItem,
} from '../repositories/travel-repository';
import { notifyAboutRide } from './ride-notifications';
import type { z } from 'zod';
import type { checklistOutput, travelProfileOutput } from '../routers/travel.outputs';
import type { rideWithReadinessOutput } from '../routers/ride.outputs';
import { lockExistingRide } from './ride-party';

/** The profile as its owner reads it: both fields null before it is first saved. */
export type TravelProfileAnswer = z.output<typeof travelProfileOutput>;

export async function readTravelProfile(db: Db, userId: number): Promise<TravelProfileAnswer> {
  return (await findTravelProfile(db, userId)) ?? { documentCategory: null, passportExpiresOn: null };
}

/**
 * Saves the caller's travel profile after checking the passport date is plausible (today or later,
 * at most ten years ahead). The readiness of every ride still ahead that they ride on may change,
 * so each is announced ('checklist.changed') in the same transaction.
 */
export async function saveTravelProfile(
  db: Kysely<Database>,
  args: { userId: number; profile: TravelProfile; now: Date },
): Promise<TravelProfileAnswer> {
  assertPlausiblePassportExpiry(args.profile.passportExpiresOn, args.now);
  await db.transaction().execute(async (trx) => {
    await upsertTravelProfile(trx, args.userId, args.profile, args.now);
    for (const rideId of await listUpcomingRideIdsOf(trx, args.userId, args.now)) {
      await publishRideEvent(trx, 'checklist.changed', rideId);
    }
  });
  return readTravelProfile(db, args.userId);
}

/** A rider's checklist for one ride: `profileSet` false (and no items) until they save a profile. */
export type ChecklistAnswer = z.output<typeof checklistOutput>;

/** Everyone whose documents count on the ride: each account with an entry, and the organiser. */
export function ridersOf(ride: Pick<ChecklistRide, 'creatorId' | 'riderIds'>): number[] {
  return [...new Set([ride.creatorId, ...ride.riderIds])];
}

export function checklistOf(
  ride: Pick<ChecklistRide, 'direction' | 'date'>,
  profile: TravelProfile | undefined | null,
  ticked: ReadonlySet<ChecklistItemId> | undefined,
  now: Date,
): ChecklistItem[] | null {
  if (!profile) return null;
  return borderChecklist({
    direction: ride.direction,
    departure: ride.date,
    profile,
    ticked: ticked ?? new Set(),
    now,
  });
}

function toAnswer(rideId: number, items: ChecklistItem[] | null): ChecklistAnswer {
  return { rideId, profileSet: items !== null, ready: isRiderReady(items), items: items ?? [] };
}

/** The ride as a checklist reads it, refused when it is gone, cancelled, or not the caller's party. */
async function rideForRider(db: Db, rideId: number, userId: number): Promise<ChecklistRide> {
  const ride = await findChecklistRide(db, rideId);
  if (!ride) throw notFound('ride');
  if (ride.status === 'cancelled')
    throw new DomainError('RIDE_CANCELLED', 'This ride was cancelled; it has no checklist');
  if (!ridersOf(ride).includes(userId)) {
    throw new DomainError('NOT_IN_PARTY', "Only the ride's organizer and passengers have a checklist for it");
  }
  return ride;
}

async function readChecklist(db: Db, ride: ChecklistRide, userId: number, now: Date): Promise<ChecklistAnswer> {
  const profile = await findTravelProfile(db, userId);
  const ticks = await listChecklistTicks(db, ride.id);
  return toAnswer(ride.id, checklistOf(ride, profile, ticks.get(userId), now));
}

export async function riderChecklist(
  db: Db,
  args: { rideId: number; userId: number; now: Date },
): Promise<ChecklistAnswer> {
  const ride = await rideForRider(db, args.rideId, args.userId);
  return readChecklist(db, ride, args.userId, args.now);
}

/**
 * Ticks or unticks a self-declared item (domain `assertTickable`), under the ride's lock so a party
 * change resetting the group QR code cannot cross it. Announces 'checklist.changed' so the
 * organiser's readiness count follows live; answers the rider's checklist.
 */
export async function tickChecklistItem(
  db: Kysely<Database>,
  args: { rideId: number; userId: number; item: ChecklistItemId; done: boolean; now: Date },
): Promise<ChecklistAnswer> {
  return db.transaction().execute(async (trx) => {
    await lockExistingRide(trx, args.rideId);
    const ride = await rideForRider(trx, args.rideId, args.userId);
    const current = await readChecklist(trx, ride, args.userId, args.now);
    assertTickable(current.profileSet ? current.items : null, args.item, args.done);
    // assertTickable refuses the passport, the one item that is not self-declared.
    const item = args.item as TickableItem;
    await setChecklistTick(trx, { rideId: ride.id, userId: args.userId, item, done: args.done, now: args.now });
    await publishRideEvent(trx, 'checklist.changed', ride.id);
    return readChecklist(trx, ride, args.userId, args.now);
  });
}

/** "4 of 5 riders ready": counts only, never whose documents. */
export type Readiness = NonNullable<z.output<typeof rideWithReadinessOutput>['readiness']>;

/**
 * The readiness counts of a ride for its organiser and its assigned vendor while approved; null for
 * anyone else (a vendor suspended while holding the ride too) and for a cancelled ride
 * (docs/border.md#readiness).
 */
export async function rideReadiness(
  db: Db,
  detail: { id: number; creatorId: number; vendorId: number | null; status: string },
  viewer: { id: number; vendorStatus?: VendorStatus | null } | null,
  now: Date,
): Promise<Readiness | null> {
  // Decided from the ride already read, so nobody else's answer costs a query.
  if (viewer === null || detail.status === 'cancelled') return null;
  const isVendor = viewer.id === detail.vendorId && viewer.vendorStatus === 'approved';
  if (viewer.id !== detail.creatorId && !isVendor) return null;
  const ride = await findChecklistRide(db, detail.id);
  if (!ride) return null;
  const riders = ridersOf(ride);
  const profiles = await findTravelProfiles(db, riders);
  const ticks = await listChecklistTicks(db, ride.id);
  const ready = riders.filter((id) => isRiderReady(checklistOf(ride, profiles.get(id), ticks.get(id), now))).length;
  return { ready, total: riders.length };
}

/**
 * The party changed (someone joined or left, or a group's size changed): a group QR code made for
 * the old party no longer matches the car. Every group QR tick on the ride is reset, and the
 * organiser and the riders still on the ride who had ticked it are told to make a new one. Runs in
 * the writing transaction, under the ride's lock.
 */
export async function partyChanged(
  trx: Transaction<Database>,
  ride: Pick<LockedRide, 'id' | 'creatorId' | 'direction' | 'date'>,
  ridersAfter: readonly number[],
): Promise<void> {
  const ticked = await clearChecklistItem(trx, ride.id, 'group-qr');
  if (ticked.length === 0) return;
  const stillOn = new Set(ridersAfter);
  const told = [ride.creatorId, ...ticked.filter((userId) => stillOn.has(userId))];
  await notifyAboutRide(trx, told, ride, 'group_qr_outdated');
  await publishRideEvent(trx, 'checklist.changed', ride.id);
}
