import { z } from 'zod';

import { outputObject } from './shared.outputs';

export const waitlistLeftOutput = outputObject({ rideId: z.number(), message: z.string() });
