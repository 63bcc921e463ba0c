import { sql, type Kysely } from 'kysely';

// Migrations that add notification kinds rebuild the kind check from the kinds it holds now plus
// their own (and, going down, minus their own), so migrations written side by side never undo each
// other's kinds.

/** The kinds a check constraint on notifications names. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function constraintKinds(db: Kysely<any>, constraint: string): Promise<string[]> {
  const { rows } = await sql<{ def: string }>`
    select pg_get_constraintdef(oid) as def from pg_constraint
    where conname = ${constraint} and conrelid = 'notifications'::regclass`.execute(db);
  const def = rows[0]?.def ?? '';
  return [...def.matchAll(/'([a-z_]+)'/g)].map((match) => match[1] ?? '');
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const currentKinds = (db: Kysely<any>) => constraintKinds(db, 'notifications_kind_check');

/** Rebuilds a check constraint on notifications whose condition names `kinds` (`{kinds}` in it). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function rebuildCheck(db: Kysely<any>, constraint: string, condition: string, kinds: readonly string[]) {
  const list = [...new Set(kinds)].map((kind) => `'${kind}'`).join(', ');
  await sql.raw(`alter table notifications drop constraint ${constraint}`).execute(db);
  await sql
    .raw(`alter table notifications add constraint ${constraint} check (${condition.replace('{kinds}', list)})`)
    .execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function setKinds(db: Kysely<any>, kinds: readonly string[]): Promise<void> {
  await rebuildCheck(db, 'notifications_kind_check', 'kind in ({kinds})', kinds);
}

/** Allows `kinds` in notifications besides the kinds already allowed. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function addNotificationKinds(db: Kysely<any>, kinds: readonly string[]): Promise<void> {
  await setKinds(db, [...(await currentKinds(db)), ...kinds]);
}

/** Deletes the notifications of `kinds` and no longer allows them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function removeNotificationKinds(db: Kysely<any>, kinds: readonly string[]): Promise<void> {
  await db
    .deleteFrom('notifications')
    .where('kind', 'in', [...kinds])
    .execute();
  await setKinds(
    db,
    (await currentKinds(db)).filter((kind) => !kinds.includes(kind)),
  );
}

// Kinds about an account rather than a ride may leave the ride's direction and date empty; every
// other kind must carry them (constraint notifications_ride_kind_has_ride, 2026_11_25_0402).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const currentAccountKinds = (db: Kysely<any>) => constraintKinds(db, 'notifications_ride_kind_has_ride');

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function setAccountKinds(db: Kysely<any>, kinds: readonly string[]): Promise<void> {
  await rebuildCheck(
    db,
    'notifications_ride_kind_has_ride',
    'kind in ({kinds}) or (ride_direction is not null and ride_date is not null)',
    kinds,
  );
}

/** Allows `kinds` (already allowed kinds) to name no ride, besides the account kinds already allowed. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function addAccountNotificationKinds(db: Kysely<any>, kinds: readonly string[]): Promise<void> {
  await setAccountKinds(db, [...(await currentAccountKinds(db)), ...kinds]);
}

/** Makes `kinds` name a ride again (their rows must be gone: call before removeNotificationKinds' delete). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function removeAccountNotificationKinds(db: Kysely<any>, kinds: readonly string[]): Promise<void> {
  await db
    .deleteFrom('notifications')
    .where('kind', 'in', [...kinds])
    .execute();
  await setAccountKinds(
    db,
    (await currentAccountKinds(db)).filter((kind) => !kinds.includes(kind)),
  );
}
