import type { Database } from '@rideshare/db';
import {
  decideVendorStatus,
  notFound,
  type NotificationKind,
  singaporeDay,
  type VendorDecision,
  type VendorStatus,
} from '@rideshare/domain';
import type { Kysely } from 'kysely';

import { publishUserEvent } from '../events/publish';
import { markApplicationNoticesRead } from '../repositories/notification-repository';
import { lockVendorForUpdate, setVendorStatus, type VendorApplication } from '../repositories/vendor-repository';
import { notifyUsers } from './notify';

const DECISION_NOTICE: Record<VendorStatus, NotificationKind | null> = {
  approved: 'vendor_approved',
  rejected: 'vendor_rejected',
  suspended: 'vendor_suspended',
  pending: null,
};

/**
 * An administrator decides a vendor account (domain `decideVendorStatus`): the row is locked, the
 * decision recorded with who made it and when, and the vendor told in its inbox, all in one
 * transaction. `adminId` is null when an operator decides with the `vendor:approve` script.
 * Unknown users and members answer NOT_FOUND 'Vendor application not found'.
 */
export async function decideVendorApplication(
  db: Kysely<Database>,
  args: { adminId: number | null; userId: number; decision: VendorDecision; reason: string | null; now: Date },
): Promise<VendorApplication> {
  return db.transaction().execute(async (trx) => {
    const vendor = await lockVendorForUpdate(trx, args.userId);
    if (!vendor) throw notFound('vendorApplication');
    const status = decideVendorStatus(
      vendor.vendorStatus,
      args.decision,
      { permit: vendor.permit, vehicleSeats: vendor.vehicleSeats, carNumber: vendor.driverDetails?.carNumber ?? null },
      singaporeDay(args.now),
    );
    const reason = status === 'approved' ? null : args.reason;
    const updated = await setVendorStatus(trx, vendor.id, { status, reason, changedBy: args.adminId, at: args.now });
    const kind = DECISION_NOTICE[status];
    if (kind) {
      await notifyUsers(trx, [vendor.id], { kind, rideId: null, rideDirection: null, rideDate: null, detail: reason });
    }
    // A decided application is no longer news to any administrator (docs/vendors.md#approval).
    if (status === 'approved' || status === 'rejected') {
      for (const adminId of await markApplicationNoticesRead(trx, vendor.id, args.now)) {
        await publishUserEvent(trx, 'notifications.changed', adminId, null);
      }
    }
    return updated;
  });
}
