/**
 * One ride as its reader sees it (ride.byId, and the answer of each ride write): the detail with
 * its organiser (domain `visibility`) and its border readiness counts for the organiser and the
 * approved assigned vendor (null for everyone else).
 */
import type { Database } from '@rideshare/db';
import { notFound, type VendorStatus } from '@rideshare/domain';
import type { Kysely } from 'kysely';

import { findRideDetail, type RideDetail } from '../repositories/ride-repository';
import { priceLockDueOnRead, settleInTransaction, type LockSettings } from './payment-lock-service';
import { rideReadiness, type Readiness } from './travel-service';

export type RideDetailAnswer = RideDetail & { readiness: Readiness | null };

/**
 * Reads the ride, and locks its price first when it is due (docs/payments.md#price-lock), like a
 * lapsed waitlist offer: a read that finds the lock due settles the ride under its row lock and
 * reads it back in that one transaction, so the answer already shows the lock. A read with nothing
 * due runs no transaction. NOT_FOUND for an unknown ride.
 */
export async function readRideDetailLockingPrice(
  db: Kysely<Database>,
  id: number,
  viewer: { id: number; vendorStatus?: VendorStatus | null } | null,
  settings: LockSettings,
): Promise<RideDetailAnswer> {
  const { now } = settings;
  const ride = await findRideDetail(db, id, viewer, now);
  if (!ride) throw notFound('ride');
  if (!priceLockDueOnRead(ride, settings)) return { ...ride, readiness: await rideReadiness(db, ride, viewer, now) };
  return db.transaction().execute(async (trx) => {
    await settleInTransaction(trx, id, settings);
    const settled = (await findRideDetail(trx, id, viewer, now)) ?? ride;
    return { ...settled, readiness: await rideReadiness(trx, settled, viewer, now) };
  });
}
