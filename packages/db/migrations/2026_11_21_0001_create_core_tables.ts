import { sql, type Kysely } from 'kysely';

// Migrations use Kysely<any> on purpose: they describe the schema as it was at this point in time
// and must never import app code.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('discord_username', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('whatsapp_number', 'text')
    .addColumn('malaysian_number', 'text')
    .addColumn('revolut_username', 'text')
    .addColumn('is_vendor', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('company_name', 'text')
    .addColumn('driver_details', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('users_discord_username_not_blank', sql`length(btrim(discord_username)) > 0`)
    .execute();
  // Discord usernames are case-insensitive identifiers: 'Alice' and 'alice' are one account.
  await sql`create unique index users_discord_username_lower_key on users (lower(discord_username))`.execute(db);

  await db.schema
    .createTable('driver_contacts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('whatsapp_number', 'text', (c) => c.notNull())
    .addColumn('malaysian_number', 'text')
    .addColumn('vehicle_type', 'text', (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();

  await db.schema
    .createTable('rides')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('creator_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('direction', 'text', (c) => c.notNull())
    .addColumn('date', 'timestamptz', (c) => c.notNull())
    .addColumn('max_passengers', 'integer', (c) => c.notNull())
    .addColumn('current_passengers', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pickup_location', 'text', (c) => c.notNull())
    .addColumn('dropoff_locations', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('vendor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('driver_contact_id', 'integer', (c) => c.references('driver_contacts.id').onDelete('set null'))
    .addColumn('cost', 'integer', (c) => c.notNull().defaultTo(80))
    .addColumn('additional_stops', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sequence_locked', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('rides_direction_check', sql`direction in ('SG->FC', 'FC->SG')`)
    .addCheckConstraint('rides_status_check', sql`status in ('open', 'assigned', 'completed')`)
    .addCheckConstraint('rides_max_passengers_check', sql`max_passengers between 1 and 10`)
    // The last line of defence against overbooking: even a buggy code path cannot commit it.
    .addCheckConstraint(
      'rides_current_passengers_check',
      sql`current_passengers >= 0 and current_passengers <= max_passengers`,
    )
    .addCheckConstraint('rides_cost_check', sql`cost >= 0`)
    .addCheckConstraint('rides_additional_stops_check', sql`additional_stops >= 0`)
    .addCheckConstraint('rides_pickup_not_blank', sql`length(btrim(pickup_location)) > 0`)
    .execute();
  await db.schema.createIndex('rides_date_idx').on('rides').columns(['date', 'id']).execute();
  await db.schema.createIndex('rides_creator_id_idx').on('rides').column('creator_id').execute();
  await db.schema.createIndex('rides_vendor_id_idx').on('rides').column('vendor_id').execute();
  await db.schema.createIndex('rides_status_date_idx').on('rides').columns(['status', 'date']).execute();
  await db.schema.createIndex('rides_direction_date_idx').on('rides').columns(['direction', 'date']).execute();

  await db.schema
    .createTable('ride_passengers')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('ride_id', 'integer', (c) => c.notNull().references('rides.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('dropoff_location', 'text', (c) => c.notNull())
    .addColumn('dropoff_sequence', 'integer')
    .addColumn('passenger_count', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('ride_passengers_ride_user_key', ['ride_id', 'user_id'])
    .addCheckConstraint('ride_passengers_count_check', sql`passenger_count between 1 and 10`)
    .addCheckConstraint('ride_passengers_sequence_check', sql`dropoff_sequence is null or dropoff_sequence >= 1`)
    .addCheckConstraint('ride_passengers_location_not_blank', sql`length(btrim(dropoff_location)) > 0`)
    .execute();
  await db.schema.createIndex('ride_passengers_user_id_idx').on('ride_passengers').column('user_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('sid', 'text', (c) => c.primaryKey())
    .addColumn('sess', 'jsonb', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_expires_at_idx').on('sessions').column('expires_at').execute();

  await db.schema
    .createTable('login_failures')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('login_failures_key_created_idx')
    .on('login_failures')
    .columns(['key', 'created_at'])
    .execute();

  await db.schema
    .createTable('password_reset_codes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('password_reset_codes_user_idx').on('password_reset_codes').column('user_id').execute();

  // One row holding a version number for the public ride list. Triggers bump it in the same
  // transaction as any write that changes what the list shows, so every API instance can tell
  // cheaply (one indexed read) whether its cached answer is still current.
  await db.schema
    .createTable('app_state')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('rides_version', 'bigint', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('app_state_single_row', sql`id = 1`)
    .execute();
  await sql`insert into app_state (id, rides_version) values (1, 0)`.execute(db);
  await sql`
    create function bump_rides_version() returns trigger language plpgsql as $$
    begin
      update app_state set rides_version = rides_version + 1 where id = 1;
      return null;
    end;
    $$`.execute(db);
  await sql`create trigger rides_bump_version after insert or update or delete on rides
    for each statement execute function bump_rides_version()`.execute(db);
  await sql`create trigger ride_passengers_bump_version after insert or update or delete on ride_passengers
    for each statement execute function bump_rides_version()`.execute(db);
  await sql`create trigger users_bump_version after update of name, discord_username on users
    for each statement execute function bump_rides_version()`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists users_bump_version on users`.execute(db);
  await db.schema.dropTable('app_state').ifExists().execute();
  await db.schema.dropTable('password_reset_codes').ifExists().execute();
  await db.schema.dropTable('login_failures').ifExists().execute();
  await db.schema.dropTable('sessions').ifExists().execute();
  await db.schema.dropTable('ride_passengers').ifExists().execute();
  await db.schema.dropTable('rides').ifExists().execute();
  await db.schema.dropTable('driver_contacts').ifExists().execute();
  await db.schema.dropTable('users').ifExists().execute();
  await sql`drop function if exists bump_rides_version()`.execute(db);
}
