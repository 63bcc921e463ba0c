import { z } from 'zod';

import { outputObject } from './shared.outputs';

export const pushKeyOutput = outputObject({ publicKey: z.string() });

export const pushSubscribedOutput = outputObject({ subscribed: z.boolean() });

export const pushRemovedOutput = outputObject({ removed: z.boolean() });
