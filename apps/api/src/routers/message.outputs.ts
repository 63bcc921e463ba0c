import { MESSAGE_AUTHOR_ROLES } from '@rideshare/domain';
import { z } from 'zod';

import { outputObject } from './shared.outputs';

export const chatMessageOutput = outputObject({
  id: z.number(),
  rideId: z.number(),
  author: outputObject({
    id: z.number(),
    name: z.string(),
    role: z.enum(MESSAGE_AUTHOR_ROLES),
    /** The author's username is their verified Discord name (docs/sign-in.md#verified). */
    discordVerified: z.boolean(),
  }),
  body: z.string().nullable(),
  createdAt: z.string(),
  deleted: z.boolean(),
});

export const chatPageOutput = outputObject({ items: z.array(chatMessageOutput), nextBefore: z.number().nullable() });

export const messageReportedOutput = outputObject({
  id: z.number(),
  messageId: z.number(),
  alreadyReported: z.boolean(),
});

export const unreadByRideOutput = z.array(outputObject({ rideId: z.number(), unread: z.number() }));

export const messageReportOutput = outputObject({
  id: z.number(),
  reason: z.string(),
  createdAt: z.string(),
  reporter: outputObject({ name: z.string() }),
  ride: outputObject({ id: z.number(), label: z.string() }),
  message: chatMessageOutput,
});

/** A report the administrator dismissed, by its id. */
export const reportDismissedOutput = outputObject({ id: z.number() });
