import { sql, type Kysely } from 'kysely';

// Reports of chat messages (docs/messages.md#reports):
// - one report per member and message: repeats already stored are folded into the first (the
//   oldest kept), and a unique index keeps it so;
// - each report keeps the text it was made about (`message_body`), so a message its author or the
//   organiser deletes stays readable to the administrator while the report is open.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    delete from ride_message_reports r
    using ride_message_reports first
    where first.message_id = r.message_id and first.reporter_id = r.reporter_id and first.id < r.id
  `.execute(db);
  await sql`create unique index ride_message_reports_once_idx on ride_message_reports (message_id, reporter_id)`.execute(
    db,
  );
  await db.schema.alterTable('ride_message_reports').addColumn('message_body', 'text').execute();
  await sql`
    update ride_message_reports r set message_body = m.body
    from ride_messages m where m.id = r.message_id
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('ride_message_reports').dropColumn('message_body').execute();
  await sql`drop index ride_message_reports_once_idx`.execute(db);
}
