import type { Database } from '@rideshare/db';
import { assertCanAssign } from '@rideshare/domain';
import type { Kysely } from 'kysely';

import { assignRideToVendor } from '../repositories/ride-repository';
import { lockRideWithEntries, rideStateOf } from './ride-writes';

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
