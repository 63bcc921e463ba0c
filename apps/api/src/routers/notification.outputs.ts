import { NOTIFICATION_KINDS } from '@rideshare/domain';
import { z } from 'zod';

import { direction, outputObject, pageOf } from './shared.outputs';

export const notificationPageOutput = pageOf(
  outputObject({
    id: z.number(),
    kind: z.enum(NOTIFICATION_KINDS),
    rideId: z.number().nullable(),
    /** Null (with rideDate) for a notification about the account rather than a ride. */
    rideDirection: direction.nullable(),
    rideDate: z.string().nullable(),
    detail: z.string().nullable(),
    createdAt: z.string(),
    readAt: z.string().nullable(),
  }),
).extend({ unread: z.number() });

export const unreadCountOutput = outputObject({ unread: z.number() });

export const updatedCountOutput = outputObject({ updated: z.number() });
