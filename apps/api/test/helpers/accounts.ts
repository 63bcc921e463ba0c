import type { Database } from '@rideshare/db';
import { sql, type Kysely } from 'kysely';

import type { Env } from '../../src/env';
import { verifyPassword } from '../../src/auth/password';
import { sessionKey } from '../../src/repositories/session-repository';
import { findAuthUserById, findPasswordHashById } from '../../src/repositories/user-repository';
import { createCaller } from '../../src/routers/app-router';
import { createContextInner, type SessionControl } from '../../src/trpc/context';
import { refusal as refusalWithDomainCode } from './rides';

/** The ids insertSession stored, by the key they are stored under (the table holds only keys). */
const insertedIds = new Map<string, string>();

/** A session row as the Postgres store writes it (keyed by the id's hash; the user id in the JSON). */
export async function insertSession(db: Kysely<Database>, sid: string, userId: number): Promise<void> {
  insertedIds.set(sessionKey(sid), sid);
  await db
    .insertInto('sessions')
    .values({
      sid: sessionKey(sid),
      sess: JSON.stringify({ cookie: { path: '/' }, userId }),
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .execute();
}

/** The ids (as given to insertSession; other rows by their stored key) of a user's sessions, sorted. */
export async function sessionIdsOf(db: Kysely<Database>, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('sessions')
    .select('sid')
    .where(sql<string>`sess->>'userId'`, '=', String(userId))
    .execute();
  return rows.map((r) => insertedIds.get(r.sid) ?? r.sid).sort();
}

/** Whether `password` is the user's current password. */
export async function passwordIs(db: Kysely<Database>, userId: number, password: string): Promise<boolean> {
  const hash = await findPasswordHashById(db, userId);
  return hash !== null && (await verifyPassword(hash, password));
}

/** A session stand-in for in-process calls, with a fixed id. */
export function fakeSession(id: string): SessionControl {
  return { id, signIn: () => Promise.resolve(), signOut: () => Promise.resolve() };
}

/** A server-side caller as `userId` (or signed out), as the REST adapter and scripts build it. */
export async function callerAs(
  db: Kysely<Database>,
  env: Env,
  userId: number | null,
  options: { session?: SessionControl | null; now?: () => Date; clientIp?: string } = {},
) {
  const user = userId === null ? null : await findAuthUserById(db, userId);
  if (userId !== null && !user) throw new Error(`no user ${String(userId)}`);
  return createCaller(createContextInner({ db, env, user, ...options }));
}

/**
 * Awaits a procedure call that must fail, and returns its code and the message a client reads (for
 * input errors, the first zod issue, as the error formatter and the REST adapter answer): the ride
 * helpers' `refusal` without the domain code, which account refusals do not carry.
 */
export async function refusal(call: Promise<unknown>): Promise<{ code: string; message: string }> {
  const { code, message } = await refusalWithDomainCode(call);
  return { code, message };
}
