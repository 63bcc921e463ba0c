import { sql, type Kysely } from 'kysely';

// Ending a user's sessions (password change or reset, logout everywhere) looks sessions up by the
// user id stored inside the session JSON; without this index that is a scan of every session.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index sessions_user_id_idx on sessions ((sess->>'userId'))`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists sessions_user_id_idx`.execute(db);
}
