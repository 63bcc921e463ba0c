import { sql, type Kysely } from 'kysely';

// Phone notifications (docs/architecture.md#push-outbox):
// - push_vapid_keys: the server's VAPID key pair, made at first start when the environment gives
//   none, one row that every instance reads;
// - push_subscriptions: each browser a member turned phone notifications on in (an endpoint is one
//   browser, so it belongs to whoever subscribed it last);
// - push_outbox: one row per notification and subscription still to send. A statement trigger on
//   notifications writes them in the transaction that writes the notifications, whatever code path
//   wrote them, and wakes the senders with a NOTIFY delivered on commit.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('push_vapid_keys')
    .addColumn('id', 'smallint', (c) =>
      c
        .primaryKey()
        .defaultTo(1)
        .check(sql`id = 1`),
    )
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('private_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('push_subscriptions_user_idx').on('push_subscriptions').column('user_id').execute();
  await db.schema
    .createTable('push_outbox')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('notification_id', 'integer', (c) => c.notNull().references('notifications.id').onDelete('cascade'))
    .addColumn('subscription_id', 'integer', (c) => c.notNull().references('push_subscriptions.id').onDelete('cascade'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // Null: due now. Otherwise the time of the next try (a retry's backoff, or a claim's lease).
    .addColumn('next_attempt_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('push_outbox_due_idx').on('push_outbox').column('next_attempt_at').execute();
  await db.schema.createIndex('push_outbox_notification_idx').on('push_outbox').column('notification_id').execute();
  await db.schema.createIndex('push_outbox_subscription_idx').on('push_outbox').column('subscription_id').execute();
  await sql`
    create function enqueue_push() returns trigger language plpgsql as $$
    begin
      insert into push_outbox (notification_id, subscription_id)
        select n.id, s.id from inserted n join push_subscriptions s on s.user_id = n.user_id;
      if found then
        perform pg_notify('rideshare_push', '');
      end if;
      return null;
    end;
    $$`.execute(db);
  await sql`
    create trigger notifications_enqueue_push after insert on notifications
      referencing new table as inserted for each statement execute function enqueue_push()`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger notifications_enqueue_push on notifications`.execute(db);
  await sql`drop function enqueue_push()`.execute(db);
  await db.schema.dropTable('push_outbox').execute();
  await db.schema.dropTable('push_subscriptions').execute();
  await db.schema.dropTable('push_vapid_keys').execute();
}
