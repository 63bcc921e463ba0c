import type { Database } from '@rideshare/db';
import {
  assertMemberOnlyProfileFields,
  assertOwnProfile,
  assertVendorProfileChanges,
  permitChanged,
  statusAfterPermitEdit,
  type UpdateProfileInput,
} from '@rideshare/domain';
import type { Kysely } from 'kysely';

import { lockVendorForUpdate } from '../repositories/vendor-repository';
import { updateUserProfile, type ProfileChanges, type PublicUser } from '../repositories/user-repository';

/**
 * Updates the caller's own profile (name, WhatsApp number, Malaysian number, Revolut username, and
 * for vendors the company, driver details, permit and vehicle seats; for members the PayNow number and
 * the sharing of their numbers, docs/vendors.md#vendor-profile); anybody else's is refused.
 * A vendor whose edit changes its permit is pending again if it was approved or rejected
 * (docs/vendors.md#approval): the row is locked so the check and the write see the same permit.
 * Answers the updated user, or null when the account no longer exists.
 */
export async function updateOwnProfile(
  db: Kysely<Database>,
  args: { actorId: number; actorIsVendor: boolean; input: UpdateProfileInput },
): Promise<PublicUser | null> {
  const { id, companyName, driverDetails, permit, vehicleSeats, ...changes } = args.input;
  assertOwnProfile(args.actorId, id);
  assertMemberOnlyProfileFields(args.actorIsVendor, changes);
  const vendorChanges = assertVendorProfileChanges(args.actorIsVendor, {
    companyName,
    driverDetails,
    permit,
    vehicleSeats,
  });
  if (vendorChanges.permit === undefined) return updateUserProfile(db, id, { ...changes, ...vendorChanges });
  return db.transaction().execute(async (trx) => {
    const current = await lockVendorForUpdate(trx, id);
    const write: ProfileChanges = { ...changes, ...vendorChanges };
    if (current) {
      const status = statusAfterPermitEdit(
        current.vendorStatus,
        permitChanged(current.permit, vendorChanges.permit ?? null),
      );
      if (status !== current.vendorStatus) write.vendorStatus = status;
    }
    return updateUserProfile(trx, id, write);
  });
}
