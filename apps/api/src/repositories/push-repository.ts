/** Phone notifications' rows: the VAPID keys, members' push subscriptions and the push outbox. */
import type { Db } from '@rideshare/db';
import type { Direction, NotificationKind } from '@rideshare/domain';
import { sql } from 'kysely';

export interface StoredVapidKeys {
  publicKey: string;
  privateKey: string;
}

/** A key pair an earlier version kept in the database (docs/architecture.md#vapid-keys), or null. */
export async function findLegacyVapidKeys(db: Db): Promise<StoredVapidKeys | null> {
  const row = await db.selectFrom('pushVapidKeys').select(['publicKey', 'privateKey']).executeTakeFirst();
  return row ?? null;
}

/** Drops the key pair from the database once it is kept elsewhere. */
export async function deleteLegacyVapidKeys(db: Db): Promise<void> {
  await db.deleteFrom('pushVapidKeys').execute();
}

export interface SubscriptionRow {
  id: number;
  userId: number;
}

export async function findSubscriptionByEndpoint(db: Db, endpoint: string): Promise<SubscriptionRow | null> {
  const row = await db
    .selectFrom('pushSubscriptions')
    .select(['id', 'userId'])
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
  return row ?? null;
}

export async function insertSubscription(
  db: Db,
  row: { userId: number; endpoint: string; p256dh: string; auth: string },
): Promise<void> {
  await db.insertInto('pushSubscriptions').values(row).execute();
}

export async function updateSubscriptionKeys(
  db: Db,
  id: number,
  keys: { p256dh: string; auth: string },
): Promise<void> {
  await db.updateTable('pushSubscriptions').set(keys).where('id', '=', id).execute();
}

/** Deletes one subscription (its outbox rows go with it); answers whether there was one. */
export async function deleteSubscription(db: Db, where: { id: number } | { userId: number; endpoint: string }) {
  let query = db.deleteFrom('pushSubscriptions');
  query =
    'id' in where
      ? query.where('id', '=', where.id)
      : query.where('userId', '=', where.userId).where('endpoint', '=', where.endpoint);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Deletes a member's subscriptions beyond their newest `keep`. */
export async function deleteSubscriptionsBeyond(db: Db, userId: number, keep: number): Promise<void> {
  await db
    .deleteFrom('pushSubscriptions')
    .where('userId', '=', userId)
    .where('id', 'not in', (eb) =>
      eb.selectFrom('pushSubscriptions').select('id').where('userId', '=', userId).orderBy('id', 'desc').limit(keep),
    )
    .execute();
}

/** One claimed outbox row with what sending it needs. */
export interface ClaimedPush {
  id: string;
  attempts: number;
  subscriptionId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  notificationId: number;
  kind: NotificationKind;
  rideId: number | null;
  rideDirection: Direction | null;
  rideDate: Date | null;
  detail: string | null;
}

/**
 * Claims up to `limit` due rows (next try null or at/before `now`) that no other instance holds:
 * counts the attempt and leases each row until `leaseUntil`, so a sender that dies mid-send leaves it
 * to be retried then. One statement; rows another transaction is claiming are skipped, not waited for.
 */
export async function claimDuePushes(db: Db, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedPush[]> {
  const result = await sql<ClaimedPush>`
    with due as (
      select id from push_outbox
      where next_attempt_at is null or next_attempt_at <= ${now}
      order by id
      limit ${limit}
      for update skip locked
    )
    update push_outbox o
    set attempts = o.attempts + 1, next_attempt_at = ${leaseUntil}
    from due, push_subscriptions s, notifications n
    where o.id = due.id and s.id = o.subscription_id and n.id = o.notification_id
    returning o.id, o.attempts, s.id as subscription_id, s.endpoint, s.p256dh, s.auth,
      n.id as notification_id, n.kind, n.ride_id, n.ride_direction, n.ride_date, n.detail`.execute(db);
  return result.rows.map((row) => ({ ...row, id: String(row.id) }));
}

export async function deletePush(db: Db, id: string): Promise<void> {
  await db
    .deleteFrom('pushOutbox')
    .where('id', '=', id as never)
    .execute();
}

export async function reschedulePush(db: Db, id: string, at: Date): Promise<void> {
  await db
    .updateTable('pushOutbox')
    .set({ nextAttemptAt: at })
    .where('id', '=', id as never)
    .execute();
}

/** When the next row falls due: now when one is due already (null time), null when none waits. */
export async function nextPushDue(db: Db): Promise<{ dueNow: boolean; next: Date | null }> {
  const row = await db
    .selectFrom('pushOutbox')
    .select((eb) => [
      eb.fn.countAll<string>().filterWhere('nextAttemptAt', 'is', null).as('dueNow'),
      eb.fn.min('nextAttemptAt').as('next'),
    ])
    .executeTakeFirstOrThrow();
  return { dueNow: Number(row.dueNow) > 0, next: row.next ? new Date(row.next) : null };
}
