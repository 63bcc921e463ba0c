import type { Database } from '@rideshare/db';
import {
  assertCanAssign,
  assertCanComplete,
  assertCanUnassign,
  assertLicenceCovers,
  notFound,
} from '@rideshare/domain';
import type { Kysely, Transaction } from 'kysely';

import { publishRideEvent } from '../events/publish';
import { listRideEntries } from '../repositories/passenger-repository';
import {
  assignRideToVendor,
  markRideCompleted,
  unassignRideVendor,
  type LockedRide,
  type RideDetail,
} from '../repositories/ride-repository';
import { findPublicUserById } from '../repositories/user-repository';
import { declineQuotesOnAssign } from './quote-service';
import { rideDetailIn, type RideViewer } from './ride-detail-service';
import { notifyAboutRide } from './ride-notifications';
import { lockRide, lockRideWithEntries, partyMemberIds, partyOfEntries } from './ride-party';
import { rideStateOf } from './ride-writes';

/**
 * A vendor takes an open, future ride: open → assigned with the vendor set. The ride row is locked
 * first, so when vendors race for one ride exactly one wins and the others are told it has already
 * been assigned. The vendor's licence must cover the ride (domain `assertLicenceCovers`: pick-up
 * country unless `pickupRuleOn` is false, permit valid on the departure day, enough seats). Its live
 * quotes are declined. Answers the ride as the vendor now sees it.
 */
export function assignRide(
  db: Kysely<Database>,
  args: {
    vendor: { id: number; isVendor: boolean } & NonNullable<RideViewer>;
    rideId: number;
    now: Date;
    pickupRuleOn: boolean;
  },
): Promise<RideDetail> {
  const { vendor, now } = args;
  return db.transaction().execute(async (trx) => {
    const { ride, entries } = await lockRideWithEntries(trx, args.rideId);
    assertCanAssign({ ride: rideStateOf(ride, entries), isVendor: vendor.isVendor, now });
    const licence = await findPublicUserById(trx, vendor.id);
    assertLicenceCovers(
      { permit: licence?.permit ?? null, vehicleSeats: licence?.vehicleSeats ?? null },
      ride,
      args.pickupRuleOn,
    );
    await assignRideToVendor(trx, ride.id, vendor.id);
    await publishRideEvent(trx, 'ride.assigned', ride.id);
    // The organiser and passengers learn which company took it (a vendor on board is not told of itself).
    const companyName = licence?.companyName ?? null;
    await notifyAboutRide(
      trx,
      partyMemberIds(await partyOfEntries(trx, ride, entries), [vendor.id]),
      ride,
      'vendor_assigned',
      companyName,
    );
    // Taken at its listed cost, the ride wants no more quotes.
    await declineQuotesOnAssign(trx, ride, vendor.id);
    return rideDetailIn(trx, ride.id, vendor, now);
  });
}

/** A change of driver by `actor`, who is answered with the ride as it then is. */
type DriverChange = { actor: NonNullable<RideViewer>; rideId: number; now: Date };

/**
 * The step both driver changes share: lock the ride row (so a release and a completion on one ride
 * run one after the other), let the domain rule decide, then write (the write announces itself),
 * and answer the ride as the actor now sees it.
 */
function changeLockedRide(
  db: Kysely<Database>,
  change: DriverChange,
  decide: (args: { ride: LockedRide; actorId: number; now: Date }) => void,
  write: (trx: Transaction<Database>, rideId: number, now: Date) => Promise<void>,
  notify?: (trx: Transaction<Database>, ride: LockedRide, actorId: number) => Promise<void>,
): Promise<RideDetail> {
  const { actor, now } = change;
  return db.transaction().execute(async (trx) => {
    const ride = await lockRide(trx, change.rideId);
    if (!ride) throw notFound('ride');
    decide({ ride, actorId: actor.id, now });
    await write(trx, ride.id, now);
    await notify?.(trx, ride, actor.id);
    return rideDetailIn(trx, ride.id, actor, now);
  });
}

/**
 * 'vendor_released' to the organiser, the passengers and the vendor that had the ride (`ride` was
 * read before the write, so `vendorId` is still set), except whoever released it.
 */
async function notifyReleased(trx: Transaction<Database>, ride: LockedRide, actorId: number): Promise<void> {
  const entries = await listRideEntries(trx, ride.id);
  await notifyAboutRide(
    trx,
    // The vendor that had the ride is told as the one released, whatever its standing.
    [...new Set([...partyMemberIds(await partyOfEntries(trx, ride, entries)), ride.vendorId])].filter(
      (id): id is number => id !== null && id !== actorId,
    ),
    ride,
    'vendor_released',
  );
}

/**
 * Takes the driver off a ride: the assigned vendor until 24 hours before departure, or the
 * organiser any time before departure (domain `assertCanUnassign`). assigned → open, vendor null.
 */
export function unassignRide(db: Kysely<Database>, change: DriverChange): Promise<RideDetail> {
  const release = async (trx: Transaction<Database>, rideId: number) => {
    await unassignRideVendor(trx, rideId);
    await publishRideEvent(trx, 'ride.unassigned', rideId);
  };
  return changeLockedRide(db, change, assertCanUnassign, release, notifyReleased);
}

/**
 * The one write that completes a ride, on a row the caller locked: the vendor's Complete and the
 * trip's `arrived` stage both come here (docs/trip-day.md#arrived). `now` stamps the completion
 * (thumbs open for 14 days from then, docs/record.md#thumbs).
 */
export async function finishRide(trx: Transaction<Database>, rideId: number, now: Date): Promise<void> {
  await markRideCompleted(trx, rideId, now);
  await publishRideEvent(trx, 'ride.completed', rideId);
}

/**
 * The assigned vendor marks a departed ride completed (domain `assertCanComplete`): assigned →
 * completed, on the locked ride row. The only write that sets completed.
 */
export function completeRide(db: Kysely<Database>, change: DriverChange): Promise<RideDetail> {
  return changeLockedRide(db, change, assertCanComplete, finishRide);
}
