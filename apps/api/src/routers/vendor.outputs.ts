import { DIRECTIONS } from '@rideshare/domain';
import { z } from 'zod';

import { outputObject } from './shared.outputs';

/** The directions a permit allows, and the rides it hides per other direction. */
export const permitScopeOutput = outputObject({
  allowed: z.array(z.enum(DIRECTIONS)),
  hidden: z.array(outputObject({ direction: z.enum(DIRECTIONS), count: z.number().int() })),
});
