import { z } from 'zod';

import { direction, outputObject } from './shared.outputs';

export const alertOutput = outputObject({
  id: z.number(),
  direction,
  fromDate: z.string(),
  toDate: z.string(),
  /** ISO weekdays (1 Monday … 7 Sunday); null for any day. */
  weekdays: z.array(z.number()).nullable(),
  earliestTime: z.string().nullable(),
  latestTime: z.string().nullable(),
  createdAt: z.string(),
});
