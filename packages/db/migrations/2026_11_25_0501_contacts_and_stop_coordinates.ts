import { sql, type Kysely } from 'kysely';

// Contacts only when needed, and stops on the map (docs/vendors.md#contacts, #stops-on-the-map):
// - users.share_contacts_with: with whom an organiser shares their numbers on the rides they
//   organise: 'members' (every signed-in member, the default) or 'party' (the ride's party only).
// - ride_passengers and ride_waitlist keep the coordinates of a location picked on the map: both or
//   neither, in range (a waiting group's pair goes onto its entry when it accepts an offer).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('share_contacts_with', 'text', (c) =>
      c
        .notNull()
        .defaultTo('members')
        .check(sql`share_contacts_with in ('members', 'party')`),
    )
    .execute();
  for (const table of ['ride_passengers', 'ride_waitlist']) {
    await db.schema
      .alterTable(table)
      .addColumn('latitude', 'double precision', (c) => c.check(sql`latitude between -90 and 90`))
      .addColumn('longitude', 'double precision', (c) => c.check(sql`longitude between -180 and 180`))
      .execute();
    await sql
      .raw(
        `alter table ${table} add constraint ${table}_coordinates_paired check ((latitude is null) = (longitude is null))`,
      )
      .execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['ride_passengers', 'ride_waitlist']) {
    await sql.raw(`alter table ${table} drop constraint ${table}_coordinates_paired`).execute(db);
    await db.schema.alterTable(table).dropColumn('latitude').dropColumn('longitude').execute();
  }
  await db.schema.alterTable('users').dropColumn('share_contacts_with').execute();
}
