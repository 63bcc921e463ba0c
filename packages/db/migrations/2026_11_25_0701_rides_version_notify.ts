import { sql, type Kysely } from 'kysely';

// Every bump of the ride-list version (0001's trigger function) also announces the new version on
// the live channel, delivered on commit: API instances keep their cached lists current from these
// without reading the version per request (docs/architecture.md#list-version).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function bump_rides_version() returns trigger language plpgsql as $$
    declare
      next_version bigint;
    begin
      update app_state set rides_version = rides_version + 1 where id = 1
        returning rides_version into next_version;
      perform pg_notify('rideshare_events',
        json_build_object('kind', 'rides.version', 'version', next_version)::text);
      return null;
    end;
    $$`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function bump_rides_version() returns trigger language plpgsql as $$
    begin
      update app_state set rides_version = rides_version + 1 where id = 1;
      return null;
    end;
    $$`.execute(db);
}
