import { sql, type Kysely } from 'kysely';

// Folded notices (docs/architecture.md#folded-notifications): a notice that replaces an unread one
// of its kind about the same ride may be written quietly, without a phone notification. The push
// trigger skips quiet rows; every row written before this stays as it was (not quiet).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('notifications')
    .addColumn('quiet', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  // The lookup a fold makes: a user's unread notices of one kind about one ride.
  await sql`create index notifications_unread_ride_kind_idx on notifications (user_id, ride_id, kind)
    where read_at is null`.execute(db);
  await sql`
    create or replace function enqueue_push() returns trigger language plpgsql as $$
    begin
      insert into push_outbox (notification_id, subscription_id)
        select n.id, s.id from inserted n join push_subscriptions s on s.user_id = n.user_id
        where not n.quiet;
      if found then
        perform pg_notify('rideshare_push', '');
      end if;
      return null;
    end;
    $$`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function enqueue_push() returns trigger language plpgsql as $$
    begin
      insert into push_outbox (notification_id, subscription_id)
        select n.id, s.id from inserted n join push_subscriptions s on s.user_id = n.user_id;
      if found then
        perform pg_notify('rideshare_push', '');
      end if;
      return null;
    end;
    $$`.execute(db);
  await sql`drop index notifications_unread_ride_kind_idx`.execute(db);
  await db.schema.alterTable('notifications').dropColumn('quiet').execute();
}
