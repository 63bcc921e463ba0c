/**
 * The Discord announcements' outbox and webhook state (docs/announcements.md#delivery). A ride's
 * change bumps its row's `version` in the writing transaction; a sender schedules, claims (FOR
 * UPDATE SKIP LOCKED, then a lease) and sends it after commit, from any instance.
 */
import type { Database, Db } from '@rideshare/db';
import { ANNOUNCED_SERIES_RIDES, type AnnouncedRide } from '@rideshare/domain';
import { sql, type Kysely } from 'kysely';

/** The Postgres channel a change to an announced ride notifies, waking the senders. */
export const ANNOUNCE_CHANNEL = 'rideshare_discord';

/**
 * Marks a ride's announcement as changed, inside the writing transaction: a new announced ride
 * gets its row (posted once sent), an announced one a new version (edited once sent); a ride
 * already marked over stays so. A deleted ride keeps its row, so its message can be marked over.
 */
export async function enqueueRideAnnouncement(trx: Db, rideId: number): Promise<void> {
  await sql`
    with bumped as (
      update ride_announcements set version = version + 1
      where ride_id = ${rideId} and not over
      returning ride_id
    ), added as (
      insert into ride_announcements (ride_id)
      select r.id from rides r
      where r.id = ${rideId} and r.announce
        and not exists (select 1 from ride_announcements a where a.ride_id = ${rideId})
      on conflict (ride_id) do nothing
      returning ride_id
    )
    select pg_notify(${ANNOUNCE_CHANNEL}, '') from (select ride_id from bumped union all select ride_id from added) changed
  `.execute(trx);
}

export interface ClaimedAnnouncement {
  rideId: number;
  webhook: string | null;
  messageId: string | null;
  version: number;
  attempts: number;
  title: string | null;
  contentHash: string | null;
}

/** Gives every unscheduled change its time: a post at once, an edit after `editDelayMs` (coalescing). */
export async function scheduleAnnouncements(db: Db, now: Date, editDelayMs: number): Promise<void> {
  const later = new Date(now.getTime() + editDelayMs);
  await db
    .updateTable('rideAnnouncements')
    .set({ dueAt: sql`case when message_id is null then ${now}::timestamptz else ${later}::timestamptz end` })
    .where('dueAt', 'is', null)
    .where(sql<boolean>`version > sent_version`)
    .where('over', '=', false)
    .execute();
}

/** Claims up to `limit` due rows for one sender until `leaseUntil`. */
export async function claimAnnouncements(
  db: Db,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<ClaimedAnnouncement[]> {
  const result = await sql<ClaimedAnnouncement>`
    with due as (
      select ride_id from ride_announcements
      where version > sent_version and not over and due_at <= ${now}
        and (lease_until is null or lease_until <= ${now})
      order by due_at, ride_id
      limit ${limit}
      for update skip locked
    )
    update ride_announcements a
    set lease_until = ${leaseUntil}, attempts = a.attempts + 1
    from due where a.ride_id = due.ride_id
    returning a.ride_id, a.webhook, a.message_id, a.version, a.attempts, a.title, a.content_hash`.execute(db);
  return result.rows;
}

/** When the next pending row is due: now when one waits to be scheduled; null when none waits. */
export async function nextAnnouncementDue(db: Db): Promise<{ unscheduled: boolean; next: Date | null }> {
  const row = await db
    .selectFrom('rideAnnouncements')
    .select([
      sql<boolean>`bool_or(due_at is null)`.as('unscheduled'),
      sql<Date | null>`min(greatest(due_at, lease_until))`.as('next'),
    ])
    .where(sql<boolean>`version > sent_version`)
    .where('over', '=', false)
    .executeTakeFirst();
  return { unscheduled: row?.unscheduled === true, next: row?.next ? new Date(row.next) : null };
}

/** What a send achieved: the message now shows `version`. */
export async function announcementSent(
  db: Db,
  row: ClaimedAnnouncement,
  sent: { webhook: string; messageId: string; title: string | null; contentHash: string; over: boolean },
  now: Date,
  editDelayMs: number,
): Promise<void> {
  const later = new Date(now.getTime() + editDelayMs);
  await db
    .updateTable('rideAnnouncements')
    .set({
      sentVersion: row.version,
      webhook: sent.webhook,
      messageId: sent.messageId,
      title: sent.title,
      contentHash: sent.contentHash,
      over: sent.over,
      leaseUntil: null,
      attempts: 0,
      // A change that came while this one was on its way goes after the delay.
      dueAt: sql`case when version > ${row.version} then ${later}::timestamptz else null end`,
    })
    .where('rideId', '=', row.rideId)
    .execute();
  await db
    .updateTable('rides')
    .set({ discordMessageId: sent.messageId })
    .where('id', '=', row.rideId)
    .where(sql<boolean>`discord_message_id is distinct from ${sent.messageId}`)
    .execute();
}

/** Puts a claimed row back, to be tried at `at`; `counted: false` gives the try back (a wait, not a failure). */
export async function retryAnnouncement(db: Db, rideId: number, at: Date, counted: boolean): Promise<void> {
  await db
    .updateTable('rideAnnouncements')
    .set({ leaseUntil: null, dueAt: at, ...(counted ? {} : { attempts: sql`greatest(attempts - 1, 0)` }) })
    .where('rideId', '=', rideId)
    .execute();
}

/** Gives up on the changes so far (a later change tries again); `over` ends the row for good. */
export async function dropAnnouncement(db: Db, rideId: number, over = false): Promise<void> {
  await db
    .updateTable('rideAnnouncements')
    .set({ sentVersion: sql`version`, leaseUntil: null, dueAt: null, attempts: 0, ...(over ? { over: true } : {}) })
    .where('rideId', '=', rideId)
    .execute();
}

/** Forgets a row never posted (a series ride beyond the next four: the sweep adds it back in time). */
export async function forgetUnpostedAnnouncement(db: Db, rideId: number): Promise<void> {
  await db.deleteFrom('rideAnnouncements').where('rideId', '=', rideId).where('messageId', 'is', null).execute();
}

export interface AnnouncementSource {
  ride: AnnouncedRide;
  seriesId: number | null;
  /** Open rides of the same series that leave before this one (0 for a ride on its own). */
  earlierSeriesRides: number;
}

/** The ride as the message shows it, or null when it was deleted. */
export async function readAnnouncedRide(db: Db, rideId: number, now: Date): Promise<AnnouncementSource | null> {
  const row = await db
    .selectFrom('rides as r')
    .innerJoin('users as u', 'u.id', 'r.creatorId')
    .select([
      'r.id',
      'r.direction',
      'r.date',
      'r.pickupLocation',
      'r.maxPassengers',
      'r.currentPassengers',
      'r.cost',
      'r.additionalStops',
      'r.stopPrice',
      'r.status',
      'r.cancelReason',
      'r.priceLockedAt',
      'r.vendorId',
      'r.driverContactId',
      'r.seriesId',
      'u.name as organiserName',
      sql<number>`(select count(*)::int from rides s
        where r.series_id is not null and s.series_id = r.series_id and s.status in ('open', 'assigned')
          and s.date > ${now} and s.date < r.date)`.as('earlierSeriesRides'),
    ])
    .where('r.id', '=', rideId)
    .executeTakeFirst();
  if (!row) return null;
  const { vendorId, driverContactId, seriesId, earlierSeriesRides, ...ride } = row;
  return {
    ride: { ...ride, driverAssigned: vendorId !== null || driverContactId !== null },
    seriesId,
    earlierSeriesRides,
  };
}

/**
 * The sweep's part (docs/announcements.md#over): the message of a ride that departed or was
 * deleted is due for its "over" edit; a row never posted for such a ride ends; the next four
 * open rides of each weekly series get their rows. Answers the rows it touched.
 */
export async function sweepAnnouncements(db: Kysely<Database>, now: Date): Promise<number> {
  const gone = sql<boolean>`not exists (select 1 from rides r where r.id = a.ride_id and r.date > ${now})`;
  const ended = await sql`
    update ride_announcements a set version = a.version + 1, due_at = ${now}
    where not a.over and a.message_id is not null and a.version <= a.sent_version and ${gone}`.execute(db);
  const unposted = await sql`
    update ride_announcements a set over = true, sent_version = a.version, due_at = null
    where not a.over and a.message_id is null and (a.lease_until is null or a.lease_until <= ${now}) and ${gone}`.execute(
    db,
  );
  const added = await sql`
    insert into ride_announcements (ride_id)
    select r.id from rides r
    where r.series_id is not null and r.announce and r.status in ('open', 'assigned') and r.date > ${now}
      and (select count(*) from rides s where s.series_id = r.series_id and s.status in ('open', 'assigned')
        and s.date > ${now} and s.date < r.date) < ${ANNOUNCED_SERIES_RIDES}
    on conflict (ride_id) do nothing`.execute(db);
  const touched =
    Number(ended.numAffectedRows ?? 0) + Number(unposted.numAffectedRows ?? 0) + Number(added.numAffectedRows ?? 0);
  if (touched > 0) await sql`select pg_notify(${ANNOUNCE_CHANNEL}, '')`.execute(db);
  return touched;
}

/** A configured webhook's shared state, as /admin shows it. */
export interface WebhookState {
  key: string;
  disabledAt: Date | null;
  disabledStatus: number | null;
}

/**
 * Records the configured webhooks: a new one starts enabled, one whose URL changed is enabled
 * again (the operator replaced a dead one).
 */
export async function registerWebhooks(db: Db, hooks: { key: string; urlHash: string }[]): Promise<void> {
  for (const hook of hooks) {
    await db
      .insertInto('discordWebhooks')
      .values({ key: hook.key, urlHash: hook.urlHash })
      .onConflict((oc) =>
        oc
          .column('key')
          .doUpdateSet({ urlHash: hook.urlHash, disabledAt: null, disabledStatus: null })
          .where('discordWebhooks.urlHash', '<>', hook.urlHash),
      )
      .execute();
  }
}

/**
 * Takes the webhook's next send slot, shared by every instance: answers null when the call may go
 * now (the next slot moves `intervalMs` on), else why not: disabled, or the time the slot opens.
 */
export async function takeWebhookSlot(
  db: Db,
  key: string,
  now: Date,
  intervalMs: number,
): Promise<null | { disabled: true } | { disabled: false; at: Date }> {
  const taken = await db
    .updateTable('discordWebhooks')
    .set({ nextSendAt: new Date(now.getTime() + intervalMs) })
    .where('key', '=', key)
    .where('nextSendAt', '<=', now)
    .where('disabledAt', 'is', null)
    .returning('key')
    .executeTakeFirst();
  if (taken) return null;
  const state = await db
    .selectFrom('discordWebhooks')
    .select(['nextSendAt', 'disabledAt'])
    .where('key', '=', key)
    .executeTakeFirst();
  if (!state || state.disabledAt) return { disabled: true };
  return { disabled: false, at: new Date(state.nextSendAt) };
}

/** Holds every call to the webhook until `until` (Discord's 429 `retry_after`). */
export async function holdWebhook(db: Db, key: string, until: Date): Promise<void> {
  await db
    .updateTable('discordWebhooks')
    .set({ nextSendAt: sql`greatest(next_send_at, ${until}::timestamptz)` })
    .where('key', '=', key)
    .execute();
}

/** Disables the webhook after a 401 or 404; answers whether this call disabled it. */
export async function disableWebhook(db: Db, key: string, status: number, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('discordWebhooks')
    .set({ disabledAt: now, disabledStatus: status })
    .where('key', '=', key)
    .where('disabledAt', 'is', null)
    .returning('key')
    .executeTakeFirst();
  return row !== undefined;
}

/** The webhooks' states, for /admin. */
export async function listWebhookStates(db: Db): Promise<WebhookState[]> {
  return db.selectFrom('discordWebhooks').select(['key', 'disabledAt', 'disabledStatus']).orderBy('key').execute();
}
