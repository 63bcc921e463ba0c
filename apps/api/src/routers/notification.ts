import { markNotificationsReadInput, notificationListInput } from '@rideshare/domain';

import {
  countUnreadNotifications,
  listNotificationsPage,
  type NotificationItem,
} from '../repositories/notification-repository';
import { markRead } from '../services/notification-service';
import { protectedProcedure, rateLimited, router } from '../trpc/init';
import { notificationPageOutput, unreadCountOutput, updatedCountOutput } from './notification.outputs';

/** A page of the inbox with the numbers the page and the bell show. */
export interface NotificationPage {
  items: NotificationItem[];
  total: number;
  page: number;
  pageSize: number;
  unread: number;
}

/** Marking read has a per-hour limit (RATE_LIMIT_MARK_READ_PER_HOUR). */
const markReadProcedure = protectedProcedure.use(rateLimited('markRead'));

/**
 * The signed-in member's inbox (docs/architecture.md#live-events). The live-update code invalidates these by name
 * (`notification.list`, `notification.unreadCount`) when the user's inbox changes.
 */
export const notificationRouter = router({
  /** One page of the caller's notifications, newest first, with the total and the unread count. */
  list: protectedProcedure
    .input(notificationListInput)
    .output(notificationPageOutput)
    .query(async ({ ctx, input }): Promise<NotificationPage> => {
      const { items, total, unread } = await listNotificationsPage(ctx.db, ctx.user.id, input);
      return { items, total, page: input.page, pageSize: input.pageSize, unread };
    }),

  /** The bell's number: how many of the caller's notifications are unread. */
  unreadCount: protectedProcedure.output(unreadCountOutput).query(async ({ ctx }) => ({
    unread: await countUnreadNotifications(ctx.db, ctx.user.id),
  })),

  /** Marks the caller's own notifications read: those in `ids`, or all without `ids`. */
  markRead: markReadProcedure
    .input(markNotificationsReadInput)
    .output(updatedCountOutput)
    .mutation(async ({ ctx, input }) => ({
      updated: await markRead(ctx.db, { userId: ctx.user.id, ids: input.ids, now: ctx.now() }),
    })),
});
