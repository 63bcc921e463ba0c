import { z } from 'zod';

import { outputObject } from './shared.outputs';

/** A calendar file (REST answers its body as text/calendar). */
export const calendarFileOutput = outputObject({ filename: z.string(), body: z.string() });
