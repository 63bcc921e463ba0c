import { createHash } from 'node:crypto';

import type { Db } from '@rideshare/db';
import { sql } from 'kysely';

/**
 * The key a session is stored under: the SHA-256 (hex) of its id. The id itself is only ever in the
 * signed cookie, so a copy of the sessions table (a backup, a leaked dump) signs nobody in.
 */
export function sessionKey(sessionId: string): string {
  return createHash('sha256').update(sessionId, 'utf8').digest('hex');
}

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
  if (options.exceptSessionId) query = query.where('sid', '<>', sessionKey(options.exceptSessionId));
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Writes down that a session was used at `at` (its idle timeout counts from here). */
export async function touchSession(db: Db, sessionId: string, at: Date): Promise<void> {
  await db.updateTable('sessions').set({ lastSeenAt: at }).where('sid', '=', sessionKey(sessionId)).execute();
}
