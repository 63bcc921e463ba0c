import { sql, type Kysely } from 'kysely';

// Weekly ride series (docs/series.md): a series row keeps who organises it and what it repeats;
// each of its rides is an ordinary ride pointing at it by series_id (null for a ride made on its
// own). Deleting a series' last ride leaves the series row; deleting the organiser deletes both.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ride_series')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('creator_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('weekdays', sql`smallint[]`, (c) =>
      c.notNull().check(sql`cardinality(weekdays) between 1 and 7 and weekdays <@ array[1,2,3,4,5,6,7]::smallint[]`),
    )
    .addColumn('time', 'text', (c) => c.notNull().check(sql`time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`))
    .addColumn('from_date', 'date', (c) => c.notNull())
    .addColumn('until_date', 'date', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('ride_series_range_check', sql`until_date >= from_date`)
    .execute();
  await db.schema.createIndex('ride_series_creator_idx').on('ride_series').column('creator_id').execute();
  await db.schema
    .alterTable('rides')
    .addColumn('series_id', 'integer', (c) => c.references('ride_series.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('rides_series_idx')
    .on('rides')
    .columns(['series_id', 'date'])
    .where(sql.ref('series_id'), 'is not', null)
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('rides_series_idx').execute();
  await db.schema.alterTable('rides').dropColumn('series_id').execute();
  await db.schema.dropTable('ride_series').execute();
}
