/**
 * The inputs of the travel profile and the checklist (docs/border.md#api), with messages that name
 * what was wrong. The passport date's plausibility depends on today, so it is a rule in
 * `border-rules.ts`, not part of the input.
 */
import { z } from 'zod';

import { CHECKLIST_ITEM_IDS, DOCUMENT_CATEGORIES } from '../border-rules';
import { idInput, isCalendarDate } from './fields';

const PASSPORT_DATE_MESSAGE = 'Passport expiry must be a date (YYYY-MM-DD)';

function quoted(value: unknown): string {
  return typeof value === 'string' ? `'${value.slice(0, 40)}'` : 'missing';
}

/** A document category, or a 400 naming the unknown one. */
export const documentCategoryField = z.enum(DOCUMENT_CATEGORIES, {
  error: (issue) =>
    issue.input === undefined
      ? `Document category is required: one of ${DOCUMENT_CATEGORIES.join(', ')}`
      : `Unknown document category ${quoted(issue.input)}: use one of ${DOCUMENT_CATEGORIES.join(', ')}`,
});

/** A checklist item id, or a 400 naming the unknown one. */
export const checklistItemField = z.enum(CHECKLIST_ITEM_IDS, {
  error: (issue) => `Unknown checklist item ${quoted(issue.input)}: use one of ${CHECKLIST_ITEM_IDS.join(', ')}`,
});

/** PUT travel profile: the category, and the passport's expiry date (blank or left out: none). */
export const travelProfileInput = z.object({
  documentCategory: documentCategoryField,
  passportExpiresOn: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z
      .string({ error: PASSPORT_DATE_MESSAGE })
      .trim()
      .refine(isCalendarDate, { error: PASSPORT_DATE_MESSAGE })
      .nullish()
      .transform((value) => value ?? null),
  ),
});
export type TravelProfileInput = z.input<typeof travelProfileInput>;

export const checklistInput = z.object({ rideId: idInput });

/** Tick or untick a self-declared item. */
export const checklistTickInput = z.object({
  rideId: idInput,
  item: checklistItemField,
  done: z.boolean({ error: 'done must be true or false' }),
});
export type ChecklistTickInput = z.input<typeof checklistTickInput>;
