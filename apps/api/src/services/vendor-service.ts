import type { Database } from '@rideshare/db';
import { assertCanAssign, assertCanComplete, assertCanUnassign } from '@rideshare/domain';
import type { Kysely } from 'kysely';

import {
  assignRideToVendor,
  lockRideForUpdate,
  markRideCompleted,
  unassignRideVendor,
} from '../repositories/ride-repository';
import { lockRideWithEntries, rideNotFound, rideStateOf } from './ride-writes';

/**
 * A vendor takes an open, future ride: open → assigned with the vendor set. The ride row is locked
 * first, so when vendors race for one ride exactly one wins and the others are told it has already
 * been assigned.
 */
export async function assignRide(
  db: Kysely<Database>,
  args: { vendor: { id: number; isVendor: boolean }; rideId: number; now: Date },
): Promise<void> {
  const { vendor, now } = args;
  await db.transaction().execute(async (trx) => {
    const { ride, entries } = await lockRideWithEntries(trx, args.rideId);
    assertCanAssign({ ride: rideStateOf(ride, entries), isVendor: vendor.isVendor, now });
    await assignRideToVendor(trx, ride.id, vendor.id);
  });
}

/**
 * Takes the driver off a ride: the assigned vendor until 24 hours before departure, or the
 * organiser any time before departure (domain `assertCanUnassign`). assigned → open, vendor null.
 * The ride row is locked first, so a release and a completion cannot cross.
 */
export async function unassignRide(
  db: Kysely<Database>,
  args: { actorId: number; rideId: number; now: Date },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const ride = await lockRideForUpdate(trx, args.rideId);
    if (!ride) rideNotFound();
    assertCanUnassign({ ride, actorId: args.actorId, now: args.now });
    await unassignRideVendor(trx, ride.id);
  });
}

/**
 * The assigned vendor marks a departed ride completed (domain `assertCanComplete`): assigned →
 * completed, on the locked ride row. The only write that sets completed.
 */
export async function completeRide(
  db: Kysely<Database>,
  args: { actorId: number; rideId: number; now: Date },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const ride = await lockRideForUpdate(trx, args.rideId);
    if (!ride) rideNotFound();
    assertCanComplete({ ride, actorId: args.actorId, now: args.now });
    await markRideCompleted(trx, ride.id);
  });
}
