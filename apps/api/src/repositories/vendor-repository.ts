import type { Database, Db } from '@rideshare/db';
import type { Permit, VendorStatus } from '@rideshare/domain';
import type { Transaction } from 'kysely';

import { permitExpiresOnText, toPermit } from './user-repository';
import type { z } from 'zod';
import type { vendorApplicationOutput } from '../routers/admin.outputs';

/** A vendor account as administrators review it (dates as ISO strings). */
export type VendorApplication = z.output<typeof vendorApplicationOutput>;

const applicationColumns = [
  'id',
  'discordUsername',
  'discordVerified',
  'name',
  'whatsappNumber',
  'companyName',
  'driverDetails',
  'permitCountry',
  'permitNumber',
  permitExpiresOnText,
  'vehicleSeats',
  'vendorStatus',
  'vendorStatusReason',
  'vendorStatusChangedAt',
] as const;

/** A row as `applicationColumns` reads it: the permit in its columns, the dates as Dates. */
type ApplicationRow = Omit<VendorApplication, 'permit' | 'vendorStatus' | 'vendorStatusChangedAt'> & {
  permitCountry: Permit['country'] | null;
  permitNumber: string | null;
  permitExpiresOn: string | null;
  vendorStatus: VendorStatus | null;
  vendorStatusChangedAt: Date | null;
};

function toApplication(row: ApplicationRow & { vendorStatus: VendorStatus }): VendorApplication {
  return {
    id: row.id,
    discordUsername: row.discordUsername,
    discordVerified: row.discordVerified,
    name: row.name,
    whatsappNumber: row.whatsappNumber,
    companyName: row.companyName,
    driverDetails: row.driverDetails,
    permit: toPermit(row),
    vehicleSeats: row.vehicleSeats,
    vendorStatus: row.vendorStatus,
    vendorStatusReason: row.vendorStatusReason,
    vendorStatusChangedAt: row.vendorStatusChangedAt ? row.vendorStatusChangedAt.toISOString() : null,
  };
}

function isVendorRow(row: ApplicationRow): row is ApplicationRow & { vendorStatus: VendorStatus } {
  return row.vendorStatus !== null;
}

/**
 * One page of vendor accounts in one status, the longest-waiting first (by the time they entered
 * it, then id), with how many there are. Two statements, both on the partial status index.
 */
export async function listVendorApplications(
  db: Db,
  query: { status: VendorStatus; page: number; pageSize: number },
): Promise<{ items: VendorApplication[]; total: number; page: number; pageSize: number }> {
  const rows = await db
    .selectFrom('users')
    .select(applicationColumns)
    .where('vendorStatus', '=', query.status)
    .orderBy('vendorStatusChangedAt', 'asc')
    .orderBy('id', 'asc')
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();
  const count = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .where('vendorStatus', '=', query.status)
    .executeTakeFirstOrThrow();
  return {
    items: rows.filter(isVendorRow).map(toApplication),
    total: Number(count.total),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** Locks a vendor's row for a decision and reads it; null when the user is unknown or not a vendor. */
export async function lockVendorForUpdate(
  trx: Transaction<Database>,
  userId: number,
): Promise<VendorApplication | null> {
  const row = await trx
    .selectFrom('users')
    .select(applicationColumns)
    .where('id', '=', userId)
    .where('isVendor', '=', true)
    .forUpdate()
    .executeTakeFirst();
  return row && isVendorRow(row) ? toApplication(row) : null;
}

/** Records a decision on a vendor account: the new status, its reason, who decided and when. */
export async function setVendorStatus(
  trx: Db,
  userId: number,
  change: { status: VendorStatus; reason: string | null; changedBy: number | null; at: Date },
): Promise<VendorApplication> {
  const row = await trx
    .updateTable('users')
    .set({
      vendorStatus: change.status,
      vendorStatusReason: change.reason,
      vendorStatusChangedBy: change.changedBy,
      vendorStatusChangedAt: change.at,
      updatedAt: change.at,
    })
    .where('id', '=', userId)
    .returning(applicationColumns)
    .executeTakeFirstOrThrow();
  if (!isVendorRow(row)) throw new Error(`user ${String(userId)} lost its vendor status`);
  return toApplication(row);
}
