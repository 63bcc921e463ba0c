/** The notification inbox's inputs: paging through it and marking notifications read. */
import { z } from 'zod';
import { pageFields, rowId } from './fields';

/** The most notifications one page of the inbox holds. */
export const MAX_NOTIFICATION_PAGE_SIZE = 50;
/** The most notification ids one "mark as read" call may name. */
export const MAX_NOTIFICATION_IDS = 100;

/** One page of the caller's inbox, newest first: `page` is 1-based, `pageSize` 1..50 (20 when left out). */
export const notificationListInput = z.object(pageFields(MAX_NOTIFICATION_PAGE_SIZE)).prefault({});
export type NotificationListInput = z.output<typeof notificationListInput>;

/**
 * Marking the caller's notifications read: the ones named in `ids` (at most 100; ids that are not
 * the caller's are ignored), or every one when `ids` is left out. An empty list marks none.
 */
export const markNotificationsReadInput = z
  .object({
    ids: z
      .array(rowId('Notification ids must be positive whole numbers'), {
        error: 'Notification ids must be a list of ids',
      })
      .max(MAX_NOTIFICATION_IDS, { error: `At most ${String(MAX_NOTIFICATION_IDS)} notification ids at a time` })
      .optional(),
  })
  .prefault({});
export type MarkNotificationsReadInput = z.output<typeof markNotificationsReadInput>;
