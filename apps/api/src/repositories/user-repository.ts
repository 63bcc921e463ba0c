import type { Database, Db, UserRow } from '@rideshare/db';
import type { ContactSharing, DriverDetails, Permit, PermitCountry, VendorStatus } from '@rideshare/domain';
import { sql, type ExpressionBuilder, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { publicUserOutput } from '../routers/user.outputs';

/**
 * What the server needs to know about the caller on every request, read fresh from the user's row
 * each time (so a revoked admin right stops working at once).
 */
export interface AuthUser {
  id: number;
  discordUsername: string;
  name: string | null;
  isVendor: boolean;
  isAdmin: boolean;
  /** Null for members; only an approved vendor acts as one (docs/vendors.md#approval). */
  vendorStatus: VendorStatus | null;
  vendorStatusReason: string | null;
}

/** A user as they see themselves (never the password hash). */
export type PublicUser = z.output<typeof publicUserOutput>;

/** `permit_expires_on` (a `date`) as 'YYYY-MM-DD', the same on both engines and in every time zone. */
export const permitExpiresOnText = sql<string | null>`to_char(permit_expires_on, 'YYYY-MM-DD')`.as('permitExpiresOn');

/** A stored permit's three columns as one value (null unless all three are set). */
export function toPermit(row: {
  permitCountry: PermitCountry | null;
  permitNumber: string | null;
  permitExpiresOn: string | null;
}): Permit | null {
  if (!row.permitCountry || !row.permitNumber || !row.permitExpiresOn) return null;
  return { country: row.permitCountry, number: row.permitNumber, expiresOn: row.permitExpiresOn };
}

/** A permit as its three columns (all null to remove it). */
export function permitColumns(permit: Permit | null): {
  permitCountry: PermitCountry | null;
  permitNumber: string | null;
  permitExpiresOn: string | null;
} {
  return {
    permitCountry: permit?.country ?? null,
    permitNumber: permit?.number ?? null,
    permitExpiresOn: permit?.expiresOn ?? null,
  };
}

const publicColumns = [
  'id',
  'discordUsername',
  'name',
  'whatsappNumber',
  'malaysianNumber',
  'revolutUsername',
  'isVendor',
  'companyName',
  'driverDetails',
  // Granted only by an operator (`admin:grant`); nothing a client sends can set it.
  'isAdmin',
  'vendorStatus',
  'vendorStatusReason',
  'permitCountry',
  'permitNumber',
  'vehicleSeats',
  'shareContactsWith',
  'paynowProxy',
  'discordVerified',
  'discordId',
  'discordName',
] as const;

const hasPasswordColumn = sql<boolean>`password_hash is not null`.as('hasPassword');

/** Every column a {@link PublicUser} is built from. */
const publicSelection = [...publicColumns, permitExpiresOnText, hasPasswordColumn] as const;

export function toPublicUser(
  row: Pick<UserRow, (typeof publicColumns)[number]> & { permitExpiresOn: string | null; hasPassword: boolean },
): PublicUser {
  return {
    id: row.id,
    discordUsername: row.discordUsername,
    name: row.name,
    whatsappNumber: row.whatsappNumber,
    malaysianNumber: row.malaysianNumber,
    revolutUsername: row.revolutUsername,
    isVendor: row.isVendor,
    companyName: row.companyName,
    driverDetails: row.driverDetails,
    isAdmin: row.isAdmin,
    vendorStatus: row.vendorStatus,
    vendorStatusReason: row.vendorStatusReason,
    permit: toPermit(row),
    vehicleSeats: row.vehicleSeats,
    shareContactsWith: row.shareContactsWith,
    paynowProxy: row.paynowProxy,
    discordVerified: row.discordVerified,
    discordLinked: row.discordId !== null,
    discordName: row.discordId !== null && row.discordName !== row.discordUsername ? row.discordName : null,
    hasPassword: row.hasPassword,
  };
}

export async function findAuthUserById(db: Db, id: number): Promise<AuthUser | null> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'discordUsername', 'name', 'isVendor', 'isAdmin', 'vendorStatus', 'vendorStatusReason'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

export async function findPublicUserById(db: Db, id: number): Promise<PublicUser | null> {
  const row = await db.selectFrom('users').select(publicSelection).where('id', '=', id).executeTakeFirst();
  return row ? toPublicUser(row) : null;
}

/** Discord usernames are unique case-insensitively (the unique index is on `lower(discord_username)`). */
function usernameIs(discordUsername: string) {
  return (eb: ExpressionBuilder<Database, 'users'>) =>
    eb(sql<string>`lower(discord_username)`, '=', discordUsername.toLowerCase());
}

/** Looks a user up by Discord username, ignoring case. */
export async function findUserCredentialsByUsername(
  db: Db,
  discordUsername: string,
): Promise<{ id: number; passwordHash: string } | null> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'passwordHash'])
    .where(usernameIs(discordUsername))
    .executeTakeFirst();
  // An account made by Discord without a password cannot be signed in to with one.
  if (!row || row.passwordHash === null) return null;
  return { id: row.id, passwordHash: row.passwordHash };
}

export async function findPasswordHashById(db: Db, id: number): Promise<string | null> {
  const row = await db.selectFrom('users').select('passwordHash').where('id', '=', id).executeTakeFirst();
  return row?.passwordHash ?? null;
}

/** A new account: what its owner sees of it, plus the password hash. */
export type NewUser = Omit<
  PublicUser,
  | 'id'
  | 'isAdmin'
  | 'vendorStatusReason'
  | 'shareContactsWith'
  | 'paynowProxy'
  | 'discordVerified'
  | 'discordLinked'
  | 'discordName'
  | 'hasPassword'
> & {
  passwordHash: string;
};

/**
 * Inserts a user; returns null when the Discord username is already taken (any case). A vendor's
 * status is stamped with the insert's time (the application's date).
 */
export async function insertUser(db: Db, user: NewUser): Promise<PublicUser | null> {
  const { permit, ...rest } = user;
  const row = await db
    .insertInto('users')
    .values({
      ...rest,
      ...permitColumns(permit),
      driverDetails: user.driverDetails ? JSON.stringify(user.driverDetails) : null,
      vendorStatusChangedAt: user.vendorStatus ? sql<Date>`now()` : null,
    })
    .onConflict((oc) => oc.expression(sql`lower(discord_username)`).doNothing())
    .returning(publicSelection)
    .executeTakeFirst();
  return row ? toPublicUser(row) : null;
}

export async function updateUserPassword(db: Db, id: number, passwordHash: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ passwordHash, updatedAt: new Date() })
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export interface ProfileChanges {
  name?: string | null;
  whatsappNumber?: string | null;
  malaysianNumber?: string | null;
  revolutUsername?: string | null;
  companyName?: string;
  driverDetails?: DriverDetails;
  permit?: Permit | null;
  vehicleSeats?: number | null;
  shareContactsWith?: ContactSharing;
  paynowProxy?: string | null;
  /** Set when a permit edit sends the vendor back to pending (stamped now, by nobody). */
  vendorStatus?: VendorStatus;
}

export async function updateUserProfile(db: Db, id: number, changes: ProfileChanges): Promise<PublicUser | null> {
  const { permit, vendorStatus, ...rest } = changes;
  const row = await db
    .updateTable('users')
    .set({
      ...rest,
      ...(permit === undefined ? {} : permitColumns(permit)),
      ...(vendorStatus === undefined
        ? {}
        : { vendorStatus, vendorStatusReason: null, vendorStatusChangedAt: new Date(), vendorStatusChangedBy: null }),
      driverDetails: changes.driverDetails ? JSON.stringify(changes.driverDetails) : undefined,
      updatedAt: new Date(),
    })
    .where('id', '=', id)
    .returning(publicSelection)
    .executeTakeFirst();
  return row ? toPublicUser(row) : null;
}

/** A user picked by Discord username (any letter case), as admin tools name them. */
export async function findUserIdentityByUsername(
  db: Db,
  discordUsername: string,
): Promise<{ id: number; discordUsername: string } | null> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'discordUsername'])
    .where(usernameIs(discordUsername))
    .executeTakeFirst();
  return row ?? null;
}

/** Locks a user's row until the transaction ends (serialises changes to that user's credentials). */
export async function lockUserForUpdate(trx: Transaction<Database>, id: number): Promise<boolean> {
  const row = await trx.selectFrom('users').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
  return row !== undefined;
}

/**
 * Grants or withdraws administrator rights (operators only: the `admin:grant` script calls this;
 * no procedure does). Returns the user as now stored, or null when no such user exists.
 */
export async function setUserAdmin(
  db: Db,
  discordUsername: string,
  isAdmin: boolean,
): Promise<{ id: number; discordUsername: string; isAdmin: boolean } | null> {
  const row = await db
    .updateTable('users')
    .set({ isAdmin, updatedAt: new Date() })
    .where(usernameIs(discordUsername))
    .returning(['id', 'discordUsername', 'isAdmin'])
    .executeTakeFirst();
  return row ?? null;
}

/** Every user holding administrator rights, by id. */
export async function listAdmins(db: Db): Promise<{ id: number; discordUsername: string }[]> {
  return db.selectFrom('users').select(['id', 'discordUsername']).where('isAdmin', '=', true).orderBy('id').execute();
}

/** Replaces a password hash only if it is still the one that was checked (a rehash on login). */
export async function upgradeUserPasswordHash(db: Db, id: number, oldHash: string, newHash: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ passwordHash: newHash })
    .where('id', '=', id)
    .where('passwordHash', '=', oldHash)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Every administrator's id (users.is_admin), in id order. */
export async function listAdminIds(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('users').select('id').where('isAdmin', '=', true).orderBy('id').execute();
  return rows.map((row) => row.id);
}
