import { z } from 'zod';

import { outputObject } from './shared.outputs';

export const publicConfigOutput = outputObject({
  mapStyleUrl: z.string(),
  placeSearchUrl: z.string(),
  riderContactsHoursBefore: z.number(),
  tripWindowHoursBefore: z.number(),
  discordAnnouncements: z.boolean(),
  tripDepartEarlyMinutes: z.number(),
  discordSignIn: z.boolean(),
  passwordSignup: z.boolean(),
});
