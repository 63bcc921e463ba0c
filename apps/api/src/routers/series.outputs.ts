import { z } from 'zod';

import { rideSummaryOutput } from './ride.outputs';
import { outputObject } from './shared.outputs';

export const seriesOutput = outputObject({
  id: z.number(),
  creatorId: z.number(),
  weekdays: z.array(z.number()),
  time: z.string(),
  fromDate: z.string(),
  untilDate: z.string(),
  rides: z.array(rideSummaryOutput),
});
