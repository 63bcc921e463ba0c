/**
 * Ride alerts (docs/alerts.md): a member's own alerts, and the one statement that tells every
 * matching alert's owner of a ride.
 */
import type { Database, Db } from '@rideshare/db';
import { TIME_ZONE, type Direction, type UserEventType } from '@rideshare/domain';
import { sql, type Transaction } from 'kysely';

import { eventNotification } from '../events/publish';
import { lockKeysForTransaction } from './postgres';
import type { z } from 'zod';
import type { alertOutput } from '../routers/alert.outputs';

/** An alert as its owner reads it: dates 'YYYY-MM-DD' and times 'HH:MM', Singapore time. */
export type AlertItem = z.output<typeof alertOutput>;

export interface NewAlert {
  userId: number;
  direction: Direction;
  fromDate: string;
  toDate: string;
  weekdays: number[] | null;
  earliestMinute: number | null;
  latestMinute: number | null;
}

const minuteText = (column: 'earliest_minute' | 'latest_minute') =>
  sql<string | null>`to_char(make_time(${sql.ref(column)} / 60, ${sql.ref(column)} % 60, 0), 'HH24:MI')`;

/** How many of the member's alerts are still live on `today` (their last day is today or later). */
export async function countLiveAlerts(db: Db, userId: number, today: string): Promise<number> {
  const row = await db
    .selectFrom('rideAlerts')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('userId', '=', userId)
    .where('toDate', '>=', today)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertAlert(db: Db, alert: NewAlert): Promise<number> {
  const row = await db.insertInto('rideAlerts').values(alert).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** The member's alerts, soonest window first; only ever theirs. */
export async function listAlertsOf(db: Db, userId: number, options: { id?: number } = {}): Promise<AlertItem[]> {
  let query = db
    .selectFrom('rideAlerts')
    .select([
      'id',
      'direction',
      'weekdays',
      'createdAt',
      sql<string>`to_char(from_date, 'YYYY-MM-DD')`.as('fromDate'),
      sql<string>`to_char(to_date, 'YYYY-MM-DD')`.as('toDate'),
      minuteText('earliest_minute').as('earliestTime'),
      minuteText('latest_minute').as('latestTime'),
    ])
    .where('userId', '=', userId);
  if (options.id !== undefined) query = query.where('id', '=', options.id);
  const rows = await query.orderBy('fromDate').orderBy('id').execute();
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** Deletes the member's own alert; false when they have none with that id. */
export async function deleteAlertOf(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('rideAlerts').where('id', '=', id).where('userId', '=', userId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Advisory-lock namespace of folded alert notices (the two-integer lock space). */
const ALERT_FOLD_LOCK_NAMESPACE = 0x4146; // 'AF'

/**
 * Tells each member with an alert matching the ride, once per ride (docs/alerts.md#matching): ONE
 * statement, whatever the number of alerts, reads the ride as the transaction left it, finds the
 * matching alerts through `ride_alerts_match_idx` (direction, then live windows around the ride's
 * day) and records one match per member in `ride_alert_matches` (its primary key drops a member
 * already told, also by a write racing on another instance). The weekday and time tests mirror the
 * domain's `alertMatchesRide`. Then the notices are folded (docs/alerts.md#folded): each alert has
 * at most one unread 'ride_alert_match', replaced in place by one about the newest ride that counts
 * them all ('3 new rides match your alert'), written quietly (no phone notification) when it folds
 * an earlier one. Answers the members told.
 */
export async function notifyMatchingAlerts(trx: Transaction<Database>, rideId: number, now: Date): Promise<number[]> {
  const matched = await sql<{ userId: number; alertId: number }>`
    with ride as (
      select r.id, r.direction, r.date, r.creator_id, (r.date at time zone ${TIME_ZONE}) as wall
      from rides r
      where r.id = ${rideId}
        and r.status in ('open', 'assigned')
        and r.current_passengers < r.max_passengers
        and r.date > ${now}
    ),
    candidates as (
      select distinct on (a.user_id) a.id as alert_id, a.user_id, ride.id as ride_id
      from ride
      join ride_alerts a
        on a.direction = ride.direction
       and a.to_date >= ride.wall::date
       and a.from_date <= ride.wall::date
      where a.user_id <> ride.creator_id
        and (a.weekdays is null or extract(isodow from ride.wall)::smallint = any(a.weekdays))
        and (a.earliest_minute is null
             or a.earliest_minute <= extract(hour from ride.wall) * 60 + extract(minute from ride.wall))
        and (a.latest_minute is null
             or a.latest_minute >= extract(hour from ride.wall) * 60 + extract(minute from ride.wall))
        and not exists (select 1 from ride_passengers p where p.ride_id = ride.id and p.user_id = a.user_id)
      order by a.user_id, a.id
    )
    insert into ride_alert_matches (ride_id, user_id, alert_id)
    select ride_id, user_id, alert_id from candidates
    on conflict do nothing
    returning user_id as "userId", alert_id as "alertId"
  `.execute(trx);
  // Writers folding for the same alert at once (two rides made together) queue here. With no match
  // the two statements below do nothing, but still run: creating a ride costs the same statements
  // however many alerts there are (docs/alerts.md#matching).
  await lockKeysForTransaction(
    trx,
    ALERT_FOLD_LOCK_NAMESPACE,
    matched.rows.map((row) => `${String(row.userId)}:${String(row.alertId)}`),
  );
  const users = matched.rows.map((row) => row.userId);
  const alerts = matched.rows.map((row) => row.alertId);
  const notification = eventNotification({
    audience: 'user',
    type: sql`${'notifications.changed' satisfies UserEventType}::text`,
    rideId: sql.ref('told.ride_id'),
    userId: sql.ref('told.user_id'),
  });
  const result = await sql<{ userId: number }>`
    with m as (
      select * from unnest(${users}::int[], ${alerts}::int[]) as m(user_id, alert_id)
    ),
    previous as (
      delete from notifications n
      using ride_alert_matches am, m
      where n.user_id = m.user_id
        and n.kind = 'ride_alert_match'
        and n.read_at is null
        and n.ride_id <> ${rideId}
        and am.ride_id = n.ride_id and am.user_id = n.user_id and am.alert_id = m.alert_id
      returning m.user_id, m.alert_id, case when n.detail ~ '^[0-9]{1,6}$' then n.detail::int else 1 end as rides
    ),
    folded as (
      select user_id, alert_id, sum(rides)::int as rides from previous group by user_id, alert_id
    ),
    told as (
      insert into notifications (user_id, kind, ride_id, ride_direction, ride_date, detail, quiet)
      select m.user_id, 'ride_alert_match', r.id, r.direction, r.date,
             case when f.rides is null then null else (f.rides + 1)::text end,
             f.rides is not null
      from m
      join rides r on r.id = ${rideId}
      left join folded f on f.user_id = m.user_id and f.alert_id = m.alert_id
      returning user_id, ride_id
    )
    select told.user_id as "userId", ${notification}::text as sent
    from told
  `.execute(trx);
  return result.rows.map((row) => row.userId);
}
