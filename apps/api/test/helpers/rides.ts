import type { Database } from '@rideshare/db';
import { audienceOf, isDomainError, type VendorStatus } from '@rideshare/domain';
import { TRPCError } from '@trpc/server';
import type { Kysely } from 'kysely';
import { ZodError } from 'zod';

import { RideListCache } from '../../src/cache/ride-list-cache';
import type { RideSummary } from '../../src/repositories/ride-repository';
import { createCaller } from '../../src/routers/app-router';
import { createContextInner } from '../../src/trpc/context';
import { describeInvalidInput } from '../../src/trpc/errors';
import { testEnv } from './env';

const env = testEnv();

/**
 * A server-side caller as this user (no session lookup, so statement counts stay the procedure's own).
 * Without `rideListCache` the caller has a cache of its own, which reads the list version each call.
 */
export function callerFor(
  db: Kysely<Database>,
  user: {
    id: number;
    discordUsername: string;
    name: string | null;
    isVendor: boolean;
    vendorStatus?: VendorStatus | null;
    vendorStatusReason?: string | null;
  } | null,
  options: { now?: () => Date; rideListCache?: RideListCache } = {},
) {
  return createCaller(
    createContextInner({
      db,
      env,
      user: user
        ? {
            id: user.id,
            discordUsername: user.discordUsername,
            name: user.name,
            isVendor: user.isVendor,
            isAdmin: false,
            vendorStatus: user.vendorStatus ?? (user.isVendor ? 'approved' : null),
            vendorStatusReason: user.vendorStatusReason ?? null,
          }
        : null,
      ...options,
    }),
  );
}

/**
 * The full ride list as GET /api/rides answers it to this audience (a member when `user` is given),
 * read through a ride list cache exactly as the REST path does.
 */
export async function fullRideList(
  db: Kysely<Database>,
  user: object | null,
  cache: RideListCache = new RideListCache(),
): Promise<RideSummary[]> {
  const list = await cache.fullList(db, audienceOf(user));
  return JSON.parse(list.body.toString('utf8')) as RideSummary[];
}

export interface Refusal {
  /** The tRPC code, e.g. FORBIDDEN. */
  code: string;
  /** The domain code (VALIDATION_FAILED for input errors), or null. */
  domainCode: string | null;
  /** What a client reads: the first zod issue for input errors, else the error message. */
  message: string;
}

/** Awaits a call that must be refused and says how. */
export async function refusal(call: Promise<unknown>): Promise<Refusal> {
  try {
    await call;
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    if (error.cause instanceof ZodError) {
      return { code: error.code, domainCode: 'VALIDATION_FAILED', message: describeInvalidInput(error.cause).message };
    }
    const cause: unknown = error.cause;
    return { code: error.code, domainCode: isDomainError(cause) ? cause.code : null, message: error.message };
  }
  throw new Error('expected the call to be refused, but it succeeded');
}

/** Snapshot of everything a ride write can touch, to prove a refusal wrote nothing. */
export async function rideTablesSnapshot(db: Kysely<Database>): Promise<string> {
  const rides = await db.selectFrom('rides').selectAll().orderBy('id').execute();
  const entries = await db.selectFrom('ridePassengers').selectAll().orderBy('id').execute();
  return JSON.stringify({ rides, entries });
}
