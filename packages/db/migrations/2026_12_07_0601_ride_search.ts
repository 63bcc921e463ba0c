import { sql, type Kysely } from 'kysely';

// The ride list's text search (docs/product.md#search):
// - pg_trgm (trigram GIN indexes, so `like '%word%'` uses an index) and unaccent (accent folding),
//   on both engines: the embedded engine loads both as extensions (packages/db/src/connect.ts).
// - rides.search_public / rides.search_member: what a search may match, folded (lower case, no
//   accents), for each audience apart so a search never finds a ride by text its audience cannot
//   see (domain `visibility`): the public gets the pick-up, the organiser's own name and the date
//   in words; members also every stop and the organiser's Discord username when no name is set.
//   The date in words is Singapore time ("friday fri 12 dec december 2026").
// - Kept by triggers: a ride's own insert or update, and an organiser's name change.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create extension if not exists unaccent`.execute(db);
  await db.schema
    .alterTable('rides')
    .addColumn('search_public', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('search_member', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  // Folding a search word the same way as the stored text (the list's query calls it too).
  await sql`
    create function ride_search_fold(value text) returns text language sql stable as $$
      select lower(unaccent(coalesce(value, '')))
    $$`.execute(db);
  await sql`
    create function ride_search_date(departs timestamptz) returns text language sql stable as $$
      select lower(to_char((departs at time zone 'UTC') + interval '8 hours', 'FMDay Dy FMDD Mon FMMonth YYYY'))
    $$`.execute(db);
  await sql`
    create function ride_search_fill(r rides) returns rides language plpgsql stable as $$
    declare
      own_name text;
      username text;
      stops text;
      dated text := ride_search_date(r.date);
    begin
      select nullif(trim(u.name), ''), u.discord_username into own_name, username from users u where u.id = r.creator_id;
      select coalesce(string_agg(d->>'location', ' '), '') into stops from jsonb_array_elements(r.dropoff_locations) d;
      r.search_public := ride_search_fold(concat_ws(' ', r.pickup_location, own_name, dated));
      r.search_member := ride_search_fold(concat_ws(' ', r.pickup_location, stops, coalesce(own_name, username), dated));
      return r;
    end
    $$`.execute(db);
  await sql`
    create function rides_search_before() returns trigger language plpgsql as $$
    begin
      new := ride_search_fill(new);
      return new;
    end
    $$`.execute(db);
  await sql`create trigger rides_search before insert or update of pickup_location, dropoff_locations, date, creator_id, direction on rides
    for each row execute function rides_search_before()`.execute(db);
  await sql`
    create function users_search_after() returns trigger language plpgsql as $$
    begin
      update rides set search_public = (ride_search_fill(rides)).search_public,
                       search_member = (ride_search_fill(rides)).search_member
        where creator_id = new.id;
      return null;
    end
    $$`.execute(db);
  await sql`create trigger users_search after update of name, discord_username on users
    for each row when (old.name is distinct from new.name or old.discord_username is distinct from new.discord_username)
    execute function users_search_after()`.execute(db);
  await sql`update rides set search_public = (ride_search_fill(rides)).search_public,
    search_member = (ride_search_fill(rides)).search_member`.execute(db);
  await sql`create index rides_search_public_trgm on rides using gin (search_public gin_trgm_ops)`.execute(db);
  await sql`create index rides_search_member_trgm on rides using gin (search_member gin_trgm_ops)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists users_search on users`.execute(db);
  await sql`drop trigger if exists rides_search on rides`.execute(db);
  await sql`drop function if exists users_search_after()`.execute(db);
  await sql`drop function if exists rides_search_before()`.execute(db);
  await sql`drop function if exists ride_search_fill(rides)`.execute(db);
  await sql`drop function if exists ride_search_date(timestamptz)`.execute(db);
  await sql`drop function if exists ride_search_fold(text)`.execute(db);
  await db.schema.alterTable('rides').dropColumn('search_public').dropColumn('search_member').execute();
}
