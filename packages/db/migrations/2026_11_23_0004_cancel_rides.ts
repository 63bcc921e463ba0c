import { sql, type Kysely } from 'kysely';

// An organiser may cancel a future ride: it keeps its entries, gets the status 'cancelled' and
// keeps why and when. The status CHECK is widened to admit the new status.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('rides').addColumn('cancel_reason', 'text').execute();
  await db.schema.alterTable('rides').addColumn('cancelled_at', 'timestamptz').execute();
  await db.schema.alterTable('rides').dropConstraint('rides_status_check').execute();
  await db.schema
    .alterTable('rides')
    .addCheckConstraint('rides_status_check', sql`status in ('open', 'assigned', 'completed', 'cancelled')`)
    .execute();
  // A cancelled ride always says why and when; no other ride carries a reason.
  await db.schema
    .alterTable('rides')
    .addCheckConstraint(
      'rides_cancel_fields_check',
      sql`(status = 'cancelled') = (cancel_reason is not null and cancelled_at is not null)`,
    )
    .execute();
}

// Down: cancelled rides go back to open (the old CHECK would refuse them), and the columns go.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('rides').dropConstraint('rides_cancel_fields_check').execute();
  await db.schema.alterTable('rides').dropConstraint('rides_status_check').execute();
  await sql`update rides set status = case when vendor_id is null then 'open' else 'assigned' end where status = 'cancelled'`.execute(
    db,
  );
  await db.schema
    .alterTable('rides')
    .addCheckConstraint('rides_status_check', sql`status in ('open', 'assigned', 'completed')`)
    .execute();
  await db.schema.alterTable('rides').dropColumn('cancelled_at').execute();
  await db.schema.alterTable('rides').dropColumn('cancel_reason').execute();
}
