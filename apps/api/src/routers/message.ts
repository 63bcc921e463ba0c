import { z } from 'zod';
import {
  type ChatMessage,
  type ChatPage,
  isApprovedVendor,
  messageIdInput,
  messageListInput,
  messageReadInput,
  messageReportInput,
  messageSendInput,
  reportIdInput,
} from '@rideshare/domain';

import { unreadByRide } from '../repositories/message-repository';
import { dismissReport, listReports, type MessageReport, reportMessage } from '../services/message-report-service';
import { deleteMessage, listMessages, markChatRead, sendMessage } from '../services/message-service';
import { adminProcedure, protectedProcedure, rateLimited, router } from '../trpc/init';
import {
  chatMessageOutput,
  chatPageOutput,
  messageReportOutput,
  messageReportedOutput,
  reportDismissedOutput,
  unreadByRideOutput,
} from './message.outputs';

/**
 * The ride chat (docs/messages.md): a thread per ride for its party (the organiser, the riders on it
 * and the approved assigned vendor), 401 for visitors and 403 for anyone else.
 */
/** Reporting has its own per-member limit (RATE_LIMIT_REPORT_PER_HOUR, docs/messages.md#reports). */
const reportProcedure = protectedProcedure.use(rateLimited('report'));

export const messageRouter = router({
  /** A page of the thread, oldest first: the `limit` messages before `before` (the newest when left out). */
  list: protectedProcedure
    .input(messageListInput)
    .output(chatPageOutput)
    .query(({ ctx, input }): Promise<ChatPage> =>
      listMessages(ctx.db, {
        rideId: input.rideId,
        member: ctx.user,
        before: input.before ?? null,
        limit: input.limit,
      }),
    ),

  /** Posts a message (MESSAGES_PER_MINUTE per member; read-only once the ride is long over). */
  send: protectedProcedure
    .input(messageSendInput)
    .output(chatMessageOutput)
    .mutation(({ ctx, input }): Promise<ChatMessage> =>
      sendMessage(ctx.db, {
        rideId: input.rideId,
        member: ctx.user,
        body: input.body,
        now: ctx.now(),
        perMinute: ctx.env.MESSAGES_PER_MINUTE,
      }),
    ),

  /** Deletes a message: its author, the ride's organiser or the administrator; "message deleted" stays. */
  delete: protectedProcedure
    .input(messageIdInput)
    .output(chatMessageOutput)
    .mutation(({ ctx, input }): Promise<ChatMessage> =>
      deleteMessage(ctx.db, { ...input, member: ctx.user, now: ctx.now() }),
    ),

  /**
   * Reports a message to the administrator, with why: once per member and message (a repeat
   * answers the first report, `alreadyReported`), RATE_LIMIT_REPORT_PER_HOUR per member.
   */
  report: reportProcedure
    .input(messageReportInput)
    .output(messageReportedOutput)
    .mutation(({ ctx, input }) => reportMessage(ctx.db, { ...input, member: ctx.user, now: ctx.now() })),

  /** The member read the thread up to its newest message (their notice for the ride is read too). */
  markRead: protectedProcedure
    .input(messageReadInput)
    .output(unreadByRideOutput.element)
    .mutation(({ ctx, input }) => markChatRead(ctx.db, { rideId: input.rideId, member: ctx.user, now: ctx.now() })),

  /** The member's unread messages per ride of theirs (rides without any left out). */
  unread: protectedProcedure
    .output(unreadByRideOutput)
    .query(({ ctx }) => unreadByRide(ctx.db, { id: ctx.user.id, approvedVendor: isApprovedVendor(ctx.user) })),

  /** The administrator's open reports, oldest first, each with its message. */
  reports: adminProcedure
    .output(z.array(messageReportOutput))
    .query(({ ctx }): Promise<MessageReport[]> => listReports(ctx.db)),

  /** The administrator leaves a reported message as it is. */
  dismissReport: adminProcedure
    .input(reportIdInput)
    .output(reportDismissedOutput)
    .mutation(({ ctx, input }) => dismissReport(ctx.db, { reportId: input.reportId, now: ctx.now() })),
});
