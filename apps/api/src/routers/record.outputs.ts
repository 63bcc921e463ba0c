import { z } from 'zod';

import { direction, outputObject, thumbValue } from './shared.outputs';

/** A member's record (docs/record.md#what-counts). */
export const memberRecordOutput = outputObject({
  tripsCompleted: z.number(),
  asOrganizer: outputObject({ completed: z.number(), cancelledLate: z.number(), removedLate: z.number() }),
  asRider: outputObject({ completed: z.number(), noShows: z.number(), leftLate: z.number() }),
  asVendor: outputObject({ completed: z.number(), onTime: z.number(), late: z.number() }).nullable(),
  thumbs: outputObject({ up: z.number(), down: z.number() }),
});

/** A thumb as its giver sees it. */
export const givenThumbOutput = outputObject({
  subjectId: z.number(),
  value: thumbValue,
  note: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** The thumbs card of a completed ride: whom the caller may rate, until when, and what they gave. */
export const rideThumbsOutput = outputObject({
  open: z.boolean(),
  closesAt: z.string().nullable(),
  subjects: z.array(
    outputObject({
      id: z.number(),
      name: z.string(),
      role: z.enum(['organizer', 'vendor', 'rider']),
      discordVerified: z.boolean(),
    }),
  ),
  given: z.array(givenThumbOutput),
});

/** A thumb as its subject sees it: without who gave it, on which ride or when (docs/record.md#thumbs). */
export const receivedThumbOutput = outputObject({
  id: z.number(),
  value: thumbValue,
  note: z.string().nullable(),
});

/** A thumb on the administrator's list, with who gave it to whom, on which ride and when. */
export const adminThumbOutput = receivedThumbOutput.extend({
  rideId: z.number(),
  rideDirection: direction,
  rideDate: z.string(),
  updatedAt: z.string(),
  rater: outputObject({ id: z.number(), name: z.string() }),
  subject: outputObject({ id: z.number(), name: z.string() }),
});

/** A thumb the administrator removed. */
export const thumbRemovedOutput = outputObject({ ok: z.literal(true) });
