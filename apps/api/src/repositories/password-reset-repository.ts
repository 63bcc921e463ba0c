import type { Database, Db } from '@rideshare/db';
import type { Transaction } from 'kysely';

/** A stored reset code as the rules see it (the hash stays in here). */
export interface ResetCodeRecord {
  id: number;
  userId: number;
  expiresAt: string;
  usedAt: string | null;
}

export interface NewResetCode {
  userId: number;
  codeHash: string;
  expiresAt: Date;
  createdBy: number | null;
}

/**
 * Stores a freshly issued code and voids every unused older one of the same user, so at most one
 * code per user works at any time. Run it in a transaction that holds the user's row lock
 * (`lockUserForUpdate`), otherwise two concurrent issues could both survive.
 */
export async function replaceResetCode(trx: Transaction<Database>, code: NewResetCode): Promise<void> {
  await voidUnusedResetCodes(trx, code.userId);
  await trx
    .insertInto('passwordResetCodes')
    .values({ userId: code.userId, codeHash: code.codeHash, expiresAt: code.expiresAt, createdBy: code.createdBy })
    .execute();
}

/** Removes a user's codes that were never used (issued-over, expired, or made moot by a new password). */
export async function voidUnusedResetCodes(db: Db, userId: number): Promise<number> {
  const result = await db
    .deleteFrom('passwordResetCodes')
    .where('userId', '=', userId)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The user's code with this hash, locked until the transaction ends so two attempts with the same
 * code cannot both use it. Used and expired codes are returned too: the rule decides.
 */
export async function findResetCodeForUpdate(
  trx: Transaction<Database>,
  userId: number,
  codeHash: string,
): Promise<ResetCodeRecord | null> {
  const row = await trx
    .selectFrom('passwordResetCodes')
    .select(['id', 'userId', 'expiresAt', 'usedAt'])
    .where('userId', '=', userId)
    .where('codeHash', '=', codeHash)
    .orderBy('id', 'desc')
    .forUpdate()
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    userId: row.userId,
    expiresAt: row.expiresAt.toISOString(),
    usedAt: row.usedAt ? row.usedAt.toISOString() : null,
  };
}

export async function markResetCodeUsed(trx: Transaction<Database>, id: number, usedAt: Date): Promise<void> {
  await trx.updateTable('passwordResetCodes').set({ usedAt }).where('id', '=', id).execute();
}
