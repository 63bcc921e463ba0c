import type { Database, Db } from '@rideshare/db';
import type { Direction, NotificationKind } from '@rideshare/domain';
import { sql, type Transaction } from 'kysely';

import { lockKeysForTransaction } from './postgres';
import type { z } from 'zod';
import type { notificationPageOutput } from '../routers/notification.outputs';

/** A ride notification names the ride; one about the account (a vendor decision) names none. */
export interface NewNotification {
  kind: NotificationKind;
  rideId: number | null;
  rideDirection: Direction | null;
  rideDate: Date | null;
  detail: string | null;
  /** Whom the notice is about, where it matters later (a vendor application: the applicant). */
  aboutUserId?: number | null;
}

/** Writes one notification per user (none for an empty list). */
export async function insertNotifications(
  trx: Db,
  userIds: readonly number[],
  notification: NewNotification,
): Promise<void> {
  if (userIds.length === 0) return;
  await trx
    .insertInto('notifications')
    .values(userIds.map((userId) => ({ userId, ...notification })))
    .execute();
}

/**
 * Marks read every unread vendor-application notice about `applicantId` (an administrator decided
 * it: docs/vendors.md#approval); answers the administrators whose inbox changed.
 */
export async function markApplicationNoticesRead(trx: Db, applicantId: number, at: Date): Promise<number[]> {
  const rows = await trx
    .updateTable('notifications')
    .set({ readAt: at })
    .where('kind', '=', 'vendor_application')
    .where('aboutUserId', '=', applicantId)
    .where('readAt', 'is', null)
    .returning('userId')
    .execute();
  return [...new Set(rows.map((row) => row.userId))];
}

/** Advisory-lock namespace of folded notices (the two-integer lock space). */
const FOLD_LOCK_NAMESPACE = 0x4e46; // 'NF'

/** A notice about one ride that replaces an unread one of its kind (docs/architecture.md#folded-notifications). */
export interface FoldedNotification extends NewNotification {
  rideId: number;
}

/**
 * Folded notices (docs/architecture.md#folded-notifications): for each user, unread notifications of
 * this kind about this ride (only those written at or after `since`, when given; only those about
 * the member `about`, when given) are replaced by the new one, so one notice stands at the top of
 * the inbox instead of a pile. `quiet` writes it without a phone notification (the push outbox
 * skips quiet rows). Writers folding for the same user, kind and ride at once queue on a
 * transaction-scoped advisory lock, so neither leaves a second unread row.
 */
export async function foldRideNotifications(
  trx: Transaction<Database>,
  userIds: readonly number[],
  notification: FoldedNotification,
  options: { since?: Date; quiet?: boolean; about?: number } = {},
): Promise<void> {
  const users = [...new Set(userIds)];
  if (users.length === 0) return;
  await lockFolds(trx, users, notification);
  await deleteFolded(trx, users, notification, options);
  await trx
    .insertInto('notifications')
    .values(
      users.map((userId) => ({
        userId,
        ...notification,
        quiet: options.quiet ?? false,
        aboutUserId: options.about ?? null,
      })),
    )
    .execute();
}

/** The fold's advisory locks: one per user, kind and ride. */
async function lockFolds(
  trx: Transaction<Database>,
  users: readonly number[],
  notification: Pick<FoldedNotification, 'kind' | 'rideId'>,
): Promise<void> {
  await lockKeysForTransaction(
    trx,
    FOLD_LOCK_NAMESPACE,
    users.map((userId) => `${String(userId)}:${notification.kind}:${String(notification.rideId)}`),
  );
}

/** Deletes what a fold replaces (see {@link foldRideNotifications}); answers how many went. */
async function deleteFolded(
  trx: Transaction<Database>,
  users: readonly number[],
  notification: Pick<FoldedNotification, 'kind' | 'rideId'>,
  options: { since?: Date; about?: number },
): Promise<number> {
  let replaced = trx
    .deleteFrom('notifications')
    .where('userId', 'in', users)
    .where('rideId', '=', notification.rideId)
    .where('kind', '=', notification.kind)
    .where('readAt', 'is', null);
  if (options.since) replaced = replaced.where('createdAt', '>=', options.since);
  if (options.about !== undefined) replaced = replaced.where('aboutUserId', '=', options.about);
  const result = await replaced.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Takes back a folded notice: the users' unread notice of this kind about this ride (and about the
 * member `about`, when given) goes, as the fold would have replaced it. Answers how many went.
 */
export async function unfoldRideNotifications(
  trx: Transaction<Database>,
  userIds: readonly number[],
  notification: Pick<FoldedNotification, 'kind' | 'rideId'>,
  options: { about?: number } = {},
): Promise<number> {
  const users = [...new Set(userIds)];
  if (users.length === 0) return 0;
  await lockFolds(trx, users, notification);
  return deleteFolded(trx, users, notification, options);
}

/**
 * Deletes a user's unread notices of `kinds` about one ride written at or after `since`: a newer
 * notice of a related kind stands for them (docs/payments.md#quiet).
 */
export async function deleteUnreadRideNotices(
  trx: Db,
  about: { userId: number; rideId: number; kinds: readonly NotificationKind[]; since: Date },
): Promise<void> {
  if (about.kinds.length === 0) return;
  await trx
    .deleteFrom('notifications')
    .where('userId', '=', about.userId)
    .where('rideId', '=', about.rideId)
    .where('kind', 'in', [...about.kinds])
    .where('readAt', 'is', null)
    .where('createdAt', '>=', about.since)
    .execute();
}

/**
 * Writes a notice about the account (no ride) unless the user already has an unread one of that
 * kind; answers whether it wrote one.
 */
export async function insertAccountNoticeOnce(trx: Db, userId: number, kind: NotificationKind): Promise<boolean> {
  const unread = await trx
    .selectFrom('notifications')
    .select('id')
    .where('userId', '=', userId)
    .where('kind', '=', kind)
    .where('readAt', 'is', null)
    .executeTakeFirst();
  if (unread) return false;
  await trx
    .insertInto('notifications')
    .values({ userId, kind, rideId: null, rideDirection: null, rideDate: null, detail: null })
    .execute();
  return true;
}

/** One notification as its owner reads it (dates as ISO strings). */
export type NotificationItem = z.output<typeof notificationPageOutput>['items'][number];

/**
 * One page of a user's notifications, newest first (by id: ids grow with every insert, and rows
 * written in one transaction share its `created_at`), with how many they have and how many are
 * unread. Two statements: the page, and both counts in one pass over the user's rows.
 */
export async function listNotificationsPage(
  db: Db,
  userId: number,
  paging: { page: number; pageSize: number },
): Promise<{ items: NotificationItem[]; total: number; unread: number }> {
  const rows = await db
    .selectFrom('notifications')
    .select(['id', 'kind', 'rideId', 'rideDirection', 'rideDate', 'detail', 'createdAt', 'readAt'])
    .where('userId', '=', userId)
    .orderBy('id', 'desc')
    .limit(paging.pageSize)
    .offset((paging.page - 1) * paging.pageSize)
    .execute();
  const counts = await db
    .selectFrom('notifications')
    .select((eb) => [
      eb.fn.countAll<string>().as('total'),
      eb.fn.countAll<string>().filterWhere('readAt', 'is', null).as('unread'),
    ])
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    items: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      rideId: row.rideId,
      rideDirection: row.rideDirection,
      rideDate: row.rideDate ? row.rideDate.toISOString() : null,
      detail: row.detail,
      createdAt: row.createdAt.toISOString(),
      readAt: row.readAt ? row.readAt.toISOString() : null,
    })),
    total: Number(counts.total),
    unread: Number(counts.unread),
  };
}

/** How many of a user's notifications are unread (the partial index on unread rows answers it). */
export async function countUnreadNotifications(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string>().as('unread'))
    .where('userId', '=', userId)
    .where('readAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.unread);
}

/**
 * Marks a user's unread notifications read at `at`: the ones in `ids`, or all of them when `ids` is
 * undefined. Only the user's own rows are touched, so another user's ids (or unknown ones) change
 * nothing; rows already read keep their first read time. `about` narrows it to one ride's
 * notifications of one kind. Answers how many rows changed.
 */
export async function markNotificationsRead(
  db: Db,
  userId: number,
  ids: readonly number[] | undefined,
  at: Date,
  about?: { rideId: number; kind: NotificationKind },
): Promise<number> {
  if (ids?.length === 0) return 0;
  let query = db
    .updateTable('notifications')
    .set({ readAt: at })
    .where('userId', '=', userId)
    .where('readAt', 'is', null);
  if (ids) query = query.where('id', 'in', [...new Set(ids)]);
  if (about) query = query.where('rideId', '=', about.rideId).where('kind', '=', about.kind);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes read notifications written before `before`; answers how many went. */
export async function deleteReadNotificationsBefore(db: Db, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('notifications')
    .where('readAt', 'is not', null)
    .where('createdAt', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Deletes notifications beyond each user's newest `keep` (by id), making room from read ones and ride
 * alert notices only: an unread notice of any other kind is never deleted for the count
 * (docs/alerts.md#folded), so an inbox full of unread real notices may stay over `keep`. Answers how
 * many went.
 */
export async function deleteNotificationsBeyond(db: Db, keep: number): Promise<number> {
  const result = await sql<never>`
    delete from notifications
    where id in (
      select ranked.id from (
        select id, read_at, kind,
          row_number() over (
            partition by user_id
            order by (read_at is null and kind <> 'ride_alert_match') desc, id desc
          ) as place
        from notifications
        -- Only the inboxes that are over the limit are ranked.
        where user_id in (select user_id from notifications group by user_id having count(*) > ${keep})
      ) as ranked
      where ranked.place > ${keep}
        -- An unread notice that is not a ride alert's is never deleted to make room.
        and (ranked.read_at is not null or ranked.kind = 'ride_alert_match')
    )`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}
