/**
 * Reports of chat messages (docs/messages.md#reports): a member of the party reports a message;
 * the administrator reads the open reports with their messages, and deletes the message
 * (message-service `deleteMessage`) or dismisses the report. Only the administrator closes a report:
 * its author's or the organiser's delete leaves it open, with the text as reported.
 */
import type { Db } from '@rideshare/db';
import { directionLabel, formatRideDate, messageAuthorName, notFound } from '@rideshare/domain';

import { dismissReports, findReport, insertReport, listOpenReports } from '../repositories/message-repository';
import { type ChatMember, chatAuthor, readableMessage } from './message-service';
import type { z } from 'zod';
import type { messageReportOutput } from '../routers/message.outputs';

/** How many open reports the administrator's list shows at once (oldest first). */
const REPORTS_SHOWN = 100;

/** An open report as the administrator reads it. */
export type MessageReport = z.output<typeof messageReportOutput>;

/**
 * A member of the party reports a message of the thread; answers the report's id. A member reports
 * a message once: a repeat answers the first report (`alreadyReported`) and changes nothing.
 */
export async function reportMessage(
  db: Db,
  args: { rideId: number; messageId: number; member: ChatMember; reason: string; now: Date },
): Promise<{ id: number; messageId: number; alreadyReported: boolean }> {
  const message = await readableMessage(db, args);
  const report = await insertReport(db, {
    messageId: message.id,
    reporterId: args.member.id,
    reason: args.reason,
    messageBody: message.body,
    createdAt: args.now,
  });
  return { id: report.id, messageId: message.id, alreadyReported: !report.created };
}

/** The open reports, oldest first: a message deleted since by its author or the organiser shows as reported, marked deleted. */
export async function listReports(db: Db): Promise<MessageReport[]> {
  const rows = await listOpenReports(db, REPORTS_SHOWN);
  return rows.map((row) => ({
    id: row.id,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    reporter: {
      name: messageAuthorName(row.reporterIsVendor ? 'vendor' : 'passenger', {
        name: row.reporterName,
        discordUsername: row.reporterDiscordUsername,
        companyName: row.reporterCompanyName,
      }),
    },
    ride: { id: row.rideId, label: `${directionLabel(row.rideDirection)} · ${formatRideDate(row.rideDate)}` },
    message: {
      id: row.messageId,
      rideId: row.rideId,
      author: chatAuthor(row),
      body: row.body,
      createdAt: row.messageCreatedAt.toISOString(),
      deleted: row.deletedAt !== null,
    },
  }));
}

/** The administrator leaves a reported message as it is: its open reports close. */
export async function dismissReport(db: Db, args: { reportId: number; now: Date }): Promise<{ id: number }> {
  const report = await findReport(db, args.reportId);
  if (!report) throw notFound('report');
  await dismissReports(db, report.messageId, args.now);
  return { id: args.reportId };
}
