/** The inputs of the day of the trip (docs/trip-day.md#api). */
import { z } from 'zod';

import { LATE_MINUTES_MESSAGE, TRIP_STAGES, isLateMinutes } from '../trip';
import { idInput } from './fields';

/** Posting a stage. */
export const tripStageInput = z.object({
  rideId: idInput,
  stage: z.enum(TRIP_STAGES, { error: `Stage must be one of ${TRIP_STAGES.join(', ')}` }),
});
export type TripStageInput = z.output<typeof tripStageInput>;

/** A rider running late: 5, 10, 15 or 30 minutes. */
export const tripLateInput = z.object({
  rideId: idInput,
  minutes: z
    .number({ error: LATE_MINUTES_MESSAGE })
    .refine((value) => isLateMinutes(value), { error: LATE_MINUTES_MESSAGE }),
});

/** A call about one party of a ride (removing it, marking its no-show): the ride and the passenger entry's id. */
export const ridePassengerInput = z.object({ rideId: idInput, passengerId: idInput });

/** A share link's token as the URL carries it (base64url, 43 characters for 32 bytes). */
const shareToken = z.string({ error: 'Invalid link' }).regex(/^[A-Za-z0-9_-]{20,100}$/, { error: 'Invalid link' });

/** Revoking a link for a ride by its token: the maker's own, or any on the organizer's ride. */
export const shareRevokeInput = z.object({ rideId: idInput, token: shareToken });

/** Revoking a link for a ride by its id, as the list of live links names it (docs/trip-day.md#share). */
export const shareLinkInput = z.object({ rideId: idInput, linkId: idInput });

/** Following a link without signing in. */
export const publicTripInput = z.object({ token: shareToken });
