import type { Database } from '@rideshare/db';
import { assertOwnProfile, assertVendorProfileChanges, type UpdateProfileInput } from '@rideshare/domain';
import type { Kysely } from 'kysely';

import { updateUserProfile, type PublicUser } from '../repositories/user-repository';

/**
 * Updates the caller's own profile (name, WhatsApp number, Malaysian number, Revolut username, and
 * for vendors the company and driver details); anybody else's is refused. Answers the updated user,
 * or null when the account no longer exists.
 */
export async function updateOwnProfile(
  db: Kysely<Database>,
  args: { actorId: number; actorIsVendor: boolean; input: UpdateProfileInput },
): Promise<PublicUser | null> {
  const { id, companyName, driverDetails, ...changes } = args.input;
  assertOwnProfile(args.actorId, id);
  const vendorChanges = assertVendorProfileChanges(args.actorIsVendor, { companyName, driverDetails });
  return updateUserProfile(db, id, { ...changes, ...vendorChanges });
}
