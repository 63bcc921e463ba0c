import type { Database } from '@rideshare/db';
import type { SessionStore } from '@fastify/session';
import type { Session } from 'fastify';
import type { Kysely } from 'kysely';

/**
 * Sessions live in Postgres so every API instance sees the same ones and a restart signs no one
 * out. Expired rows are ignored on read and swept periodically.
 */
export class PostgresSessionStore implements SessionStore {
  private sweeper: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly defaultMaxAgeMs: number,
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

  async sweepExpired(): Promise<number> {
    const result = await this.db.deleteFrom('sessions').where('expiresAt', '<', new Date()).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  set(sessionId: string, session: Session, callback: (err?: unknown) => void): void {
    const expires = session.cookie.expires ? new Date(session.cookie.expires) : new Date(Date.now() + this.defaultMaxAgeMs);
    const sess = JSON.stringify(session);
    this.db
      .insertInto('sessions')
      .values({ sid: sessionId, sess, expiresAt: expires })
      .onConflict((oc) => oc.column('sid').doUpdateSet({ sess, expiresAt: expires }))
      .execute()
      .then(() => {
        callback();
      }, callback);
  }

  get(sessionId: string, callback: (err: unknown, result?: Session | null) => void): void {
    this.db
      .selectFrom('sessions')
      .select('sess')
      .where('sid', '=', sessionId)
      .where('expiresAt', '>', new Date())
      .executeTakeFirst()
      .then((row) => {
        callback(null, row ? (row.sess as unknown as Session) : null);
      }, (err: unknown) => {
        callback(err);
      });
  }

  destroy(sessionId: string, callback: (err?: unknown) => void): void {
    this.db
      .deleteFrom('sessions')
      .where('sid', '=', sessionId)
      .execute()
      .then(() => {
        callback();
      }, callback);
  }
}
