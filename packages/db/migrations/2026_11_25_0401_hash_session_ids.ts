import { sql, type Kysely } from 'kysely';

// Sessions are stored under the SHA-256 of their id (hex), never the id itself, so a copy of the
// table signs nobody in. Existing sessions are re-keyed in place: everyone stays signed in.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`update sessions set sid = encode(sha256(convert_to(sid, 'UTF8')), 'hex')`.execute(db);
}

// A hash cannot be turned back into an id: going back signs everyone out.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from sessions`.execute(db);
}
