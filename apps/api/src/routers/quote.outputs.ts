import { PERMIT_COUNTRIES, QUOTE_STATUSES } from '@rideshare/domain';
import { z } from 'zod';

import { outputObject } from './shared.outputs';

export const quoteOutput = outputObject({
  id: z.number(),
  rideId: z.number(),
  price: z.number(),
  note: z.string().nullable(),
  status: z.enum(QUOTE_STATUSES),
  createdAt: z.string(),
  vendor: outputObject({
    id: z.number(),
    companyName: z.string().nullable(),
    vehicleSeats: z.number().nullable(),
    permitCountry: z.enum(PERMIT_COUNTRIES).nullable(),
  }),
});
