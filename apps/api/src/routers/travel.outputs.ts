import { CHECKLIST_ITEM_IDS, CHECKLIST_STATUSES, DOCUMENT_CATEGORIES } from '@rideshare/domain';
import { z } from 'zod';

import { outputObject } from './shared.outputs';

export const travelProfileOutput = outputObject({
  documentCategory: z.enum(DOCUMENT_CATEGORIES).nullable(),
  passportExpiresOn: z.string().nullable(),
});

export const checklistOutput = outputObject({
  rideId: z.number(),
  profileSet: z.boolean(),
  ready: z.boolean(),
  items: z.array(
    outputObject({
      id: z.enum(CHECKLIST_ITEM_IDS),
      title: z.string(),
      status: z.enum(CHECKLIST_STATUSES),
      opensOn: z.string().optional(),
      reason: z.string().optional(),
      link: z.string(),
      required: z.boolean(),
      selfDeclared: z.boolean(),
    }),
  ),
});
