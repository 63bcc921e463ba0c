/**
 * One ride as its reader sees it (ride.byId, and the answer of each ride write): the detail with
 * its organiser (domain `visibility`) and its border readiness counts for the organiser and the
 * approved assigned vendor (null for everyone else).
 */
import type { Database } from '@rideshare/db';
import { notFound, type VendorStatus } from '@rideshare/domain';
import type { Kysely, Transaction } from 'kysely';

import { findRideDetail, type RideDetail } from '../repositories/ride-repository';
import { priceLockDue, settleInTransaction, type LockSettings } from './payment-lock-service';
import { rideReadiness } from './travel-service';
import type { z } from 'zod';
import type { rideWithReadinessOutput } from '../routers/ride.outputs';

/** The ride page's answer: the detail with its readiness counts. */
export type RideDetailAnswer = z.output<typeof rideWithReadinessOutput>;

/** Who sees a ride: a member (a vendor with its standing), or null for a visitor. */
export type RideViewer = { id: number; vendorStatus?: VendorStatus | null } | null;

/** Whom a write answers with the ride: its caller, and the price-lock window (PRICE_LOCK_HOURS). */
export interface AnswerFor {
  viewer: RideViewer;
  lockHours: number;
}

/** Who reads a ride: the viewer (null for a visitor), the price-lock window and the clock. */
export type RideReader = AnswerFor & LockSettings;

/**
 * Reads the ride as stored, in no transaction and writing nothing: a price due to lock shows
 * unlocked until the sweep (or a write on the ride) settles it (docs/payments.md#price-lock).
 * NOT_FOUND for an unknown ride.
 */
export async function readRideDetail(db: Kysely<Database>, id: number, reader: RideReader): Promise<RideDetailAnswer> {
  return withReadiness(db, await rideDetailIn(db, id, reader.viewer, reader.now), reader);
}

/**
 * The answer of a write on a ride, read in the write's own transaction after it: the ride as
 * `reader` sees it, its price locked first when due (a write settles, like the sweep).
 */
export async function rideAnswerIn(
  trx: Transaction<Database>,
  id: number,
  reader: RideReader,
): Promise<RideDetailAnswer> {
  const ride = await rideDetailIn(trx, id, reader.viewer, reader.now);
  if (!priceLockDue(ride, reader)) return withReadiness(trx, ride, reader);
  await settleInTransaction(trx, id, reader);
  return withReadiness(trx, await rideDetailIn(trx, id, reader.viewer, reader.now), reader);
}

async function withReadiness(db: Kysely<Database>, ride: RideDetail, reader: RideReader): Promise<RideDetailAnswer> {
  return { ...ride, readiness: await rideReadiness(db, ride, reader.viewer, reader.now) };
}

/**
 * The ride alone (no readiness, no price lock); NOT_FOUND for an unknown ride. In a write's
 * transaction it is the answer of the vendor and quote writes.
 */
export async function rideDetailIn(
  db: Kysely<Database>,
  id: number,
  viewer: RideViewer,
  now: Date,
): Promise<RideDetail> {
  const ride = await findRideDetail(db, id, viewer, now);
  if (!ride) throw notFound('ride');
  return ride;
}
