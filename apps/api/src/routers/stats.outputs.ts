import { z } from 'zod';

import { outputObject } from './shared.outputs';

export const statsOutput = outputObject({ totalRides: z.number(), totalUsers: z.number() });
