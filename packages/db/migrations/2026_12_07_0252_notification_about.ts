import { sql, type Kysely } from 'kysely';

// Whom a notice is about, when its kind folds per member as well as per ride (a vendor's quotes on
// a ride fold into one notice to the organiser per vendor: docs/vendors.md#quote-notices). Null for
// every other notice; a removed account leaves its notices without it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('notifications')
    .addColumn('about_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await sql`create index notifications_about_idx on notifications (about_user_id) where about_user_id is not null`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notifications').dropColumn('about_user_id').execute();
}
