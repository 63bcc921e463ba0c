import type { Db } from '@rideshare/db';
import { sql } from 'kysely';

/**
 * Ends a user's sessions server-side (a stolen cookie stops working at once). Sessions are keyed by
 * their id; the user is only inside the stored JSON (`sess.userId`), so this matches on that.
 * `exceptSessionId` spares the caller's own session after they changed their own password.
 */
export async function deleteUserSessions(
  db: Db,
  userId: number,
  options: { exceptSessionId?: string | null } = {},
): Promise<number> {
  let query = db.deleteFrom('sessions').where(sql<string>`sess->>'userId'`, '=', String(userId));
  if (options.exceptSessionId) query = query.where('sid', '<>', options.exceptSessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Writes down that a session was used at `at` (its idle timeout counts from here). */
export async function touchSession(db: Db, sid: string, at: Date): Promise<void> {
  await db.updateTable('sessions').set({ lastSeenAt: at }).where('sid', '=', sid).execute();
}
