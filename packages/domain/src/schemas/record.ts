/** The inputs of the record and its thumbs (docs/record.md#api). */
import { z } from 'zod';

import { MAX_RATING_NOTE_LENGTH, THUMB_VALUES } from '../record';
import { idInput, nullableText, visibleLine } from './fields';

/** Whose record to read. */
export const recordInput = z.object({ userId: idInput });

/** A thumb: `up` or `down`, with an optional note (blank: none). */
export const ratingValue = z.enum(THUMB_VALUES, { error: "Value must be 'up' or 'down'" });

export const ratingInput = z.object({
  rideId: idInput,
  subjectId: idInput,
  value: ratingValue,
  note: nullableText(MAX_RATING_NOTE_LENGTH, 'Note', visibleLine),
});
export type RatingInput = z.output<typeof ratingInput>;

/** The ride whose thumbs I gave. */
export const ratingRideInput = z.object({ rideId: idInput });

/** The administrator removes one thumb (and its note). */
export const ratingIdInput = z.object({ ratingId: idInput });

/** The thumbs form on a completed ride: the same note rule as the request. */
export const ratingFormSchema = z.object({ note: nullableText(MAX_RATING_NOTE_LENGTH, 'Note', visibleLine) });
