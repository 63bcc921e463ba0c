import { TRIP_POSTER_ROLES } from '@rideshare/domain';
import { z } from 'zod';

import { crossing, direction, outputObject, tripStage } from './shared.outputs';

/** The day of a ride's trip as its party sees it (docs/trip-day.md#api). */
export const tripOutput = outputObject({
  crossing,
  stages: z.array(
    outputObject({
      stage: tripStage,
      label: z.string(),
      at: z.string(),
      by: outputObject({ id: z.number().nullable(), name: z.string(), role: z.enum(TRIP_POSTER_ROLES) }),
    }),
  ),
  current: tripStage.nullable(),
  late: z.array(outputObject({ userId: z.number(), name: z.string(), minutes: z.number(), at: z.string() })),
  noShows: z.array(z.number()),
});

/** A link family can follow (docs/trip-day.md#share). */
export const tripShareOutput = outputObject({ token: z.string(), url: z.string(), expiresAt: z.string() });

export const tripShareRevokedOutput = outputObject({ revoked: z.literal(true) });

/** The live links on a ride the caller may revoke: the organizer all of them, anyone else their own. */
export const tripShareListOutput = z.array(
  outputObject({
    id: z.number(),
    madeBy: outputObject({ id: z.number(), name: z.string() }),
    mine: z.boolean(),
    createdAt: z.string(),
    expiresAt: z.string(),
  }),
);

/** A shared trip, without names, numbers or addresses (docs/trip-day.md#share). */
export const publicTripOutput = outputObject({
  direction,
  crossing,
  date: z.string(),
  stages: z.array(outputObject({ stage: tripStage, label: z.string(), at: z.string() })),
  current: tripStage.nullable(),
  vehicle: outputObject({ company: z.string().nullable(), carNumber: z.string().nullable() }).nullable(),
});
