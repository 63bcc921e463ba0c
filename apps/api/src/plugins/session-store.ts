import type { Database } from '@rideshare/db';
import type { SessionStore } from '@fastify/session';
import type { Session } from 'fastify';
import type { Kysely } from 'kysely';

import { sessionKey } from '../repositories/session-repository';
import { publishSessionsEnded } from '../events/publish';

/**
 * Sessions live in Postgres so every API instance sees the same ones and a restart signs no one
 * out. Only sessions someone signed in to are stored (an empty one, such as the fresh session that
 * replaces an ended one, is not). Expired rows are ignored on read; expired and long-unused rows
 * are swept periodically. `last_seen_at` (written by touchSession) is handed to the app as the
 * session's `lastSeenAt`, for the idle timeout. Rows are keyed by the SHA-256 of the session id
 * (sessionKey), so the table alone signs nobody in.
 */
export class PostgresSessionStore implements SessionStore {
  private sweeper: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly defaultMaxAgeMs: number,
    /** The longest idle timeout: a session unused for longer has ended, whoever it belongs to. */
    private readonly maxIdleMs: number = Number.POSITIVE_INFINITY,
  ) {}

  startSweeping(intervalMs = 15 * 60 * 1000): void {
    this.sweeper = setInterval(() => {
      void this.sweepExpired().catch(() => undefined);
    }, intervalMs);
    this.sweeper.unref();
  }

  stopSweeping(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
  }

  async sweepExpired(now = new Date()): Promise<number> {
    let query = this.db.deleteFrom('sessions');
    query = Number.isFinite(this.maxIdleMs)
      ? query.where((eb) =>
          eb.or([eb('expiresAt', '<', now), eb('lastSeenAt', '<', new Date(now.getTime() - this.maxIdleMs))]),
        )
      : query.where('expiresAt', '<', now);
    const result = await query.executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  set(sessionId: string, session: Session, callback: (err?: unknown) => void): void {
    if (session.userId === undefined) {
      callback();
      return;
    }
    const expires = session.cookie.expires
      ? new Date(session.cookie.expires)
      : new Date(Date.now() + this.defaultMaxAgeMs);
    // lastSeenAt is the column's, lent to the session on read; it is not part of the stored JSON.
    const sess = JSON.stringify(session, (key, value: unknown) => (key === 'lastSeenAt' ? undefined : value));
    const lastSeenAt = new Date();
    this.db
      .insertInto('sessions')
      .values({ sid: sessionKey(sessionId), sess, expiresAt: expires, lastSeenAt })
      .onConflict((oc) => oc.column('sid').doUpdateSet({ sess, expiresAt: expires, lastSeenAt }))
      .execute()
      .then(() => {
        callback();
      }, callback);
  }

  get(sessionId: string, callback: (err: unknown, result?: Session | null) => void): void {
    this.db
      .selectFrom('sessions')
      .select(['sess', 'lastSeenAt'])
      .where('sid', '=', sessionKey(sessionId))
      .where('expiresAt', '>', new Date())
      .executeTakeFirst()
      .then(
        (row) => {
          callback(null, row ? ({ ...row.sess, lastSeenAt: row.lastSeenAt.getTime() } as unknown as Session) : null);
        },
        (err: unknown) => {
          callback(err);
        },
      );
  }

  destroy(sessionId: string, callback: (err?: unknown) => void): void {
    this.db
      .deleteFrom('sessions')
      .where('sid', '=', sessionKey(sessionId))
      .execute()
      // Sign-out, idle expiry, a new sign-in: the event streams this session opened end too, on
      // every instance.
      .then(() => publishSessionsEnded(this.db, { sessionId }))
      .then(() => {
        callback();
      }, callback);
  }
}
